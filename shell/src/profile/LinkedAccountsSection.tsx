// Profile → Linked accounts: the identity-provider accounts the user signs in with (single sign-on),
// each with when it was linked and last used; one can be unlinked while the user has a password to sign
// in with instead (the server refuses otherwise, and says why).
import { useQuery } from '@accent/shared/ui';
import type { LinkedIdentity } from '@accent/shell-common';
import { Section } from '../app/Page.js';
import { useSsoApi } from '../sso/sso-api.js';
import { Loaded, UnlinkRow, useUnlink } from './Loaded.js';
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

export function LinkedAccountsSection() {
  const sso = useSsoApi();
  const query = useQuery(['profile', 'identities'], () => sso.identities());
  const unlinking = useUnlink<LinkedIdentity>(
    (id) => sso.unlink(id),
    (id) => query.setData((d) => ({ ...d, identities: d.identities.filter((i) => i.id !== id) })),
    LINKED_ACCOUNTS_TEXTS,
  );

  return (
    <Section title={LINKED_ACCOUNTS_TEXTS.title} id="profile-linked-accounts">
      <p className={styles.lead}>{LINKED_ACCOUNTS_TEXTS.lead}</p>
      <Loaded query={query} loading={LINKED_ACCOUNTS_TEXTS.loading} loadFailed={LINKED_ACCOUNTS_TEXTS.loadFailed}>
        {(data) =>
          data.identities.length === 0 ? (
            <p>{LINKED_ACCOUNTS_TEXTS.none}</p>
          ) : (
            <>
              <ul aria-label={LINKED_ACCOUNTS_TEXTS.title}>
                {data.identities.map((identity) => (
                  <UnlinkRow
                    key={identity.id}
                    label={`${LINKED_ACCOUNTS_TEXTS.unlink} ${identity.provider} (${identity.email})`}
                    unlinkLabel={LINKED_ACCOUNTS_TEXTS.unlink}
                    onUnlink={data.has_password ? () => unlinking.ask(identity) : undefined}
                  >
                    <strong>{identity.provider}</strong> · {identity.email}
                    <br />
                    <small>
                      {LINKED_ACCOUNTS_TEXTS.linked(formatDate(identity.created_at))},{' '}
                      {LINKED_ACCOUNTS_TEXTS.lastUsed(formatDate(identity.last_used_at))}
                    </small>
                  </UnlinkRow>
                ))}
              </ul>
              {!data.has_password && <p className={styles.lead}>{LINKED_ACCOUNTS_TEXTS.noPassword}</p>}
            </>
          )
        }
      </Loaded>
      <LinkedWallets />
      {unlinking.dialog((identity) => LINKED_ACCOUNTS_TEXTS.unlinkTitle(identity?.provider ?? ''))}
    </Section>
  );
}
