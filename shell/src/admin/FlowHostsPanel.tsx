// Admin → Settings → Allowed flow hosts: the private hosts this library's flows may reach, one per line,
// beside the server's FLOW_ALLOW_HOSTS (shown, changed only on the server). The server checks every entry
// as the SSRF guard reads it; a refused entry is said at the field with its line.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from '@accent/shared/client';
import { Button, TextArea } from '@accent/shared/ui';
import type { FlowHostsResponse } from '@accent/shell-common';
import { useFlowHostsApi } from './flow-hosts-api.js';
import { errorMessage, lineListError, linesOf } from './format.js';
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
  const titleId = useId();
  const [loaded, setLoaded] = useState<FlowHostsResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Retry) reads the list again
  useEffect(() => {
    let live = true;
    setLoadError(null);
    flowHosts.get().then(
      (data) => {
        if (!live) return;
        setLoaded(data);
        setText(data.hosts.join('\n'));
      },
      (e: unknown) => live && setLoadError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [flowHosts, attempt]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(undefined);
    try {
      const data = await flowHosts.put(linesOf(text));
      setLoaded(data);
      setText(data.hosts.join('\n'));
      toast.success(FLOW_HOSTS_TEXTS.saved);
    } catch (e) {
      setError(lineListError(e, 'hosts'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.block} aria-labelledby={titleId}>
      <h2 className={styles.blockTitle} id={titleId}>
        {FLOW_HOSTS_TEXTS.title}
      </h2>
      <p className={styles.lead}>{FLOW_HOSTS_TEXTS.lead}</p>
      {loadError ? (
        <div role="alert">
          <p>
            {FLOW_HOSTS_TEXTS.loadFailed} {loadError}
          </p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </Button>
        </div>
      ) : !loaded ? (
        <p role="status">{FLOW_HOSTS_TEXTS.loading}</p>
      ) : (
        <form onSubmit={save} noValidate>
          <TextArea
            label={FLOW_HOSTS_TEXTS.label}
            hint={FLOW_HOSTS_TEXTS.hint}
            error={error}
            rows={5}
            spellCheck={false}
            autoCapitalize="off"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
          />
          {loaded.environment.length > 0 && (
            <p className={styles.settingHelp}>
              {FLOW_HOSTS_TEXTS.environment} <code>{loaded.environment.join(', ')}</code>
            </p>
          )}
          <Button type="submit" loading={saving}>
            {FLOW_HOSTS_TEXTS.save}
          </Button>
        </form>
      )}
    </section>
  );
}
