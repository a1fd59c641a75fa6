// Admin → Settings → Allowed flow hosts: the private hosts this library's flows may reach, one per line,
// beside the server's FLOW_ALLOW_HOSTS (shown, changed only on the server). The server checks every entry
// as the SSRF guard reads it; a refused entry is said at the field with its line.
import type { FormEvent } from 'react';
import { Button } from '@accent/shared/ui';
import type { FlowHostsResponse } from '@accent/shell-common';
import { useFlowHostsApi } from './flow-hosts-api.js';
import { lineListError, linesOf } from './format.js';
import { LinesField, SettingsBlock } from './SettingsBlock.js';
import { useSettingsForm } from './useSettingsForm.js';
import styles from './Admin.module.css';

export const FLOW_HOSTS_TEXTS = {
  title: 'Allowed flow hosts',
  lead: "Flows' HTTP actions may not reach private or internal addresses, except the hosts listed here.",
  label: 'Allowed hosts',
  hint: 'One per line: a host name (crm.internal), a wildcard (*.corp.example), an IP address or a CIDR range (10.0.0.0/8).',
  environment: 'Also allowed on this server (FLOW_ALLOW_HOSTS):',
  save: 'Save hosts',
  saved: 'Allowed flow hosts saved',
  loading: 'Loading allowed hosts...',
  loadFailed: 'Could not load the allowed flow hosts.',
} as const;


export function FlowHostsPanel() {
  const flowHosts = useFlowHostsApi();
  const form = useSettingsForm({
    key: ['admin', 'flow-hosts'],
    read: () => flowHosts.get(),
    draftOf: (stored: FlowHostsResponse) => stored.hosts.join('\n'),
    empty: '',
    saved: FLOW_HOSTS_TEXTS.saved,
    refusal: (e) => lineListError(e, 'hosts'),
  });

  const save = (e: FormEvent) => {
    e.preventDefault();
    void form.save(() => flowHosts.put(linesOf(form.draft)));
  };

  return (
    <SettingsBlock
      title={FLOW_HOSTS_TEXTS.title}
      lead={FLOW_HOSTS_TEXTS.lead}
      loadError={form.loadError}
      loadFailed={FLOW_HOSTS_TEXTS.loadFailed}
      onRetry={form.loaded.reload}
      data={form.stored}
      loading={FLOW_HOSTS_TEXTS.loading}
    >
      {(stored) => (
        <form onSubmit={save} noValidate>
          <LinesField form={form} label={FLOW_HOSTS_TEXTS.label} hint={FLOW_HOSTS_TEXTS.hint} rows={5} />
          {stored.environment.length > 0 && (
            <p className={styles.settingHelp}>
              {FLOW_HOSTS_TEXTS.environment} <code>{stored.environment.join(', ')}</code>
            </p>
          )}
          <Button type="submit" loading={form.saving}>
            {FLOW_HOSTS_TEXTS.save}
          </Button>
        </form>
      )}
    </SettingsBlock>
  );
}
