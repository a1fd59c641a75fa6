import { Spinner } from '@accent/shared/ui';
import { stepLabel } from './format.js';
import type { AgentRunState, ToolChip } from './useAgentRun.js';
import styles from './Runs.module.css';

const TOOL_STATUS_TEXT: Record<ToolChip['status'], string> = { started: 'running', succeeded: 'done', failed: 'failed' };
const TOOL_STATUS_ICON: Record<ToolChip['status'], string> = { started: '…', succeeded: '✓', failed: '✕' };

export function ToolChips({ tools, label = 'Tool calls' }: { tools: ToolChip[]; label?: string }) {
  if (tools.length === 0) return null;
  return (
    <ul className={styles.toolChips} aria-label={label}>
      {tools.map((t) => (
        <li key={t.id} className={`${styles.toolChip} ${styles[`tool_${t.status}`] ?? ''}`}>
          <span aria-hidden="true">{TOOL_STATUS_ICON[t.status]}</span> {t.summary ?? t.name}
          {/* a summary says what happened; a bare name needs its state */}
          {!t.summary && <span className={styles.visuallyHidden}>{`: ${TOOL_STATUS_TEXT[t.status]}`}</span>}
        </li>
      ))}
    </ul>
  );
}

export interface RunProgressProps {
  state: AgentRunState;
  /** steps the run will execute, for "Step 1 of 2" */
  totalSteps?: number;
}

/** While a run is going: the current step, the text as it streams, the tool calls. */
export function RunProgress({ state, totalSteps }: RunProgressProps) {
  if (state.phase !== 'running') return null;
  return (
    <section className={styles.progress} aria-label="Run progress">
      <p className={styles.stepLine} role="status">
        <Spinner />
        <span>{state.step ? stepLabel(state.step.index, state.step.name, totalSteps) : 'Starting the run…'}</span>
      </p>
      <ToolChips tools={state.tools} />
      {/* polite, not atomic: screen readers read the new words as they stream in */}
      <div className={styles.streamed} role="region" aria-live="polite" aria-atomic="false" aria-label="Streamed answer" data-testid="streamed-text">
        {state.text || <span className={styles.muted}>Waiting for the answer…</span>}
      </div>
    </section>
  );
}
