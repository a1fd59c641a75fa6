// The analytics of recorded runs, for Admin → Analytics and the /home section (administrators: the whole
// library, filterable by user) and /end-user/analytics (the signed-in user's own runs; the server decides
// the scope). Figures, charts (recharts, loaded lazily) each with its table — visually hidden under the
// chart for screen readers, or shown instead of it — and a CSV download of each table.
import { lazy, Suspense, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_PERIOD_LABELS,
  ANALYTICS_PERIODS,
  ANALYTICS_SOURCE_LABELS,
  ANALYTICS_SOURCES,
  type AnalyticsPeriod,
  type AnalyticsQueryInput,
  type AnalyticsResponse,
  type AnalyticsSource,
} from '@accent/shell-common';
import { Button, Cell, DataTable, ErrorState, Kpi, KpiGrid, LoadingState, Select, Spinner, TextField } from '@accent/shared/ui';
import { ApiError } from '@accent/shared/client';
import { useAgentList } from '../app/useAgentList.js';
import { ADMIN_ANALYTICS_PATH } from './AnalyticsRedirect.js';
import { useAnalyticsApi, viewerTimeZone, type AnalyticsUser } from './analytics-api.js';
import type { ChartKind } from './AnalyticsCharts.js';
import { downloadCsv, type CsvCell } from './csv.js';
import { bucketLabel, costOf, formatCount, formatMs, formatRate } from './format.js';
import styles from './Analytics.module.css';

const AnalyticsChart = lazy(() => import('./AnalyticsCharts.js'));

export const ANALYTICS_TEXTS = {
  loading: 'Loading analytics...',
  loadFailed: 'Could not load analytics',
  period: 'Period',
  from: 'From',
  to: 'To',
  source: 'Source',
  allSources: 'All sources',
  agent: 'Agent',
  allAgents: 'All agents',
  user: 'User',
  allUsers: 'All users',
  runsTitle: 'Runs over time',
  usageTitle: 'Tokens and cost over time',
  agentsTitle: 'Top agents',
  failuresTitle: 'Top failures',
  noFailures: 'No failed runs in this period.',
  showTable: 'Show table',
  showChart: 'Show chart',
  csv: 'Download CSV',
  openAnalytics: 'Open analytics',
  loadingChart: 'Loading chart...',
} as const;

export interface AnalyticsFilters {
  period: AnalyticsPeriod;
  from: string;
  to: string;
  source: AnalyticsSource | '';
  agent: string;
  user: string;
}

export const DEFAULT_FILTERS: AnalyticsFilters = { period: '7d', from: '', to: '', source: '', agent: '', user: '' };

export function queryOf(f: AnalyticsFilters, tz: string): AnalyticsQueryInput {
  return {
    period: f.period,
    tz,
    ...(f.period === 'custom' ? { from: f.from || undefined, to: f.to || undefined } : {}),
    ...(f.source ? { source: f.source } : {}),
    ...(f.agent ? { agent: f.agent } : {}),
    ...(f.user ? { user: f.user } : {}),
  };
}

type State = { status: 'loading' } | { status: 'ready'; data: AnalyticsResponse } | { status: 'error'; message: string };

export interface AnalyticsViewProps {
  /** administrators: the user filter and links into the agent editor */
  admin: boolean;
  /** the /home section: the figures and the runs chart, with a link to the full screen */
  compact?: boolean;
}

export function AnalyticsView({ admin, compact = false }: AnalyticsViewProps) {
  const analyticsApi = useAnalyticsApi();
  const [filters, setFilters] = useState<AnalyticsFilters>(DEFAULT_FILTERS);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const customIncomplete = filters.period === 'custom' && (!filters.from || !filters.to);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Retry) loads again
  useEffect(() => {
    if (customIncomplete) return;
    let live = true;
    setState({ status: 'loading' });
    analyticsApi.get(queryOf(filters, viewerTimeZone())).then(
      (data) => live && setState({ status: 'ready', data }),
      (e: unknown) =>
        live && setState({ status: 'error', message: e instanceof ApiError && e.detail ? e.detail : e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [analyticsApi, filters, attempt, customIncomplete]);

  const set = useCallback((change: Partial<AnalyticsFilters>) => setFilters((f) => ({ ...f, ...change })), []);

  return (
    <div className={styles.view}>
      {!compact && <Filters filters={filters} set={set} admin={admin} />}
      {customIncomplete && <p className={styles.note}>Choose the first and last day of the range.</p>}
      {!customIncomplete && state.status === 'loading' && <LoadingState text={ANALYTICS_TEXTS.loading} />}
      {!customIncomplete && state.status === 'error' && (
        <ErrorState message={`${ANALYTICS_TEXTS.loadFailed}: ${state.message}`} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {!customIncomplete && state.status === 'ready' && <Results data={state.data} admin={admin} compact={compact} />}
      {compact && (
        <Link to={ADMIN_ANALYTICS_PATH} className={styles.more}>
          {ANALYTICS_TEXTS.openAnalytics}
        </Link>
      )}
    </div>
  );
}

function Filters({ filters, set, admin }: { filters: AnalyticsFilters; set: (c: Partial<AnalyticsFilters>) => void; admin: boolean }) {
  const agents = useAgentList();
  const analyticsApi = useAnalyticsApi();
  const [users, setUsers] = useState<AnalyticsUser[]>([]);
  useEffect(() => {
    if (!admin) return;
    let live = true;
    // without the list the filter offers "All users" only; the figures still load
    analyticsApi.users().then(
      (list) => live && setUsers(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [admin, analyticsApi]);
  const agentNames = agents.status === 'ready' ? agents.agents.map((a) => a.name) : [];
  if (filters.agent && !agentNames.includes(filters.agent)) agentNames.push(filters.agent);

  return (
    <div className={styles.filters} role="group" aria-label="Filters">
      <Select
        label={ANALYTICS_TEXTS.period}
        value={filters.period}
        options={ANALYTICS_PERIODS.map((p) => ({ value: p, label: ANALYTICS_PERIOD_LABELS[p] }))}
        onChange={(e) => set({ period: e.target.value as AnalyticsPeriod })}
      />
      {filters.period === 'custom' && (
        <>
          <TextField
            label={ANALYTICS_TEXTS.from}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => set({ from: e.target.value })}
          />
          <TextField
            label={ANALYTICS_TEXTS.to}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => set({ to: e.target.value })}
          />
        </>
      )}
      <Select
        label={ANALYTICS_TEXTS.source}
        value={filters.source}
        options={[
          { value: '', label: ANALYTICS_TEXTS.allSources },
          ...ANALYTICS_SOURCES.map((s) => ({ value: s, label: ANALYTICS_SOURCE_LABELS[s] })),
        ]}
        onChange={(e) => set({ source: e.target.value as AnalyticsSource | '' })}
      />
      <Select
        label={ANALYTICS_TEXTS.agent}
        value={filters.agent}
        options={[{ value: '', label: ANALYTICS_TEXTS.allAgents }, ...agentNames.map((n) => ({ value: n, label: n }))]}
        onChange={(e) => set({ agent: e.target.value })}
      />
      {admin && (
        <Select
          label={ANALYTICS_TEXTS.user}
          value={filters.user}
          options={[{ value: '', label: ANALYTICS_TEXTS.allUsers }, ...users.map((u) => ({ value: u.id, label: u.label }))]}
          onChange={(e) => set({ user: e.target.value })}
        />
      )}
    </div>
  );
}

function Results({ data, admin, compact }: { data: AnalyticsResponse; admin: boolean; compact: boolean }) {
  const t = data.totals;
  const cost = costOf(t);
  const period = `${data.period.from.slice(0, 10)}_${data.period.to.slice(0, 10)}`;
  const bucketHeader = data.period.bucket === 'hour' ? 'Hour' : 'Day';

  return (
    <>
      <KpiGrid aria-live="polite">
        <Kpi label="Runs" value={formatCount(t.runs)} data-testid="analytics-runs" />
        <Kpi label="Success rate" value={formatRate(t.success_rate)} data-testid="analytics-success" />
        <Kpi label="Latency p50" value={formatMs(t.p50_ms)} data-testid="analytics-p50" />
        <Kpi label="Latency p95" value={formatMs(t.p95_ms)} data-testid="analytics-p95" />
        <Kpi label="Tokens in" value={formatCount(t.tokens_in)} data-testid="analytics-tokens-in" />
        <Kpi label="Tokens out" value={formatCount(t.tokens_out)} data-testid="analytics-tokens-out" />
        <Kpi label="Estimated cost" value={<span title={cost.reason ?? undefined}>{cost.text}</span>} data-testid="analytics-cost" />
      </KpiGrid>
      {cost.reason && <p className={styles.note}>{cost.reason}</p>}
      {t.runs === 0 && <p className={styles.note}>{ANALYTICS_MESSAGES.noRuns}</p>}

      <div className={styles.grid}>
        <ChartCard
          title={ANALYTICS_TEXTS.runsTitle}
          kind="runs"
          data={data}
          file={`runs-${period}.csv`}
          header={[bucketHeader, 'Runs', 'Succeeded', 'Failed']}
          rows={data.series.map((b) => [b.label, b.runs, b.succeeded, b.failed])}
          display={data.series.map((b) => [bucketLabel(b), formatCount(b.runs), formatCount(b.succeeded), formatCount(b.failed)])}
        />
        {!compact && (
          <ChartCard
            title={ANALYTICS_TEXTS.usageTitle}
            kind="usage"
            data={data}
            file={`tokens-cost-${period}.csv`}
            header={[bucketHeader, 'Tokens in', 'Tokens out', 'Cost (USD)']}
            rows={data.series.map((b) => [b.label, b.tokens_in, b.tokens_out, b.unpriced > 0 && b.unpriced >= b.runs ? null : b.cost_usd])}
            display={data.series.map((b) => [bucketLabel(b), formatCount(b.tokens_in), formatCount(b.tokens_out), costOf(b).text])}
          />
        )}
      </div>
      {!compact && (
        <>
          <ChartCard
            title={ANALYTICS_TEXTS.agentsTitle}
            kind="agents"
            data={data}
            file={`top-agents-${period}.csv`}
            header={['Agent', 'Runs', 'Failed', 'Tokens in', 'Tokens out', 'Cost (USD)']}
            rows={data.top_agents.map((a) => [a.name, a.runs, a.failed, a.tokens_in, a.tokens_out, a.unpriced >= a.runs ? null : a.cost_usd])}
            display={data.top_agents.map((a) => [
              a.name,
              formatCount(a.runs),
              formatCount(a.failed),
              formatCount(a.tokens_in),
              formatCount(a.tokens_out),
              costOf(a).text,
            ])}
          />
          <Failures data={data} admin={admin} file={`failures-${period}.csv`} />
        </>
      )}
    </>
  );
}

interface TableProps {
  title: string;
  file: string;
  header: string[];
  rows: CsvCell[][];
  display: ReactNode[][];
}

function FiguresTable({ caption, header, display, hidden }: { caption: string; header: string[]; display: ReactNode[][]; hidden: boolean }) {
  return (
    <div className={hidden ? styles.visuallyHidden : undefined}>
      <DataTable caption={caption} hiddenCaption variant="plain" columns={header.map((h, i) => (i > 0 ? { label: h, numeric: true } : h))}>
        {display.map((row, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a fixed answer
          <tr key={r}>
            {row.map((cell, c) =>
              c === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                <th key={c} scope="row">
                  {cell}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                <Cell key={c} kind="number">
                  {cell}
                </Cell>
              ),
            )}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function ChartCard({ title, kind, data, file, header, rows, display }: TableProps & { kind: ChartKind; data: AnalyticsResponse }) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle} id={titleId}>
          {title}
        </h3>
        <div className={styles.cardActions}>
          <Button size="sm" variant="secondary" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? ANALYTICS_TEXTS.showChart : ANALYTICS_TEXTS.showTable}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => downloadCsv(file, header, rows)} aria-label={`${ANALYTICS_TEXTS.csv}: ${title}`}>
            {ANALYTICS_TEXTS.csv}
          </Button>
        </div>
      </div>
      {!asTable && (
        <Suspense fallback={<Spinner label={ANALYTICS_TEXTS.loadingChart} />}>
          <AnalyticsChart kind={kind} data={data} />
        </Suspense>
      )}
      <FiguresTable caption={title} header={header} display={display} hidden={!asTable} />
    </section>
  );
}

/** Where the failing run's trace is shown: the agent editor's Runs tab with it open (administrators), the flows list for flows. */
function traceLink(f: AnalyticsResponse['top_failures'][number], admin: boolean): string | null {
  if (f.source === 'flow') return admin ? '/flows' : null;
  return admin ? `/agents/edit/${encodeURIComponent(f.name)}?run=${encodeURIComponent(f.last_run_id)}` : null;
}

function Failures({ data, admin, file }: { data: AnalyticsResponse; admin: boolean; file: string }) {
  const titleId = useId();
  const failures = data.top_failures;
  const header = ['Source', 'Agent or flow', 'Error', 'Failures', 'Last failed run'];
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle} id={titleId}>
          {ANALYTICS_TEXTS.failuresTitle}
        </h3>
        <div className={styles.cardActions}>
          <Button
            size="sm"
            variant="secondary"
            disabled={failures.length === 0}
            aria-label={`${ANALYTICS_TEXTS.csv}: ${ANALYTICS_TEXTS.failuresTitle}`}
            onClick={() =>
              downloadCsv(
                file,
                [...header, 'Last failed at'],
                failures.map((f) => [ANALYTICS_SOURCE_LABELS[f.source], f.name, f.error, f.count, f.last_run_id, f.last_at]),
              )
            }
          >
            {ANALYTICS_TEXTS.csv}
          </Button>
        </div>
      </div>
      {failures.length === 0 ? (
        <p className={styles.note}>{ANALYTICS_TEXTS.noFailures}</p>
      ) : (
        <FiguresTable
          caption={ANALYTICS_TEXTS.failuresTitle}
          hidden={false}
          header={header}
          display={failures.map((f) => {
            const to = traceLink(f, admin);
            const run = `Run ${f.last_run_id.slice(0, 8)} · ${new Date(f.last_at).toLocaleString()}`;
            return [
              ANALYTICS_SOURCE_LABELS[f.source],
              f.name,
              f.error || '—',
              formatCount(f.count),
              to ? (
                <Link key="run" to={to} title={`Run ${f.last_run_id}: open its trace`}>
                  {run}
                </Link>
              ) : (
                run
              ),
            ];
          })}
        />
      )}
    </section>
  );
}
