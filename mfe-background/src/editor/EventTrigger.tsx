// Event-triggered agents: the URL an event is posted to and how to sign it (GET
// /api/v1/background-agents/:id/event-trigger), for saved agents.
import type { BackgroundEventTrigger } from '@accent/background-common';
import { TextField, useQuery } from '@accent/shared/ui';
import { errorDetail, useBackgroundEnv } from '../state/BackgroundDataContext.js';
import styles from './Editor.module.css';

type Load = { state: 'loading' } | { state: 'ready'; trigger: BackgroundEventTrigger } | { state: 'error'; message: string };

export function EventTrigger({ agentId }: { agentId: string | null }) {
  const { api } = useBackgroundEnv();
  const query = useQuery(['background', 'event-trigger', agentId], () => api.getEventTrigger(agentId ?? ''), { enabled: agentId !== null });
  const load: Load =
    query.status === 'ready'
      ? { state: 'ready', trigger: query.data }
      : query.status === 'error'
        ? { state: 'error', message: errorDetail(query.error, 'Could not load the event trigger.') }
        : { state: 'loading' };


  if (!agentId) return <p className={styles.hint}>Save the agent to get its event trigger URL.</p>;
  if (load.state === 'loading')
    return (
      <p className={styles.hint} role="status">
        Loading the event trigger…
      </p>
    );
  if (load.state === 'error')
    return (
      <p className={styles.errorText} role="alert">
        Event trigger: {load.message}
      </p>
    );
  const { trigger } = load;
  return (
    <div className={styles.group} data-testid="event-trigger">
      <TextField label="Event trigger URL" value={trigger.url} readOnly onFocus={(e) => e.currentTarget.select()} />
      <p className={styles.hint}>
        Signature header: <code>{trigger.signature_header}</code>
      </p>
      {/* the server's own instructions (what to sign, with which secret) */}
      <p className={styles.hint}>{trigger.how}</p>
    </div>
  );
}
