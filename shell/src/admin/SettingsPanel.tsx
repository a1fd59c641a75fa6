// Admin → Settings: the switches kept in this browser (spec 01 §3 admin settings: experimentalProjects,
// default false; the Content area flag), saved as soon as they change, and the signed-in session.
import { useId, useState } from 'react';
import { ROLE_LABELS } from '@accent/shared';
import { loadAdminSettings, saveAdminSettings, toast, useSession } from '@accent/shared/client';
import { Checkbox } from '@accent/shared/ui';
import { isContentEnabled, setContentEnabled } from '../layout/navItems.js';
import { FlowHostsPanel } from './FlowHostsPanel.js';
import { PricesPanel } from './PricesPanel.js';
import { ServersPanel } from './ServersPanel.js';
import { SignUpDomainsPanel } from './SignUpDomainsPanel.js';
import styles from './Admin.module.css';

export const SETTINGS_SAVED = 'Settings saved';

export function SettingsPanel() {
  const { user } = useSession();
  const [experimental, setExperimental] = useState(() => loadAdminSettings().experimentalProjects);
  const [content, setContent] = useState(isContentEnabled);

  return (
    <div className={styles.panelBody}>
      <section className={styles.block} aria-labelledby="admin-browser-settings">
        <h2 className={styles.blockTitle} id="admin-browser-settings">
          Browser settings
        </h2>
        <p className={styles.lead}>Kept in this browser only; they take effect the next time a page opens.</p>
        <div className={styles.settingList}>
          <SettingSwitch
            label="Experimental projects (presentation mode)"
            help="Shows demo agents on the Agents dashboard next to the library's own agents, for presentations. Off by default."
            checked={experimental}
            onChange={(on) => {
              setExperimental(on);
              saveAdminSettings({ ...loadAdminSettings(), experimentalProjects: on });
            }}
          />
          <SettingSwitch
            label="Content area (experimental)"
            help="Shows the experimental Content item in the sidebar."
            checked={content}
            onChange={(on) => {
              setContent(on);
              setContentEnabled(on);
            }}
          />
        </div>
      </section>

      <FlowHostsPanel />
      <PricesPanel />

      <SignUpDomainsPanel />

      <ServersPanel />

      {user && (
        <section className={styles.block} aria-labelledby="admin-session">
          <h2 className={styles.blockTitle} id="admin-session">
            This session
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>Signed in as</dt>
              <dd>
                {user.name} · {user.email}
              </dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{ROLE_LABELS[user.role] ?? user.role}</dd>
            </div>
            <div>
              <dt>Environment</dt>
              <dd>{user.env_name}</dd>
            </div>
            <div>
              <dt>Library</dt>
              <dd className={styles.mono}>{user.library_id}</dd>
            </div>
            <div>
              <dt>Account</dt>
              <dd className={styles.mono}>{user.account_id}</dd>
            </div>
          </dl>
        </section>
      )}
    </div>
  );
}

/** One browser setting: a checkbox described by its help line, saved (and said so) as soon as it changes. */
function SettingSwitch({ label, help, checked, onChange }: { label: string; help: string; checked: boolean; onChange: (on: boolean) => void }) {
  const helpId = useId();
  return (
    <div className={styles.setting}>
      <Checkbox
        label={label}
        checked={checked}
        aria-describedby={helpId}
        onChange={(e) => {
          onChange(e.currentTarget.checked);
          toast.success(SETTINGS_SAVED);
        }}
      />
      <p className={styles.settingHelp} id={helpId}>
        {help}
      </p>
    </div>
  );
}
