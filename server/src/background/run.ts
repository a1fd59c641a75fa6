// One run of a background agent: gather its data sources through the connectors, run its processing
// steps and system prompt through the agent runtime (an inline agent: one step per processing step,
// then the output step; only the tools its permissions allow), format the answer in its output format
// with its output template, and deliver it to every chosen channel. Runs come from pg-boss jobs (the
// schedule, Run now, an event) with retries maxRetries × retryDelay; after the last failed attempt the
// agent is paused (pauseOnError) and errorNotifications recipients are emailed. Test Configuration runs
// the same pipeline on an unsaved configuration as a dry run: nothing is delivered or stored.
import { backgroundSourceLabel, BACKGROUND_STEP_TYPE_LABELS, type BackgroundAgentConfig, type BackgroundDelivery, type BackgroundDeliveryChannel, type BackgroundRunTrigger, type BackgroundSourceResult, type BackgroundTestResult } from '@accent/background-common';
import { stepSchema, type AgentConfig } from '@accent/agents-common';
import type { JobWithMetadata } from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Config, ConnectorKey } from '../config.js';
import type { CredentialStore } from '../credentials/store.js';
import type { DB } from '../db/schema.js';
import { describeError, type Mailer } from '../delivery/channels.js';
import { HttpError } from '../http/errors.js';
import { findRunner, type UserRunner } from '../runtime/access.js';
import { leaseColumns, noLeases, type LeaseHolder } from '../run-leases/leases.js';
import type { Runtime } from '../runtime/run-agent.js';
import { noLibraryReads } from '../library/run-reads.js';
import type { ToolContext } from '../tools/types.js';
import { recipientList, type BackgroundDeliverer } from './deliver.js';
import { renderDocument, type BackgroundReport, type RenderedDocument, type ReportCell } from './format.js';
import { permissionGuard, toolsFor } from './permissions.js';
import { gatherSources, type GatheredSource } from './sources.js';
import { storedBackgroundConfig } from './stored-config.js';
import { withBackgroundTables } from './tables.js';
import { runStarted } from '../observability/metrics.js';

export const BACKGROUND_QUEUES = {
  run: 'background-run',
  reconcile: 'background-reconcile',
} as const;

/** A run job: from the schedule (no runId), Run now or an event (a queued run row made by the request). */
export interface BackgroundRunJob {
  agentId: string;
  libraryId: string;
  trigger: Exclude<BackgroundRunTrigger, 'test'>;
  /** the queued run row of the first attempt (Run now, events) */
  runId?: string;
  /** an event's JSON body, given to the agent */
  event?: unknown;
}

export const RUN_MESSAGES = {
  ownerGone: 'The agent’s owner is no longer an active user: assign the agent to someone else.',
  deliveryFailed: (channels: string[]) => `Delivery failed: ${channels.join(', ')}`,
  pausedSubject: (name: string) => `Background agent "${name}" failed and was paused`,
  failedSubject: (name: string) => `Background agent "${name}" failed`,
} as const;

export interface PipelineResult {
  status: 'succeeded' | 'failed';
  output: string;
  error: string | null;
  /** each source's outcome (what was gathered went to the model, not into the record) */
  sources: BackgroundSourceResult[];
  deliveries: BackgroundDelivery[];
  doc: RenderedDocument | null;
  agentRunId: string | null;
  durationMs: number;
}

export interface BackgroundRunnerDeps {
  db: Kysely<DB>;
  runtime: Runtime;
  credentials: CredentialStore;
  deliverer: BackgroundDeliverer;
  mailer: Mailer;
  config: Pick<Config, 'connectorBaseUrls'>;
  log: { warn(message: string): void; error(error: unknown, message: string): void };
  /** the run holds a lease while it works (a run whose process died is failed by the sweep) */
  leases?: LeaseHolder;
}

/** The run's task for the model: the time, what triggered it, the gathered data. */
function runQuery(config: BackgroundAgentConfig, trigger: string, sources: GatheredSource[], event: unknown, now: Date): string {
  const lines = [`Run of the background agent "${config.name}" at ${now.toISOString()} (${trigger}).`];
  if (config.description.trim()) lines.push(`Purpose: ${config.description.trim()}`);
  if (event !== undefined) lines.push('', 'The event that triggered this run (JSON):', JSON.stringify(event, null, 1).slice(0, 8000));
  if (sources.length > 0) {
    lines.push('', 'Data gathered from the data sources:');
    for (const s of sources) lines.push(`## ${backgroundSourceLabel(s.source)} (${s.status})`, s.status === 'collected' ? s.data : s.detail);
  }
  return lines.join('\n');
}

/** The inline agent the runtime runs: a step per processing step, then the output step. */
export function inlineAgent(config: BackgroundAgentConfig): AgentConfig {
  const system = config.systemPrompt.trim() ? [config.systemPrompt] : [];
  // the catalogue tools its permissions allow, and the MCP tools attached to it
  const tools: string[] = [...toolsFor(config.permissions), ...config.mcpTools];
  const steps = config.processingSteps.map((step, i) => {
    const label = BACKGROUND_STEP_TYPE_LABELS[step.type];
    const earlier = i > 0 ? `\n\nResult of the previous step:\n{{step${i}}}` : '';
    return {
      name: `${i + 1}. ${label}`,
      query: `{{query}}${earlier}\n\nProcessing step ${i + 1} (${label}): ${step.description.trim() || label}`,
      system,
      tools,
      include_in_output: false,
      // the agent's own retries (maxRetries × retryDelay) are the retry policy: no quick retries inside
      model: { max_retries: 0 },
    };
  });
  const previous = steps.length > 0 ? `\n\nResult of the processing steps:\n{{step${steps.length}}}` : '';
  const template = config.outputTemplate.trim() ? `\n\nShape the result after this output template:\n${config.outputTemplate.trim()}` : '';
  const shape = config.outputFormat === 'json' || config.outputFormat === 'csv' ? '\nWhere the result is a list of records, give it as a JSON array of flat objects.' : '';
  steps.push({ name: 'Output', query: `{{query}}${previous}\n\nWrite the final result.${template}${shape}`, system, tools, include_in_output: true, model: { max_retries: 0 } });
  return {
    name: config.name,
    description: config.description,
    query: '',
    params: {},
    flow_type: 'dynamic',
    steps: steps.map((s) => stepSchema.parse(s)),
    file_name: '',
    trace: true,
    thread_id: '',
    namespace: 'default',
    use_history: false,
    save_history: false,
    max_history_items: 0,
    inputs: [],
  };
}

/** Records of a JSON array answer become the report's rows (csv/json formats). */
function rowsOf(output: string): Record<string, ReportCell>[] | undefined {
  const text = output.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  if (!text.startsWith('[')) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value) || value.length === 0 || !value.every((r) => r && typeof r === 'object' && !Array.isArray(r))) return undefined;
    return value.map((r) =>
      Object.fromEntries(Object.entries(r as Record<string, unknown>).map(([k, v]) => [k, v === null || ['string', 'number', 'boolean'].includes(typeof v) ? (v as ReportCell) : JSON.stringify(v)])),
    );
  } catch {
    return undefined;
  }
}

/** The report: the output template's {{output}}, {{agent_name}} and {{date}} filled in, or the output itself. */
export function buildReport(config: BackgroundAgentConfig, output: string, sources: readonly BackgroundSourceResult[], now: Date): BackgroundReport {
  const rows = rowsOf(output);
  const template = config.outputTemplate;
  const summary = /\{\{\s*output\s*\}\}/.test(template)
    ? template.replace(/\{\{\s*(output|agent_name|date)\s*\}\}/g, (_, name: string) => (name === 'output' ? output : name === 'agent_name' ? config.name : now.toISOString().slice(0, 10)))
    : output;
  return {
    title: config.name || 'Background agent',
    generatedAt: now.toISOString(),
    ...(rows ? { rows } : { summary }),
    ...(sources.length > 0 ? { sections: [{ heading: 'Data sources', body: sources.map((s) => `${backgroundSourceLabel(s.source)}: ${s.status === 'collected' ? 'collected' : s.detail}`).join('\n') }] } : {}),
  };
}

export function createBackgroundRunner(deps: BackgroundRunnerDeps) {
  const db = withBackgroundTables(deps.db);
  const { runtime, credentials, deliverer, mailer, log } = deps;

  function toolContext(runner: UserRunner, signal: AbortSignal): ToolContext {
    return {
      db: deps.db,
      // data sources are connectors: they read nothing of the library's files
      reads: noLibraryReads,
      libraryId: runner.libraryId,
      user: runner,
      depth: 0,
      signal,
      connectorBaseUrls: deps.config.connectorBaseUrls,
      connector: (key: ConnectorKey) => credentials.get(runner.libraryId, 'connector', key),
      storage: runtime.storage,
      runAgent: () => Promise.reject(new Error('Data sources cannot run agents')),
    };
  }

  /** Gather → run → format → deliver. Never throws for the agent's own failures: they are the result. */
  async function pipeline(input: {
    agentId: string;
    config: BackgroundAgentConfig;
    runner: UserRunner;
    trigger: string;
    runId: string;
    event?: unknown;
    dryRun: boolean;
    alreadySent?: ReadonlySet<BackgroundDeliveryChannel>;
  }): Promise<PipelineResult> {
    const started = performance.now();
    const startedAt = new Date();
    const { config, runner } = input;
    const signal = AbortSignal.timeout(30 * 60_000);
    let sources: GatheredSource[] = [];
    let agentRunId: string | null = null;
    const finish = (r: Omit<PipelineResult, 'sources' | 'agentRunId' | 'durationMs'>): PipelineResult => ({
      ...r,
      sources: sources.map(({ data: _data, ...outcome }) => outcome),
      agentRunId,
      durationMs: Math.round(performance.now() - started),
    });
    try {
      sources = await gatherSources(config, toolContext(runner, signal));
      const result = await runtime.runAgent({
        libraryId: runner.libraryId,
        user: runner,
        agentName: `background: ${config.name}`.slice(0, 200),
        inline: inlineAgent(config),
        toolGuard: permissionGuard(config.permissions, config.mcpTools),
        query: runQuery(config, input.trigger, sources, input.event, startedAt),
        params: {},
        threadId: '',
        useHistory: false,
        saveHistory: false,
        maxHistoryItems: 0,
        source: 'background',
        signal,
      });
      agentRunId = result.runId;
      if (result.status === 'failed') return finish({ status: 'failed', output: result.output, error: 'The agent could not answer', deliveries: [], doc: null });
      const finishedAt = new Date();
      const report = buildReport(config, result.output, sources, finishedAt);
      const doc = await renderDocument(report, config.outputFormat);
      const deliveries = await deliverer.deliverAll(
        { id: input.agentId, name: config.name, library_id: runner.libraryId, config },
        { id: input.runId, trigger: input.trigger, output: typeof report.summary === 'string' ? report.summary : result.output, started_at: startedAt.toISOString(), finished_at: finishedAt.toISOString() },
        { report, doc },
        runner.email,
        input.dryRun,
        input.alreadySent,
      );
      const failed = deliveries.filter((d) => d.status === 'failed').map((d) => d.channel);
      return finish({ status: failed.length ? 'failed' : 'succeeded', output: result.output, error: failed.length ? RUN_MESSAGES.deliveryFailed(failed) : null, deliveries, doc });
    } catch (error) {
      // a model/provider failure, a refused configuration: the run's error, as the runtime words it
      return finish({ status: 'failed', output: '', error: describeError(error), deliveries: [], doc: null });
    }
  }

  async function agentWithOwner(agentId: string) {
    const row = await db.selectFrom('background_agents').selectAll().where('id', '=', agentId).executeTakeFirst();
    if (!row) return null;
    const config = storedBackgroundConfig({ ...row, config: row.config });
    const runner = await findRunner(deps.db, row.owner_id);
    return { row, config, runner };
  }

  /** Test Configuration: the unsaved configuration, once, delivering nothing and storing no run. */
  async function test(runner: UserRunner, config: BackgroundAgentConfig, agentId: string | undefined): Promise<BackgroundTestResult> {
    const result = await pipeline({ agentId: agentId ?? 'test', config, runner, trigger: 'test', runId: 'test', dryRun: true });
    let formatted = '';
    if (result.doc) formatted = typeof result.doc.body === 'string' ? result.doc.body : `PDF document, ${result.doc.body.length} bytes. Download it from a real run.`;
    return {
      status: result.status,
      output: result.output,
      format: config.outputFormat,
      formatted,
      sources: result.sources,
      deliveries: result.deliveries,
      error: result.error,
      duration_ms: result.durationMs,
      agent_run_id: result.agentRunId,
    };
  }

  /** Sends the failure email to errorNotifications (after the last attempt). */
  async function notifyFailure(config: BackgroundAgentConfig, agentId: string, error: string, paused: boolean): Promise<void> {
    const to = recipientList(config.errorNotifications).join(', ');
    if (!to || !mailer.configured) return;
    try {
      await mailer.send({
        to,
        subject: paused ? RUN_MESSAGES.pausedSubject(config.name) : RUN_MESSAGES.failedSubject(config.name),
        text: [
          `The background agent "${config.name}" failed after ${config.maxRetries + 1} attempt(s).`,
          '',
          `Last error: ${error}`,
          '',
          paused ? 'The agent is paused and will not run on schedule until it is published again (Update).' : 'The agent stays active and runs again at its next scheduled time.',
        ].join('\n'),
        headers: { 'X-Accent-Background-Agent-Id': agentId },
      });
    } catch (sendError) {
      log.error(sendError, `Error notification for background agent ${agentId} could not be sent`);
    }
  }

  /** A pg-boss job: one attempt. Throws when the attempt failed and another may follow (pg-boss retries it). */
  async function handleJob(job: JobWithMetadata<BackgroundRunJob>): Promise<void> {
    const { agentId, trigger } = job.data;
    let found: Awaited<ReturnType<typeof agentWithOwner>>;
    try {
      found = await agentWithOwner(agentId);
    } catch (error) {
      // a malformed stored configuration: reported, and no retry can fix it
      if (!(error instanceof HttpError)) throw error;
      log.warn(`Background agent ${agentId} was not run: ${error.detail}`);
      if (job.data.runId) await db.updateTable('background_runs').set({ status: 'failed', error: error.detail, finished_at: new Date() }).where('id', '=', job.data.runId).execute();
      return;
    }
    if (!found) return; // deleted since: nothing to run
    const { row, config, runner } = found;
    // a schedule that fired just as the agent was paused or unpublished (the reconciler removes it)
    if (trigger === 'schedule' && row.status !== 'active') return;
    const attempt = job.retryCount + 1;
    const maxAttempts = job.retryLimit + 1;

    // One row per job: the request's queued row (Run now, events) or the schedule's; a retry (the attempt
    // failed, or its process died) continues that row with the attempt counted. Marked running with this
    // process's lease in the one statement (a kill -9 right after it must not leave a run without one).
    const leases = deps.leases ?? noLeases;
    const running = { status: 'running' as const, started_at: new Date(), finished_at: null, error: null, job_id: job.id, attempt, max_attempts: maxAttempts, ...leaseColumns(leases) };
    const started = job.data.runId
      ? await db.updateTable('background_runs').set(running).where('id', '=', job.data.runId).where('status', '<>', 'succeeded').returning(['id', 'deliveries']).executeTakeFirst()
      : await db
          .insertInto('background_runs')
          .values({
            agent_id: agentId,
            library_id: row.library_id,
            owner_id: row.owner_id,
            agent_name: config.name,
            trigger,
            format: config.outputFormat,
            scheduled_for: trigger === 'schedule' ? job.createdOn : null,
            ...running,
          })
          .onConflict((oc) =>
            oc
              .column('job_id')
              .where('job_id', 'is not', null)
              .doUpdateSet(running)
              .where('background_runs.status', '<>', 'succeeded'),
          )
          .returning(['id', 'deliveries'])
          .executeTakeFirst();
    if (!started) return; // the run went with its agent, or an attempt whose completion was lost had succeeded
    const runId = started.id;
    const lease = leases.hold('background_runs', runId);

    // a retry delivers only to the channels earlier attempts of this job did not reach, and keeps their record
    const sentBefore = new Map<BackgroundDeliveryChannel, BackgroundDelivery>();
    if (attempt > 1) for (const d of started.deliveries) if (d.status === 'sent') sentBefore.set(d.channel, d);
    const ended = runStarted('background');
    let result: PipelineResult;
    try {
      result = runner
        ? await pipeline({ agentId, config, runner, trigger, runId, event: job.data.event, dryRun: false, alreadySent: new Set(sentBefore.keys()) })
        : { status: 'failed' as const, output: '', error: RUN_MESSAGES.ownerGone, sources: [], deliveries: [], doc: null, agentRunId: null, durationMs: 0 };
      const deliveries = result.deliveries.map((d) => sentBefore.get(d.channel) ?? d);
      await db
        .updateTable('background_runs')
        .set({
          status: result.status,
          output: result.output || null,
          format: config.outputFormat,
          error: result.error,
          sources: JSON.stringify(result.sources),
          deliveries: JSON.stringify(deliveries),
          agent_run_id: result.agentRunId,
          in_feed: deliveries.some((d) => d.channel === 'dashboard' && d.status === 'sent'),
          finished_at: new Date(),
          duration_ms: result.durationMs,
        })
        .where('id', '=', runId)
        .execute();
      ended({ failed: result.status !== 'succeeded' });
    } finally {
      lease.release();
    }
    const now = new Date();
    await db
      .updateTable('background_agents')
      .set((eb) => ({ last_run_at: now, run_count: eb('run_count', '+', 1) }))
      .where('id', '=', agentId)
      .execute();

    if (result.status === 'succeeded') return;
    if (attempt < maxAttempts) throw new Error(result.error ?? 'The run failed');
    // the last attempt failed
    let paused = false;
    if (config.pauseOnError) {
      const updated = await db.updateTable('background_agents').set({ status: 'paused' }).where('id', '=', agentId).where('status', '=', 'active').executeTakeFirst();
      paused = Number(updated.numUpdatedRows) > 0;
    }
    await notifyFailure(config, agentId, result.error ?? 'unknown error', paused);
    throw new Error(result.error ?? 'The run failed');
  }

  return { handleJob, test };
}

export type BackgroundRunner = ReturnType<typeof createBackgroundRunner>;
