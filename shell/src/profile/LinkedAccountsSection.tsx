// Profile → Linked accounts: the identity-provider accounts the user signs in with (single sign-on),
// each with when it was linked and last used; one can be unlinked while the user has a password to sign
// in with instead (the server refuses otherwise, and says why).
import { useEffect, useState } from 'react';
import { ApiError, toast } from '@accent/shared/client';
import { Button, ConfirmDialog } from '@accent/shared/ui';
import type { LinkedIdentitiesResponse, LinkedIdentity } from '@accent/shell-common';
import { Section } from '../app/Page.js';
import { useSsoApi } from '../sso/sso-api.js';
import styles from './Profile.module.css';
import { LinkedWallets } from './LinkedWallets.js';

export const LINKED_ACCOUNTS_TEXTS = {
  title: 'Linked accounts',
  lead: 'Accounts at your organisation’s identity provider that sign you in here.',
  none: 'No linked accounts. Signing in with your identity provider links one.',
  loading: 'Loading linked accounts...',
  loadFailed: 'Could not load your linked accounts.',
  noPassword: 'You sign in through your identity provider only, so its account cannot be unlinked.',
  unlink: 'Unlink',
  unlinkTitle: (provider: string) => `Unlink your ${provider} account?`,
  unlinkMessage: 'You will sign in with your password instead. Signing in with the provider again links it again.',
  unlinked: 'Account unlinked',
  unlinkFailed: 'Could not unlink the account',
  linked: (date: string) => `Linked ${date}`,
  lastUsed: (date: string) => `last used ${date}`,
} as const;

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const messageOf = (error: unknown) => (error instanceof ApiError && error.detail ? error.detail : error instanceof Error ? error.message : String(error));

export function LinkedAccountsSection() {
  const sso = useSsoApi();
  const [data, setData] = useState<LinkedIdentitiesResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    sso.identities().then(
      (answer) => live && setData(answer),
      (e: unknown) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [sso]);

  const unlink = async () => {
    if (!unlinking) return;
    setBusy(true);
    try {
      await sso.unlink(unlinking.id);
      setData((d) => d && { ...d, identities: d.identities.filter((i) => i.id !== unlinking.id) });
      toast.success(LINKED_ACCOUNTS_TEXTS.unlinked);
    } catch (e) {
      toast.error(LINKED_ACCOUNTS_TEXTS.unlinkFailed, messageOf(e));
    } finally {
      setBusy(false);
      setUnlinking(null);
    }
  };

  return (
    <Section title={LINKED_ACCOUNTS_TEXTS.title} id="profile-linked-accounts">
      <p className={styles.lead}>{LINKED_ACCOUNTS_TEXTS.lead}</p>
      {error ? (
        <p role="alert">
          {LINKED_ACCOUNTS_TEXTS.loadFailed} {error}
        </p>
      ) : !data ? (
        <p role="status">{LINKED_ACCOUNTS_TEXTS.loading}</p>
      ) : data.identities.length === 0 ? (
        <p>{LINKED_ACCOUNTS_TEXTS.none}</p>
      ) : (
        <>
          <ul aria-label={LINKED_ACCOUNTS_TEXTS.title}>
            {data.identities.map((identity) => (
              <li key={identity.id} className={styles.row}>
                <span>
                  <strong>{identity.provider}</strong> · {identity.email}
                  <br />
                  <small>
                    {LINKED_ACCOUNTS_TEXTS.linked(formatDate(identity.created_at))}, {LINKED_ACCOUNTS_TEXTS.lastUsed(formatDate(identity.last_used_at))}
                  </small>
                </span>
                {data.has_password && (
                  <Button variant="secondary" size="sm" onClick={() => setUnlinking(identity)} aria-label={`${LINKED_ACCOUNTS_TEXTS.unlink} ${identity.provider} (${identity.email})`}>
                    {LINKED_ACCOUNTS_TEXTS.unlink}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {!data.has_password && <p className={styles.lead}>{LINKED_ACCOUNTS_TEXTS.noPassword}</p>}
        </>
      )}
      <LinkedWallets />
      <ConfirmDialog
        open={unlinking !== null}
        danger
        busy={busy}
        title={LINKED_ACCOUNTS_TEXTS.unlinkTitle(unlinking?.provider ?? '')}
        message={LINKED_ACCOUNTS_TEXTS.unlinkMessage}
        confirmLabel={LINKED_ACCOUNTS_TEXTS.unlink}
        onConfirm={() => void unlink()}
        onCancel={() => setUnlinking(null)}
      />
    </Section>
  );
}
