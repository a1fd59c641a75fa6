// One run's trace (GET /api/v1/runs/:id): what went in, each step's model call with exactly what was
// sent (messages, tools offered, model settings), tokens and timings, the tool calls with their input
// and output, and how the run ended.
import { useCallback, useEffect, useState } from 'react';
import type { ModelSettingsTrace, RunDetail, StepTrace, ToolCallTrace, TraceMessage } from '@accent/agents-common';
import { ErrorState, LoadingState, Modal } from '@accent/shared/ui';
import { errorMessage, useAgentsEnv } from '../state/AgentsDataContext.js';
import { FALLBACK_LABELS, SOURCE_LABELS, formatDuration, formatTime, formatTokens, isNotConnected, prettyJson } from './format.js';
import { StatusBadge } from './StatusBadge.js';
import styles from './Runs.module.css';

export const TRACE_TITLE = 'Run trace';
export const failedToLoadRun = (message: string) => `Failed to load the run: ${message}`;

function Block({ label, text, empty = '(empty)' }: { label: string; text: string | null | undefined; empty?: string }) {
  return (
    <div className={styles.block}>
      <span className={styles.blockLabel}>{label}</span>
      {text ? <pre className={styles.pre}>{text}</pre> : <p className={styles.muted}>{empty}</p>}
    </div>
  );
}

function ToolCall({ call }: { call: ToolCallTrace }) {
  const notConnected = isNotConnected(call.output, call.error);
  return (
    <li className={styles.toolCall}>
      <div className={styles.toolCallHeader}>
        <span className={styles.toolCallName}>{call.tool}</span>
        {notConnected ? (
          <span className={`${styles.badge} ${styles.badge_warning}`}>Not connected</span>
        ) : call.error ? (
          <span className={`${styles.badge} ${styles.badge_failed}`}>Failed</span>
        ) : (
          <span className={`${styles.badge} ${styles.badge_succeeded}`}>OK</span>
        )}
        <span className={styles.muted}>{formatDuration(call.duration_ms)}</span>
      </div>
      {call.error && <p className={notConnected ? styles.warningText : styles.errorText}>{call.error}</p>}
      <div className={styles.grid2}>
        <Block label="Input" text={prettyJson(call.input)} />
        <Block label="Output" text={prettyJson(call.output)} />
      </div>
    </li>
  );
}

const ROLE_LABELS: Record<string, string> = { system: 'System (instructions)', user: 'User', assistant: 'Assistant', tool: 'Tool' };

/** What the step sent to the model, message by message (runs recorded before this was kept have none). */
function SentMessages({ messages }: { messages: TraceMessage[] }) {
  return (
    <div className={styles.block}>
      <span className={styles.blockLabel}>{`Sent to the model (${messages.length === 1 ? '1 message' : `${messages.length} messages`})`}</span>
      <ol className={styles.sentMessages} aria-label="Messages sent to the model">
        {messages.map((m, i) => (
          <li key={i} className={styles.sentMessage}>
            <span className={styles.sentRole}>{ROLE_LABELS[m.role] ?? m.role}</span>
            {m.content ? <pre className={styles.pre}>{m.content}</pre> : <p className={styles.muted}>(empty)</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** "temperature 0.3 · max tokens 200 · 2 retries · timeout 30 s" */
export function formatModelSettings(settings: ModelSettingsTrace): string {
  return [
    `temperature ${settings.temperature}`,
    settings.max_tokens > 0 ? `max tokens ${settings.max_tokens}` : 'max tokens: provider default',
    settings.max_retries === 1 ? '1 retry' : `${settings.max_retries} retries`,
    `timeout ${settings.timeout} s`,
  ].join(' · ');
}

function Step({ step }: { step: StepTrace }) {
  return (
    <li className={styles.traceStep}>
      <h4 className={styles.traceStepTitle}>
        <span className={styles.stepNumber} aria-hidden="true">
          {step.index + 1}
        </span>
        {`Step ${step.index + 1}: ${step.name || 'Unnamed step'}`}
        {step.error && <span className={`${styles.badge} ${styles.badge_failed}`}>Failed</span>}
      </h4>
      <dl className={styles.facts}>
        <div>
          <dt>Model</dt>
          <dd>
            {`${step.provider} / ${step.model}`}
            {step.provider_model && step.provider_model !== step.model && <span className={styles.muted}>{` → ${step.provider_model}`}</span>}
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{`${formatDuration(step.duration_ms)} (model ${formatDuration(step.model_ms)})`}</dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd>{`${formatTokens(step.usage.totalTokens)} (${formatTokens(step.usage.inputTokens)} in, ${formatTokens(step.usage.outputTokens)} out)`}</dd>
        </div>
        <div>
          <dt>History</dt>
          <dd>{step.history_messages === 1 ? '1 earlier message' : `${step.history_messages} earlier messages`}</dd>
        </div>
        {step.settings && (
          <div>
            <dt>Settings</dt>
            <dd>{formatModelSettings(step.settings)}</dd>
          </div>
        )}
        {step.context_steps && step.context_steps.length > 0 && (
          <div>
            <dt>Earlier output given</dt>
            <dd>{step.context_steps.join(', ')}</dd>
          </div>
        )}
        {step.tools && (
          <div>
            <dt>Tools offered</dt>
            <dd>{step.tools.length ? step.tools.join(', ') : 'none'}</dd>
          </div>
        )}
      </dl>
      {step.error && (
        <p className={styles.errorText} role="note">
          {step.error}
        </p>
      )}
      {step.warnings.length > 0 && (
        <ul className={styles.warnings}>
          {step.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {step.messages ? (
        <SentMessages messages={step.messages} />
      ) : (
        <>
          <Block label="System" text={step.system} empty="(no system prompt)" />
          <Block label="Prompt" text={step.prompt} />
        </>
      )}
      <Block label="Output" text={step.output} />
      {step.tool_calls.length > 0 && (
        <div className={styles.block}>
          <span className={styles.blockLabel}>{`Tool calls (${step.tool_calls.length})`}</span>
          <ul className={styles.toolCalls}>
            {step.tool_calls.map((call, i) => (
              <ToolCall key={i} call={call} />
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

export function TraceView({ run }: { run: RunDetail }) {
  const params = Object.entries(run.input.params);
  const trace = run.trace;
  return (
    <div className={styles.trace}>
      <dl className={styles.facts}>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={run.status} />
          </dd>
        </div>
        <div>
          <dt>Agent</dt>
          <dd>{run.agent_version != null ? `${run.agent_name} (version ${run.agent_version})` : run.agent_name}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{formatTime(run.started_at)}</dd>
        </div>
        <div>
          <dt>By</dt>
          <dd>{run.user_email ?? '—'}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{SOURCE_LABELS[run.source]}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{`${formatDuration(run.duration_ms)} (model ${formatDuration(run.model_ms)})`}</dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd>{run.usage ? `${formatTokens(run.usage.totalTokens)} (${formatTokens(run.usage.inputTokens)} in, ${formatTokens(run.usage.outputTokens)} out)` : '—'}</dd>
        </div>
        {run.thread_id && (
          <div>
            <dt>Thread</dt>
            <dd className={styles.mono}>{run.thread_id}</dd>
          </div>
        )}
        {trace && trace.depth > 0 && (
          <div>
            <dt>Called by</dt>
            <dd>{`another agent (depth ${trace.depth})`}</dd>
          </div>
        )}
      </dl>

      {run.error && (
        <div className={styles.errorBox} role="note">
          <span className={styles.errorLabel}>Error</span>
          <p className={styles.errorMessage}>{run.error}</p>
        </div>
      )}
      {trace?.fallback && (
        <div className={styles.noticeBox} role="note">
          <strong>{`Fallback answered: ${FALLBACK_LABELS[trace.fallback.mode]}`}</strong>
          <p>{`The run failed (${trace.fallback.error}), so the person got the agent's fallback answer instead.`}</p>
          {trace.escalated && <p>Escalated to a member of the team.</p>}
        </div>
      )}
      {trace && !trace.fallback && trace.escalated && (
        <div className={styles.noticeBox} role="note">
          Escalated to a member of the team.
        </div>
      )}

      <section className={styles.traceSection} aria-label="Input">
        <h3 className={styles.traceHeading}>Input</h3>
        <Block label="Query" text={run.input.query} />
        {params.length > 0 ? (
          <table className={styles.paramsTable}>
            <caption className={styles.blockLabel}>Parameters</caption>
            <tbody>
              {params.map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{k}</th>
                  <td>{v || <span className={styles.muted}>(empty)</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={styles.muted}>No parameters.</p>
        )}
      </section>

      <section className={styles.traceSection} aria-label="Steps">
        <h3 className={styles.traceHeading}>Steps</h3>
        {trace && trace.steps.length > 0 ? (
          <ol className={styles.traceSteps}>
            {trace.steps.map((s) => (
              <Step key={s.index} step={s} />
            ))}
          </ol>
        ) : (
          <p className={styles.muted}>No step ran.</p>
        )}
      </section>

      <section className={styles.traceSection} aria-label="Output">
        <h3 className={styles.traceHeading}>Output</h3>
        <Block label="Answer" text={run.output} empty={run.status === 'running' ? '(still running)' : '(no answer)'} />
      </section>
    </div>
  );
}

/** The trace of `runId` in a dialog (nothing when runId is null). */
export function TraceModal({ runId, onClose }: { runId: string | null; onClose(): void }) {
  return (
    <Modal open={runId !== null} onClose={onClose} title={TRACE_TITLE} size="lg">
      {runId && <TraceLoader runId={runId} />}
    </Modal>
  );
}

function TraceLoader({ runId }: { runId: string }) {
  const { api } = useAgentsEnv();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ready'; run: RunDetail } | { status: 'error'; message: string }>({ status: 'loading' });
  const load = useCallback(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    api.getRun(runId).then(
      (run) => !cancelled && setState({ status: 'ready', run }),
      (err: unknown) => !cancelled && setState({ status: 'error', message: errorMessage(err, 'Request failed') }),
    );
    return () => {
      cancelled = true;
    };
  }, [api, runId]);
  useEffect(() => load(), [load]);
  if (state.status === 'loading') return <LoadingState text="Loading trace..." />;
  if (state.status === 'error') return <ErrorState message={failedToLoadRun(state.message)} onRetry={() => void load()} />;
  return <TraceView run={state.run} />;
}
