// Profile → Sessions: where the user is signed in (device, address, when it started, last activity),
// with Sign out for one session, for all the others, or everywhere. The server ends them at once, their
// access tokens included, so another browser is signed out on its next request.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getStore, toast } from '@accent/shared/client';
import { Button, ConfirmDialog, DataTable, useQuery } from '@accent/shared/ui';
import type { AuthSession } from '@accent/shell-common';
import { Section } from '../app/Page.js';
import { useServices } from '../app/services.js';
import { signOut } from '../app/signOut.js';
import { useAccountSecurityApi } from './account-security-api.js';
import { Loaded, messageOf } from './Loaded.js';
import styles from './Profile.module.css';

export const SESSIONS_TEXTS = {
  title: 'Sessions',
  lead: 'Where you are signed in. Signing a session out takes effect at once.',
  loading: 'Loading sessions...',
  loadFailed: 'Could not load your sessions.',
  device: 'Device',
  address: 'Address',
  started: 'Signed in',
  lastActive: 'Last active',
  thisSession: 'This session',
  twoFactor: 'two-factor',
  signOut: 'Sign out',
  signOutOthers: 'Sign out other sessions',
  signOutEverywhere: 'Sign out everywhere',
  othersTitle: 'Sign out your other sessions?',
  othersMessage: 'Every browser and device except this one is signed out.',
  everywhereTitle: 'Sign out everywhere?',
  everywhereMessage: 'Every session is signed out, this one too.',
  oneTitle: (device: string) => `Sign out ${device}?`,
  oneMessage: 'That browser or device is signed out at once.',
  signedOutOthers: 'Other sessions signed out',
  signedOutOne: 'Session signed out',
  failed: 'Could not sign out',
  noOthers: 'You are signed in only here.',
} as const;

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

type Pending = { kind: 'one'; session: AuthSession } | { kind: 'others' } | { kind: 'everywhere' } | null;

export function SessionsSection() {
  const api = useAccountSecurityApi();
  const { session } = useServices();
  const navigate = useNavigate();
  const query = useQuery(['profile', 'sessions'], () => api.sessions());
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'everywhere' || (pending.kind === 'one' && pending.session.current)) {
        if (pending.kind === 'everywhere') await api.signOut('global');
        // this browser too: the usual Logout (cookie cleared, other tabs told, back to the landing page)
        await signOut(getStore(), session, navigate);
        return;
      }
      if (pending.kind === 'others') {
        await api.signOut('others');
        toast.success(SESSIONS_TEXTS.signedOutOthers);
      } else {
        await api.endSession(pending.session.id);
        toast.success(SESSIONS_TEXTS.signedOutOne);
      }
      query.reload();
    } catch (e) {
      toast.error(SESSIONS_TEXTS.failed, messageOf(e));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const others = query.status === 'ready' ? query.data.filter((s) => !s.current).length : 0;
  const dialog =
    pending?.kind === 'one'
      ? { title: SESSIONS_TEXTS.oneTitle(pending.session.device), message: SESSIONS_TEXTS.oneMessage, label: SESSIONS_TEXTS.signOut }
      : pending?.kind === 'others'
        ? { title: SESSIONS_TEXTS.othersTitle, message: SESSIONS_TEXTS.othersMessage, label: SESSIONS_TEXTS.signOutOthers }
        : { title: SESSIONS_TEXTS.everywhereTitle, message: SESSIONS_TEXTS.everywhereMessage, label: SESSIONS_TEXTS.signOutEverywhere };

  return (
    <Section title={SESSIONS_TEXTS.title} id="profile-sessions">
      <p className={styles.lead}>{SESSIONS_TEXTS.lead}</p>
      <Loaded query={query} loading={SESSIONS_TEXTS.loading} loadFailed={SESSIONS_TEXTS.loadFailed}>
        {(sessions) => (
          <>
            <DataTable
              label={SESSIONS_TEXTS.title}
              columns={[
                SESSIONS_TEXTS.device,
                SESSIONS_TEXTS.address,
                SESSIONS_TEXTS.started,
                SESSIONS_TEXTS.lastActive,
                { label: SESSIONS_TEXTS.signOut, hiddenLabel: true },
              ]}
            >
              {sessions.map((s) => (
                <tr key={s.id}>
                  <th scope="row">
                    {s.device}
                    {s.current && <span className={styles.badge}>{SESSIONS_TEXTS.thisSession}</span>}
                    {s.two_factor && <span className={styles.muted}> · {SESSIONS_TEXTS.twoFactor}</span>}
                  </th>
                  <td>{s.last_ip && s.last_ip !== s.ip ? `${s.last_ip} (from ${s.ip})` : s.ip || '—'}</td>
                  <td>{formatTime(s.created_at)}</td>
                  <td>{formatTime(s.last_used_at)}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`${SESSIONS_TEXTS.signOut}: ${s.device}${s.current ? ` (${SESSIONS_TEXTS.thisSession})` : ''}`}
                      onClick={() => setPending({ kind: 'one', session: s })}
                    >
                      {SESSIONS_TEXTS.signOut}
                    </Button>
                  </td>
                </tr>
              ))}
            </DataTable>
            {others === 0 && <p className={styles.muted}>{SESSIONS_TEXTS.noOthers}</p>}
            <div className={styles.actions}>
              <Button variant="secondary" disabled={others === 0} onClick={() => setPending({ kind: 'others' })}>
                {SESSIONS_TEXTS.signOutOthers}
              </Button>
              <Button variant="danger" onClick={() => setPending({ kind: 'everywhere' })}>
                {SESSIONS_TEXTS.signOutEverywhere}
              </Button>
            </div>
          </>
        )}
      </Loaded>
      <ConfirmDialog
        open={pending !== null}
        title={dialog.title}
        message={dialog.message}
        confirmLabel={dialog.label}
        danger
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Section>
  );
}
