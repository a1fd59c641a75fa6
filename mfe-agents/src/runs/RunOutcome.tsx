import { useId, type Ref } from 'react';
import { STATUS_LABELS } from './format.js';
import { RunSources } from './RunSources.js';
import type { AgentRunState } from './useAgentRun.js';
import styles from './Runs.module.css';

export const cancelledText = STATUS_LABELS.cancelled;
export const completedIn = (ms: number) => `Completed in ${ms} ms`;

export interface RunOutcomeProps {
  state: AgentRunState;
  /** heading of the result, e.g. "Test Results" (spec 01 §2) */
  title: string;
  onViewTrace?: (runId: string) => void;
  /** the heading, focusable, so a screen can move focus to the result when the run ends */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * A finished run: the answer and its elapsed milliseconds, or "Error" with the message (spec 01 §8)
 * and the server's detail beneath it, or "Cancelled". The heading takes focus when the run ends.
 */
export function RunOutcome({ state, title, onViewTrace, headingRef }: RunOutcomeProps) {
  const headingId = useId();
  if (state.phase === 'idle' || state.phase === 'running') return null;
  const trace = state.runId && onViewTrace && (
    <button type="button" className={styles.linkButton} onClick={() => onViewTrace(state.runId!)}>
      View trace
    </button>
  );
  return (
    <section className={styles.outcome} aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.outcomeTitle}>
        {title}
      </h3>
      {state.phase === 'done' && (
        <>
          <div className={styles.answer} data-testid="run-answer">
            {state.output || <span className={styles.muted}>(empty answer)</span>}
          </div>
          {state.runId && <RunSources runId={state.runId} />}
          <p className={styles.meta}>
            <span>{completedIn(state.elapsedMs ?? 0)}</span>
            {trace}
          </p>
        </>
      )}
      {state.phase === 'failed' && (
        <div className={styles.errorBox} role="alert">
          <span className={styles.errorLabel}>Error</span>
          <p className={styles.errorMessage}>{state.error?.message}</p>
          {state.error?.detail && <p className={styles.errorDetail}>{state.error.detail}</p>}
          {trace && <p className={styles.meta}>{trace}</p>}
        </div>
      )}
      {state.phase === 'cancelled' && (
        <p className={styles.cancelled} role="status">
          <span>{cancelledText}</span>
          {trace && <span className={styles.metaInline}>{trace}</span>}
        </p>
      )}
    </section>
  );
}
