// /agent-test (spec 01 §2 route table: "agent test page"): run any agent of the library with a query and
// parameters, watch it stream, read the answer, its time and trace, and keep the last few runs made here.
import { useEffect, useMemo, useRef, useState } from 'react';
import { atom, useAtom } from 'jotai';
import { useSearchParams } from 'react-router';
import { MESSAGES, msg, type AgentConfig, type AgentListItem } from '@accent/agents-common';
import { Button, EmptyState, ErrorState, LoadingState, Page, PageHeader, RunStatusBadge, Select, TextField } from '@accent/shared/ui';
import { errorMessage, useAgentsEnv } from '../state/AgentsDataContext.js';
import { configErrorText } from '../editor/useEditorSession.js';
import { firstLine, formatTime, plannedStepCount } from '../runs/format.js';
import { rowsFromParams, type ParamRow } from '../runs/ParamRows.js';
import { RunInputs, testRunRequest } from '../runs/RunInputs.js';
import { RunOutcome, cancelledText, completedIn } from '../runs/RunOutcome.js';
import { RunProgress } from '../runs/RunProgress.js';
import { TraceModal } from '../runs/TraceModal.js';
import { ToolChips } from '../runs/RunProgress.js';
import { useAgentRun } from '../runs/useAgentRun.js';
import { loadRecent, saveRecent, type AgentTestEntry } from './recent.js';
import styles from './AgentTestPage.module.css';

export const AGENT_TEST_TITLE = 'Agent Test';
export const RESULT_TITLE = 'Result';
export const RECENT_TITLE = 'Recent runs from this page';
export const RECENT_LIMIT = 5;

export type { AgentTestEntry };

/** Runs made from this page (newest first); null until read from the tab's storage. */
export const agentTestHistoryAtom = atom<AgentTestEntry[] | null>(null);
let entryKey = 0;

type ListState = { status: 'loading' } | { status: 'ready'; agents: AgentListItem[] } | { status: 'error'; message: string };
type ConfigState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; config: Partial<AgentConfig>; notice: string | null };

export function AgentTestPage() {
  const { api, newThreadId, threadStorage } = useAgentsEnv();
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get('agent') ?? '';
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [listSeq, setListSeq] = useState(0);
  const [filter, setFilter] = useState('');
  const [config, setConfig] = useState<ConfigState>({ status: 'idle' });
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<ParamRow[]>([]);
  const [kept, setKept] = useAtom(agentTestHistoryAtom);
  // a reload shows the runs made before it, from the tab's storage
  const history = useMemo(() => {
    if (kept) return kept;
    const loaded = loadRecent(threadStorage);
    entryKey = Math.max(entryKey, ...loaded.map((e) => e.key));
    return loaded;
  }, [kept, threadStorage]);
  const setHistory = (update: (h: AgentTestEntry[]) => AgentTestEntry[]) => {
    const next = update(history);
    saveRecent(threadStorage, next);
    setKept(next);
  };
  const [traceId, setTraceId] = useState<string | null>(null);
  const { state, start, cancel, reset } = useAgentRun();
  const running = state.phase === 'running';
  const cancelRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let cancelled = false;
    setList({ status: 'loading' });
    api.list().then(
      (agents) => !cancelled && setList({ status: 'ready', agents: [...agents].sort((a, b) => a.name.localeCompare(b.name)) }),
      (err: unknown) => !cancelled && setList({ status: 'error', message: errorMessage(err, 'Request failed') }),
    );
    return () => {
      cancelled = true;
    };
  }, [api, listSeq]);

  // Choosing an agent prefills its query and parameters from its configuration.
  useEffect(() => {
    reset();
    if (!selected) {
      setConfig({ status: 'idle' });
      setQuery('');
      setRows([]);
      return;
    }
    let cancelled = false;
    setConfig({ status: 'loading' });
    api.getConfig(selected).then(
      (cfg) => {
        if (cancelled) return;
        setConfig({ status: 'ready', config: cfg, notice: null });
        setQuery(cfg.query ?? '');
        setRows(rowsFromParams(cfg.params ?? {}));
      },
      (err: unknown) => {
        if (cancelled) return;
        // The agent can still be run: the server has it even when its configuration did not load here.
        setConfig({ status: 'ready', config: {}, notice: configErrorText(err) });
        setQuery('');
        setRows([]);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, selected, reset]);

  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) cancelRef.current?.focus();
    else if (wasRunning.current) resultRef.current?.focus();
    wasRunning.current = running;
  }, [running]);

  const { options, matchCount } = useMemo(() => {
    if (list.status !== 'ready') return { options: [], matchCount: 0 };
    const q = filter.trim().toLowerCase();
    const matches = (a: AgentListItem) => !q || a.name.toLowerCase().includes(q) || a.description.toLowerCase().includes(q);
    // the chosen agent stays selectable whatever the search
    const shown = list.agents.filter((a) => matches(a) || a.name === selected);
    return { options: shown.map((a) => ({ value: a.name, label: a.name })), matchCount: list.agents.filter(matches).length };
  }, [list, filter, selected]);

  const choose = (name: string) => setSearchParams(name ? { agent: name } : {}, { replace: true });

  const run = async () => {
    if (!selected || config.status !== 'ready') return;
    const cfg = config.config;
    const agentName = selected;
    const outcome = await start(
      testRunRequest({
        name: agentName,
        query,
        rows,
        threadId: newThreadId(),
        maxHistoryItems: cfg.max_history_items ?? 10,
        fileName: cfg.file_name || agentName,
        source: 'agent-test',
      }),
    );
    const tools = outcome.tools;
    const entry: AgentTestEntry = outcome.ok
      ? {
          key: ++entryKey,
          runId: outcome.result.runId,
          agentName,
          query,
          outcome: 'done',
          summary: firstLine(outcome.result.output),
          elapsedMs: outcome.result.elapsedMs,
          at: new Date().toISOString(),
          tools,
        }
      : {
          tools,
          key: ++entryKey,
          runId: outcome.runId,
          agentName,
          query,
          outcome: outcome.cancelled ? 'cancelled' : 'failed',
          summary: outcome.cancelled ? 'Stopped before the answer was complete.' : (outcome.failure?.message ?? MESSAGES.testFailed),
          elapsedMs: null,
          at: new Date().toISOString(),
        };
    setHistory((h) => [entry, ...h].slice(0, RECENT_LIMIT));
  };

  let picker;
  if (list.status === 'loading') picker = <LoadingState text={MESSAGES.loadingAgents} />;
  else if (list.status === 'error') picker = <ErrorState message={msg.failedToLoadAgents(list.message)} onRetry={() => setListSeq((n) => n + 1)} />;
  else if (list.agents.length === 0) picker = <EmptyState title={MESSAGES.noAgents} text="Create and save an agent first, then test it here." />;
  else {
    picker = (
      <div className={styles.picker}>
        <TextField
          label="Search agents"
          type="search"
          placeholder={MESSAGES.searchAgentsPlaceholder}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          disabled={running}
        />
        <Select
          label="Agent"
          placeholder={matchCount ? 'Choose an agent' : 'No agent matches the search'}
          options={options}
          value={selected}
          onChange={(e) => choose(e.target.value)}
          disabled={running}
          hint={`${matchCount} of ${list.agents.length} agents`}
        />
      </div>
    );
  }

  const totalSteps =
    config.status === 'ready' ? plannedStepCount({ steps: config.config.steps ?? [], flow_type: config.config.flow_type ?? 'dynamic' }) : undefined;

  return (
    <Page labelledBy="agent-test-title" width="narrow">
      <PageHeader
        titleId="agent-test-title"
        title={AGENT_TEST_TITLE}
        subtitle="Run any agent of the library with your own query and parameters, and see how it answers."
      />

      <section className={styles.card} aria-label="Agent and inputs">
        {picker}
        {selected && config.status === 'loading' && <LoadingState text="Loading agent configuration..." />}
        {selected && config.status === 'ready' && (
          <RunInputs
            query={query}
            onQueryChange={setQuery}
            rows={rows}
            onRowsChange={setRows}
            running={running}
            onRun={() => void run()}
            notice={config.notice ? { text: config.notice, role: 'status' } : null}
          >
            {running ? (
              <Button key="cancel" ref={cancelRef} variant="secondary" onClick={cancel}>
                Cancel
              </Button>
            ) : (
              <Button key="run" type="submit" variant="primary">
                Run
              </Button>
            )}
          </RunInputs>
        )}
      </section>

      {state.phase !== 'idle' && (
        <section className={styles.card} aria-label="Run">
          <RunProgress state={state} totalSteps={totalSteps} />
          {state.phase !== 'running' && <ToolChips tools={state.tools} label="Tool use" />}
          <RunOutcome state={state} title={RESULT_TITLE} onViewTrace={setTraceId} headingRef={resultRef} />
        </section>
      )}

      {history.length > 0 && (
        <section className={styles.card} aria-labelledby="agent-test-recent">
          <h2 id="agent-test-recent" className={styles.cardTitle}>
            {RECENT_TITLE}
          </h2>
          <ul className={styles.recent}>
            {history.map((h) => (
              <li key={h.key} className={styles.recentItem}>
                <div className={styles.recentHeader}>
                  <span className={styles.recentAgent}>{h.agentName}</span>
                  <RunStatusBadge
                    status={h.outcome === 'done' ? 'succeeded' : h.outcome}
                    label={h.outcome === 'done' ? 'Succeeded' : h.outcome === 'failed' ? 'Failed' : cancelledText}
                  />
                  <span className={styles.muted}>{formatTime(h.at)}</span>
                  {h.elapsedMs != null && <span className={styles.muted}>{completedIn(h.elapsedMs)}</span>}
                  {h.runId && (
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => setTraceId(h.runId)}
                      aria-label={`View trace of the ${h.agentName} run at ${formatTime(h.at)}`}
                    >
                      View trace
                    </button>
                  )}
                </div>
                {h.query && <p className={styles.recentQuery}>{firstLine(h.query)}</p>}
                {h.tools && h.tools.length > 0 && <ToolChips tools={h.tools} label="Tool use" />}
                <p className={h.outcome === 'failed' ? styles.recentError : styles.recentSummary}>{h.summary || '(empty answer)'}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <TraceModal runId={traceId} onClose={() => setTraceId(null)} />
    </Page>
  );
}
