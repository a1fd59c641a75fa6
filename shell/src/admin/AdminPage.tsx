// /admin: administration of what the browser can really see: the signed-in admin's account, the
// remote registry the server publishes, and the two browser-side switches (presentation mode and the
// Content area flag). Only administrators see it.
import { useCallback, useEffect, useState } from 'react';
import { REMOTE_TITLES, ROLE_LABELS, type RemoteRegistryEntry } from '@accent/shared';
import { loadAdminSettings, saveAdminSettings, useSession } from '@accent/shared/client';
import { Checkbox, ErrorState, LoadingState } from '@accent/shared/ui';
import { Page, Section } from '../app/Page.js';
import { useServices } from '../app/services.js';
import { isContentEnabled, setContentEnabled } from '../layout/navItems.js';
import { useRemotes } from '../remotes/RemotesProvider.js';
import styles from './AdminPage.module.css';

export const NO_PERMISSION_MESSAGE = 'You do not have permission to view this page.';

type RegistryLoad = { status: 'loading' } | { status: 'ready'; entries: RemoteRegistryEntry[] } | { status: 'error'; message: string };

export default function AdminPage() {
  const { user } = useSession();
  if (!user || user.role !== 'admin') {
    return (
      <Page title="Administration">
        <p className={styles.denied} role="alert">
          {NO_PERMISSION_MESSAGE}
        </p>
      </Page>
    );
  }
  return <AdminDashboard />;
}

function AdminDashboard() {
  const { user } = useSession();
  const { remotes } = useServices();
  const { registry: effective } = useRemotes();
  const [registry, setRegistry] = useState<RegistryLoad>({ status: 'loading' });
  const [experimental, setExperimental] = useState(() => loadAdminSettings().experimentalProjects);
  const [content, setContent] = useState(isContentEnabled);

  const load = useCallback(() => {
    setRegistry({ status: 'loading' });
    remotes.list().then(
      (entries) => setRegistry({ status: 'ready', entries }),
      (e: unknown) => setRegistry({ status: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
  }, [remotes]);
  useEffect(load, [load]);

  if (!user) return null;
  const overrides = effective.entries.filter((e) => e.overridden);

  return (
    <Page title="Administration" description="Your account, the installed areas and the settings kept in this browser.">
      <div className={styles.grid}>
        <Section title="Account" id="admin-account">
          <dl className={styles.facts}>
            <div>
              <dt>Name</dt>
              <dd>{user.name}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{ROLE_LABELS[user.role] ?? user.role}</dd>
            </div>
            {user.title && (
              <div>
                <dt>Title</dt>
                <dd>{user.title}</dd>
              </div>
            )}
            <div>
              <dt>User id</dt>
              <dd className={styles.mono}>{user.user_id}</dd>
            </div>
            <div>
              <dt>Account id</dt>
              <dd className={styles.mono}>{user.account_id}</dd>
            </div>
          </dl>
        </Section>

        <Section title="Environment" id="admin-environment">
          <dl className={styles.facts}>
            <div>
              <dt>Environment</dt>
              <dd>{user.env_name}</dd>
            </div>
            <div>
              <dt>Library id</dt>
              <dd className={styles.mono}>{user.library_id}</dd>
            </div>
            {user.web_client_url && (
              <div>
                <dt>Web client</dt>
                <dd className={styles.mono}>{user.web_client_url}</dd>
              </div>
            )}
          </dl>
        </Section>
      </div>

      <Section title="Remote registry" id="admin-registry">
        <p className={styles.hint}>
          The areas the server publishes at <code>/api/v1/remotes</code>. A team deploys a new version of an area by pointing its entry at
          the new build; the shell picks it up on the next page load.
        </p>
        {registry.status === 'loading' && <LoadingState text="Loading the registry..." />}
        {registry.status === 'error' && <ErrorState message={`Could not load the registry: ${registry.message}`} onRetry={load} />}
        {registry.status === 'ready' &&
          (registry.entries.length === 0 ? (
            <p className={styles.hint}>No areas are registered.</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Area</th>
                    <th scope="col">Federation name</th>
                    <th scope="col">Entry</th>
                    <th scope="col">Version</th>
                  </tr>
                </thead>
                <tbody>
                  {registry.entries.map((e) => (
                    <tr key={e.id}>
                      <th scope="row">{REMOTE_TITLES[e.id] ?? e.id}</th>
                      <td className={styles.mono}>{e.name}</td>
                      <td className={styles.mono}>{e.entry}</td>
                      <td>{e.version}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        {overrides.length > 0 && (
          <div className={styles.overrides} role="note">
            <strong>Overridden in this tab:</strong>
            <ul>
              {overrides.map((o) => (
                <li key={o.id}>
                  {REMOTE_TITLES[o.id]} → <code>{o.entry}</code>
                </li>
              ))}
            </ul>
            <span>
              Set with <code>?remote.&lt;id&gt;=&lt;url&gt;</code>; remove one with <code>?remote.&lt;id&gt;=</code>.
            </span>
          </div>
        )}
      </Section>

      <Section title="Browser settings" id="admin-settings">
        <p className={styles.hint}>These settings are kept in this browser only.</p>
        <div className={styles.settings}>
          <Checkbox
            label="Experimental projects (presentation mode: the Agents dashboard also shows demo agents)"
            checked={experimental}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setExperimental(on);
              saveAdminSettings({ ...loadAdminSettings(), experimentalProjects: on });
            }}
          />
          <Checkbox
            label="Show the experimental Content area in the sidebar"
            checked={content}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setContent(on);
              setContentEnabled(on);
            }}
          />
        </div>
      </Section>
    </Page>
  );
}
