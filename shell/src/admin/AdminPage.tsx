// /admin: the Admin area (DESIGN.md §4: "admin manages users, keys and the registry"). Tabs with deep
// links (/admin?tab=users|providers|connectors|settings|remotes|mcp-servers|api-keys|audit): Users, Model providers, Connectors,
// Settings (browser switches, spec 01 §3 admin settings), Remotes (the registry) and Audit log. Administrators only:
// anyone else gets the refusal and no admin data is requested (the server refuses it too).
import { useSearchParams } from 'react-router';
import { useSession } from '@accent/shared/client';
import { Tabs, tabPanelProps } from '@accent/shared/ui';
import { Page } from '../app/Page.js';
import { AnalyticsView } from '../analytics/AnalyticsView.js';
import { AuditPanel } from './AuditPanel.js';
import { McpServersPanel } from './McpServersPanel.js';
import { ApiKeysPanel } from '../api-keys/ApiKeysSection.js';
import { CredentialsPanel } from './CredentialsPanel.js';
import { RemotesPanel } from './RemotesPanel.js';
import { SettingsPanel } from './SettingsPanel.js';
import { SignInPanel } from './SignInPanel.js';
import { WalletSignInPanel } from './WalletSignInPanel.js';
import { UsersPanel } from './UsersPanel.js';
import styles from './Admin.module.css';

export const NO_PERMISSION_MESSAGE = 'You do not have permission to view this page.';

export const ADMIN_TABS = [
  { id: 'users', label: 'Users' },
  { id: 'providers', label: 'Model providers' },
  { id: 'connectors', label: 'Connectors' },
  { id: 'settings', label: 'Settings' },
  { id: 'sign-in', label: 'Sign-in' },
  { id: 'remotes', label: 'Remotes' },
  { id: 'mcp-servers', label: 'MCP servers' },
  { id: 'api-keys', label: 'API keys' },
  { id: 'audit', label: 'Audit log' },
  { id: 'analytics', label: 'Analytics' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['id'];

const DEFAULT_TAB: AdminTab = 'users';
const ID_BASE = 'admin';
const isAdminTab = (v: string | null): v is AdminTab => ADMIN_TABS.some((t) => t.id === v);

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
  return <AdminArea />;
}

function AdminArea() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: AdminTab = isAdminTab(requested) ? requested : DEFAULT_TAB;

  const select = (id: string) => {
    if (id === active) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', id);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Page
      title="Administration"
      description="Users, model provider keys, connectors, browser settings, the remote registry and the audit log of this library."
    >
      <Tabs tabs={ADMIN_TABS} active={active} onChange={select} label="Administration" idBase={ID_BASE} />
      <div {...tabPanelProps(ID_BASE, active)} className={styles.panel}>
        {active === 'users' && <UsersPanel />}
        {active === 'providers' && <CredentialsPanel key="provider" kind="provider" />}
        {active === 'connectors' && <CredentialsPanel key="connector" kind="connector" />}
        {active === 'settings' && <SettingsPanel />}
        {active === 'sign-in' && (
          <>
            <SignInPanel />
            <WalletSignInPanel />
          </>
        )}
        {active === 'remotes' && <RemotesPanel />}
        {active === 'mcp-servers' && <McpServersPanel />}
        {active === 'api-keys' && <ApiKeysPanel />}
        {active === 'audit' && <AuditPanel />}
        {active === 'analytics' && <AnalyticsView admin />}
      </div>
    </Page>
  );
}
