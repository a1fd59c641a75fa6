// One run's trace (GET /api/v1/runs/:id): what went in, each step's model call with exactly what was
// sent (messages, tools offered, model settings), tokens and timings, the tool calls with their input
// and output, and how the run ended.
import { useCallback, useEffect, useState } from 'react';
import type { ModelSettingsTrace, RunDetail, StepTrace, ToolCallTrace, TraceMessage } from '@accent/agents-common';
import {
  ErrorState,
  LoadingState,
  Modal,
  Notice,
  RunDetail as RunDetailLayout,
  RunBlock,
  RunFacts,
  RunSection,
  RunStatusBadge,
  RunText,
} from '@accent/shared/ui';
import { errorMessage, useAgentsEnv } from '../state/AgentsDataContext.js';
import { FALLBACK_LABELS, SOURCE_LABELS, STATUS_LABELS, formatDuration, formatTime, formatTokens, isNotConnected, prettyJson } from './format.js';
import styles from './Runs.module.css';

export const TRACE_TITLE = 'Run trace';
export const failedToLoadRun = (message: string) => `Failed to load the run: ${message}`;

function Block({ label, text, empty = '(empty)' }: { label: string; text: string | null | undefined; empty?: string }) {
  return <RunText label={label} text={text} empty={empty} mono />;
}

function ToolCall({ call }: { call: ToolCallTrace }) {
  const notConnected = isNotConnected(call.output, call.error);
  return (
    <li className={styles.toolCall}>
      <div className={styles.toolCallHeader}>
        <span className={styles.toolCallName}>{call.tool}</span>
        {notConnected ? (
          <RunStatusBadge status="warning" label="Not connected" />
        ) : call.error ? (
          <RunStatusBadge status="failed" />
        ) : (
          <RunStatusBadge status="succeeded" label="OK" />
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
    <RunBlock label={`Sent to the model (${messages.length === 1 ? '1 message' : `${messages.length} messages`})`}>
      <ol className={styles.sentMessages} aria-label="Messages sent to the model">
        {messages.map((m, i) => (
          <li key={i} className={styles.sentMessage}>
            <span className={styles.sentRole}>{ROLE_LABELS[m.role] ?? m.role}</span>
            <RunText text={m.content} empty="(empty)" mono />
          </li>
        ))}
      </ol>
    </RunBlock>
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
        {step.error && <RunStatusBadge status="failed" />}
      </h4>
      <RunFacts
        facts={[
          {
            label: 'Model',
            value: (
              <>
                {`${step.provider} / ${step.model}`}
                {step.provider_model && step.provider_model !== step.model && <span className={styles.muted}>{` → ${step.provider_model}`}</span>}
              </>
            ),
          },
          { label: 'Duration', value: `${formatDuration(step.duration_ms)} (model ${formatDuration(step.model_ms)})` },
          {
            label: 'Tokens',
            value: `${formatTokens(step.usage.totalTokens)} (${formatTokens(step.usage.inputTokens)} in, ${formatTokens(step.usage.outputTokens)} out)`,
          },
          { label: 'History', value: step.history_messages === 1 ? '1 earlier message' : `${step.history_messages} earlier messages` },
          step.settings && { label: 'Settings', value: formatModelSettings(step.settings) },
          step.context_steps && step.context_steps.length > 0 && { label: 'Earlier output given', value: step.context_steps.join(', ') },
          step.tools && { label: 'Tools offered', value: step.tools.length ? step.tools.join(', ') : 'none' },
        ]}
      />
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
        <RunBlock label={`Tool calls (${step.tool_calls.length})`}>
          <ul className={styles.toolCalls}>
            {step.tool_calls.map((call, i) => (
              <ToolCall key={i} call={call} />
            ))}
          </ul>
        </RunBlock>
      )}
    </li>
  );
}

export function TraceView({ run }: { run: RunDetail }) {
  const params = Object.entries(run.input.params);
  const trace = run.trace;
  return (
    <RunDetailLayout
      facts={[
        { label: 'Status', value: <RunStatusBadge status={run.status} label={STATUS_LABELS[run.status]} /> },
        { label: 'Agent', value: run.agent_version != null ? `${run.agent_name} (version ${run.agent_version})` : run.agent_name },
        { label: 'Started', value: formatTime(run.started_at) },
        { label: 'By', value: run.user_email ?? '—' },
        { label: 'Source', value: SOURCE_LABELS[run.source] },
        { label: 'Duration', value: `${formatDuration(run.duration_ms)} (model ${formatDuration(run.model_ms)})` },
        {
          label: 'Tokens',
          value: run.usage
            ? `${formatTokens(run.usage.totalTokens)} (${formatTokens(run.usage.inputTokens)} in, ${formatTokens(run.usage.outputTokens)} out)`
            : '—',
        },
        run.thread_id && { label: 'Thread', value: run.thread_id, mono: true },
        trace && trace.depth > 0 && { label: 'Called by', value: `another agent (depth ${trace.depth})` },
      ]}
    >
      {run.error && (
        <div className={styles.errorBox} role="note">
          <span className={styles.errorLabel}>Error</span>
          <p className={styles.errorMessage}>{run.error}</p>
        </div>
      )}
      {trace?.fallback && (
        <Notice tone="warning" role="note" className={styles.noticeBox}>
          <strong>{`Fallback answered: ${FALLBACK_LABELS[trace.fallback.mode]}`}</strong>
          <p>{`The run failed (${trace.fallback.error}), so the person got the agent's fallback answer instead.`}</p>
          {trace.escalated && <p>Escalated to a member of the team.</p>}
        </Notice>
      )}
      {trace && !trace.fallback && trace.escalated && (
        <Notice tone="warning" role="note">
          Escalated to a member of the team.
        </Notice>
      )}

      <RunSection title="Input">
        <Block label="Query" text={run.input.query} />
        {params.length > 0 ? (
          <RunBlock label="Parameters">
            <table className={styles.paramsTable} aria-label="Parameters">
              <tbody>
                {params.map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row">{k}</th>
                    <td>{v || <span className={styles.muted}>(empty)</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </RunBlock>
        ) : (
          <p className={styles.muted}>No parameters.</p>
        )}
      </RunSection>

      <RunSection title="Steps">
        {trace && trace.steps.length > 0 ? (
          <ol className={styles.traceSteps}>
            {trace.steps.map((s) => (
              <Step key={s.index} step={s} />
            ))}
          </ol>
        ) : (
          <p className={styles.muted}>No step ran.</p>
        )}
      </RunSection>

      <RunSection title="Output">
        <Block label="Answer" text={run.output} empty={run.status === 'running' ? '(still running)' : '(no answer)'} />
      </RunSection>
    </RunDetailLayout>
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
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ready'; run: RunDetail } | { status: 'error'; message: string }>({
    status: 'loading',
  });
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
