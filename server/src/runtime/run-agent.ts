// The agent runtime: runs an agent's saved configuration against its model providers, step by step,
// with its tools and conversation history, and records the run (trace, tokens, timings) in agent_runs.
import {
  agentSettingsSchema,
  type AgentConfig,
  FALLBACK_ANSWERS,
  FALLBACK_SOURCES,
  MAX_AGENT_DEPTH,
  MAX_TOOL_ROUNDS,
  stepSchema,
  toolCallSummary,
  type AgentSettings,
  type FallbackOption,
  type RunEvent,
  type RunSource,
  type RunTrace,
  type RunUsage,
  type Step,
  type StepTrace,
} from '@accent/agents-common';
import { generateText, stepCountIs, streamText, wrapLanguageModel, type LanguageModelMiddleware, type LanguageModelUsage, type ToolSet } from 'ai';
import type { Kysely } from 'kysely';
import type { Config, ConnectorKey } from '../config.js';
import { silentLog, type Scheduler, type SchedulerLog } from '../scheduler/scheduler.js';
import type { CredentialStore, CredentialValues } from '../credentials/store.js';
import type { DB } from '../db/schema.js';
import type { Storage } from '../storage/service.js';
import type { Knowledge } from '../knowledge/index.js';
import { libraryAccessOf, runLibraryReads, type LibraryAccess, type LibraryReads, type Transact } from '../library/run-reads.js';
import { searchKnowledgeAndDocuments } from '../tools/internal/knowledge-base.js';
import { buildToolSet, forTrace, toolNameForId } from '../tools/index.js';
import { mcpToolsFor, type McpRuntimeOptions } from '../mcp/tools.js';
import type { ToolContext, ToolGuard } from '../tools/types.js';
import { canRun, type Runner } from './access.js';
import { createAgentCache, type AgentCacheOptions } from './agent-cache.js';
import { RUN_MESSAGES, RunError } from './errors.js';
import { appendHistory, loadHistory, threadKey } from './history.js';
import { composeModelInput, messagesForTrace, type ModelInput } from './messages.js';
import { createLanguageModel, isRuntimeProvider, keyRejectedMessage, PROVIDER_MESSAGES, providerMessage, providerSettings, type ResolvedModel, type RuntimeProvider } from './providers.js';
import { noLeases, type LeaseHolder } from '../run-leases/leases.js';
import { finishRun, startRun } from './runs.js';
import { modelCallEnded, runStarted } from '../observability/metrics.js';
import { earlierStepsContext, placesQuery, placesStepOutput, renderTemplate, templateValues } from './templating.js';

export interface RuntimeDeps {
  db: Kysely<DB>;
  config: Pick<Config, 'providerEnv' | 'connectorBaseUrls'>;
  credentials: CredentialStore;
  /** library storage (the document tools) */
  storage?: Storage;
  /** the knowledge base (its search backs the knowledge base tool and the 'search' fallback) */
  knowledge?: Pick<Knowledge, 'search'>;
  /** with it, other processes' agent saves reach this process's agent cache at once (LISTEN) */
  scheduler?: Scheduler;
  log?: SchedulerLog;
  agentCache?: AgentCacheOptions;
  /** tools from the library's MCP servers (absent: steps' MCP tools are reported missing) */
  mcp?: McpRuntimeOptions;
  /** each run holds a lease while it works (a run whose process died is failed by the sweep) */
  leases?: LeaseHolder;
}

export interface RunAgentInput {
  libraryId: string;
  user: Runner;
  agentName: string;
  query: string;
  params: Record<string, string>;
  threadId: string;
  useHistory: boolean;
  saveHistory: boolean;
  maxHistoryItems: number;
  source: RunSource;
  /** set for nested runs (Ask Agent, Run Agent Command): they read as the run that calls them */
  libraryAccess?: LibraryAccess;
  /** aborting it cancels the run (a client that went away) */
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
  /** stream the model's text as delta events */
  stream?: boolean;
  /** 0 for a person's run; set by Ask Agent / Run Agent Command */
  depth?: number;
  /**
   * Run this configuration instead of the saved agent named agentName (background agents, which are
   * not in the agents table). The caller has checked who may run it; the run is recorded without an agent id.
   */
  inline?: AgentConfig;
  /** Refuses a tool call (its answer to the model is {error: <reason>}): a background agent's permissions. */
  toolGuard?: ToolGuard;
  /**
   * Completes the run's row only once `answered` resolves (the answer is out), so the client does not wait
   * for the trace to be written. The row exists from the start, marked running, so a crash loses no run.
   * Without it the row is completed before runAgent returns.
   */
  answered?: Promise<void>;
}

export interface RunAgentResult {
  runId: string;
  output: string;
  /** 'failed' when a fallback answered */
  status: 'succeeded' | 'failed';
  elapsedMs: number;
}

const ZERO_USAGE: RunUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
const toUsage = (u: LanguageModelUsage | undefined): RunUsage => ({
  inputTokens: u?.inputTokens ?? 0,
  outputTokens: u?.outputTokens ?? 0,
  totalTokens: u?.totalTokens ?? (u?.inputTokens ?? 0) + (u?.outputTokens ?? 0),
});
const addUsage = (a: RunUsage, b: RunUsage): RunUsage => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  totalTokens: a.totalTokens + b.totalTokens,
});

/** The steps a run executes: dynamic → all; supervisor → the first; none → one implicit step with the default model. */
function plannedSteps(config: { steps: Step[]; flow_type: string; tools?: string[] }): Step[] {
  if (config.steps.length === 0) return [stepSchema.parse({ name: 'Answer', tools: config.tools ?? [] })];
  return config.flow_type === 'supervisor' ? config.steps.slice(0, 1) : config.steps;
}

/** Time spent inside model calls (between the SDK's call-start and call-end, retries included). */
/**
 * Time spent inside model calls, measured by a middleware around the provider model: a step's
 * tool calls and the runtime's own work are outside it. A stream counts until its last chunk.
 */
/** A provider's model object (what wrapLanguageModel takes and returns). */
type LanguageModelV3 = Parameters<typeof wrapLanguageModel>[0]['model'];

class ModelClock {
  total = 0;
  private add(since: number) {
    this.total += performance.now() - since;
  }
  wrap(model: LanguageModelV3): LanguageModelV3 {
    const middleware: LanguageModelMiddleware = {
      specificationVersion: 'v3',
      wrapGenerate: async ({ doGenerate }) => {
        const since = performance.now();
        try {
          return await doGenerate();
        } finally {
          this.add(since);
        }
      },
      wrapStream: async ({ doStream }) => {
        const since = performance.now();
        let counted = false;
        const stop = () => {
          if (!counted) this.add(since);
          counted = true;
        };
        try {
          const result = await doStream();
          const timed = new TransformStream({ flush: stop });
          return { ...result, stream: result.stream.pipeThrough(timed) };
        } catch (error) {
          stop();
          throw error;
        }
      },
    };
    return wrapLanguageModel({ model, middleware });
  }
}

export interface Runtime {
  runAgent(input: RunAgentInput): Promise<RunAgentResult>;
  /** Resolves when the runs this process answered before completing their rows are completed. */
  recorded(): Promise<void>;
  close(): Promise<void>;
  /** library storage, for tool contexts made outside a run (background agents' data sources) */
  storage?: Storage;
}

export function createRuntime(deps: RuntimeDeps): Runtime {
  const { db, config, credentials } = deps;
  const leases = deps.leases ?? noLeases;
  const agents = createAgentCache(db, deps.agentCache);
  if (deps.scheduler) agents.listenWith(deps.scheduler, deps.log ?? silentLog);
  // rows of answered runs still being completed (read-your-writes for this process's runs routes)
  const completing = new Set<Promise<void>>();
  // the reads' transactions: storage's (PGlite's own transactions on the embedded database)
  const transact: Transact = deps.storage?.asServer ?? ((work) => db.transaction().execute(work));

  async function resolveModels(libraryId: string, steps: Step[]): Promise<ResolvedModel[]> {
    const settings = new Map<RuntimeProvider, CredentialValues>();
    const resolved: ResolvedModel[] = [];
    for (const step of steps) {
      const provider = step.model.provider;
      if (!isRuntimeProvider(provider)) throw new RunError(400, PROVIDER_MESSAGES.unknownProvider(provider, step.name), 'invalid');
      if (!settings.has(provider)) settings.set(provider, await providerSettings({ credentials, providerEnv: config.providerEnv }, libraryId, provider));
      resolved.push(createLanguageModel(provider, step.model.model, settings.get(provider)!));
    }
    return resolved;
  }

  async function fallbackAnswer(mode: FallbackOption, libraryId: string, reads: LibraryReads, query: string, collections: string[] | undefined): Promise<string> {
    if (mode !== 'search') return FALLBACK_ANSWERS[mode];
    try {
      const { results } = await searchKnowledgeAndDocuments({ reads, libraryId, knowledge: deps.knowledge, knowledgeCollections: collections }, query, 3);
      if (results.length === 0) return FALLBACK_ANSWERS.apologize;
      return ['Here is what I found in the knowledge base:', ...results.map((h, i) => `${i + 1}. ${h.source} — ${h.snippet}`)].join('\n\n');
    } catch {
      return FALLBACK_ANSWERS.apologize;
    }
  }

  async function runAgent(input: RunAgentInput): Promise<RunAgentResult> {
    const startedAt = performance.now();
    const depth = input.depth ?? 0;
    const runSignal = input.signal ?? new AbortController().signal;
    const emit = (event: RunEvent) => {
      try {
        input.onEvent?.(event);
      } catch {
        /* a listener's failure (e.g. a closed socket) must not break the run */
      }
    };
    if (depth > MAX_AGENT_DEPTH) throw new RunError(400, RUN_MESSAGES.tooDeep(input.agentName, MAX_AGENT_DEPTH), 'invalid');

    const agent = input.inline
      ? { id: null, version: null, config: input.inline, settings: agentSettingsSchema.parse(input.inline.settings ?? {}) }
      : await agents.get(input.libraryId, input.agentName);
    if (!agent) throw new RunError(404, RUN_MESSAGES.agentNotFound(input.agentName), 'not_found');
    const { config } = agent;
    const settings: AgentSettings = agent.settings;
    if (!input.inline && !canRun(settings.access, input.user, input.agentName)) throw new RunError(403, RUN_MESSAGES.noAccess(input.agentName), 'forbidden');

    const params = { ...config.params, ...input.params };
    const runQuery = renderTemplate(input.query.trim() ? input.query : config.query, templateValues({ params, query: '', steps: [] }));
    const steps = plannedSteps(config);
    const emptyStep = steps.find((s) => !s.query.trim());
    if (emptyStep && !runQuery.trim()) throw new RunError(400, RUN_MESSAGES.noQuery(emptyStep.name), 'invalid');

    const key = input.useHistory || input.saveHistory ? threadKey(settings.memory, input.threadId, input.user.id) : '';
    const thread = { libraryId: input.libraryId, agentName: input.agentName, threadKey: key, userId: input.user.id };

    // the provider settings are read while the run row is written (both before the model call)
    const modelsRead = resolveModels(input.libraryId, steps).then(
      (resolved) => ({ resolved }),
      (error: unknown) => ({ error }),
    );
    const runId = await startRun(db, {
      libraryId: input.libraryId,
      agentId: agent.id,
      agentName: input.agentName,
      agentVersion: agent.version,
      userId: input.user.id,
      threadId: input.threadId,
      source: input.source,
      input: { query: runQuery, params },
      rateLimit: settings.rate_limit,
      // inserted with this process's lease: no running row without one
      lease: leases,
    }).catch(async (error: unknown) => {
      await modelsRead;
      throw error;
    });

    const libraryAccess = input.libraryAccess ?? libraryAccessOf(input.source, input.user);
    const reads = runLibraryReads(transact, { runId, access: libraryAccess });
    const lease = leases.hold('agent_runs', runId);
    const complete = (result: Parameters<typeof finishRun>[2]) => finishRun(db, runId, result).finally(() => lease.release());
    const trace: RunTrace = { steps: [], fallback: null, escalated: false, depth, thread_key: key };
    const ended = runStarted('agent');
    // totals of the steps that ran, failed ones included (their tokens and model time were spent too)
    const finish = (status: 'succeeded' | 'failed' | 'cancelled', output: string | null, error: string | null) => {
      ended({ failed: status !== 'succeeded' });
      return complete({
        status,
        output,
        error,
        durationMs: performance.now() - startedAt,
        modelMs: trace.steps.reduce((ms, s) => ms + s.model_ms, 0),
        usage: trace.steps.reduce((u, s) => addUsage(u, s.usage), ZERO_USAGE),
        trace,
      });
    };

    // answered runs are completed once the answer is out (when the caller says when that is)
    const finishAnswered = (status: 'succeeded' | 'failed', output: string, error: string | null): Promise<void> => {
      if (!input.answered) return finish(status, output, error);
      ended({ failed: status !== 'succeeded' });
      const durationMs = performance.now() - startedAt;
      const completed = input.answered
        .then(() =>
          complete({
            status,
            output,
            error,
            durationMs,
            modelMs: trace.steps.reduce((ms, s) => ms + s.model_ms, 0),
            usage: trace.steps.reduce((u, s) => addUsage(u, s.usage), ZERO_USAGE),
            trace,
          }),
        )
        .catch((failure: unknown) => deps.log?.error(failure, `Completing run ${runId} failed; it stays marked running`));
      completing.add(completed);
      void completed.finally(() => completing.delete(completed));
      return Promise.resolve();
    };

    const read = await modelsRead;
    if ('error' in read) {
      await finish('failed', null, (read.error as Error).message);
      throw read.error;
    }
    const models: ResolvedModel[] = read.resolved;
    emit({ type: 'run', run_id: runId });

    try {
      const history = input.useHistory && key ? await loadHistory(db, thread, input.maxHistoryItems) : [];
      const outputs: { name: string; output: string }[] = [];
      for (const [index, step] of steps.entries()) {
        if (runSignal.aborted) throw new RunError(499, RUN_MESSAGES.cancelled, 'cancelled');
        emit({ type: 'step', index, name: step.name });
        const values = templateValues({ params, query: runQuery, steps: outputs });
        const prompt = step.query.trim() ? renderTemplate(step.query, values) : '';
        const system = [...step.system, step.model.system]
          .map((line) => renderTemplate(line, values))
          .filter((line) => line.trim())
          .join('\n');
        // a step whose prompt and system lines place no earlier output gets them all, labelled by step name
        const placesOutputs = [step.query, ...step.system, step.model.system].some(placesStepOutput);
        const context = placesOutputs ? '' : earlierStepsContext(outputs);
        const modelInput = composeModelInput({ system, prompt, promptPlacesQuestion: placesQuery(step.query), context, question: runQuery, history });
        const stepTrace: StepTrace = {
          index,
          name: step.name,
          provider: models[index].provider,
          model: models[index].model,
          provider_model: models[index].providerModel,
          prompt: prompt || runQuery,
          system,
          history_messages: history.length,
          output: '',
          started_at: new Date().toISOString(),
          duration_ms: 0,
          model_ms: 0,
          usage: ZERO_USAGE,
          error: null,
          tool_calls: [],
          warnings: [],
          messages: messagesForTrace(modelInput),
          context_steps: context ? outputs.map((o) => o.name) : [],
          settings: {
            temperature: step.model.temperature,
            max_tokens: step.model.max_tokens,
            max_retries: step.model.max_retries,
            timeout: step.model.timeout,
            provider_model: models[index].providerModel,
          },
        };
        trace.steps.push(stepTrace);
        const output = await runStep({ input, depth, step, model: models[index], modelInput, runSignal, stepTrace, emit, reads, libraryAccess, knowledgeCollections: config.knowledgeCollections });
        outputs.push({ name: step.name, output });
      }

      const included = steps.map((s, i) => (s.include_in_output ? outputs[i].output : null)).filter((o): o is string => o !== null);
      const answer = (included.length ? included : [outputs[outputs.length - 1].output]).join('\n\n');
      if (input.saveHistory && key) await appendHistory(db, thread, runQuery, answer);
      await finishAnswered('succeeded', answer, null);
      const elapsedMs = Math.round(performance.now() - startedAt);
      emit({ type: 'done', output: answer, run_id: runId, elapsed_ms: elapsedMs });
      return { runId, output: answer, status: 'succeeded', elapsedMs };
    } catch (error) {
      if (error instanceof RunError && error.code === 'cancelled') {
        await finish('cancelled', null, error.detail);
        throw error;
      }
      const message = error instanceof RunError ? error.detail : (error as Error).message;
      const canFallBack = error instanceof RunError && (error.code === 'provider_failed' || error.code === 'timeout') && FALLBACK_SOURCES.includes(input.source);
      if (!canFallBack) {
        await finish('failed', null, message);
        throw error;
      }
      // The person gets the agent's fallback; the trace keeps the real error.
      trace.fallback = { mode: settings.fallback, error: message };
      trace.escalated = settings.fallback === 'escalate';
      const answer = await fallbackAnswer(settings.fallback, input.libraryId, reads, runQuery, config.knowledgeCollections);
      if (input.saveHistory && key) await appendHistory(db, thread, runQuery, answer);
      await finishAnswered('failed', answer, message);
      const elapsedMs = Math.round(performance.now() - startedAt);
      emit({ type: 'done', output: answer, run_id: runId, elapsed_ms: elapsedMs });
      return { runId, output: answer, status: 'failed', elapsedMs };
    }
  }

  interface StepRun {
    input: RunAgentInput;
    depth: number;
    step: Step;
    model: ResolvedModel;
    modelInput: ModelInput;
    runSignal: AbortSignal;
    stepTrace: StepTrace;
    emit: (event: RunEvent) => void;
    /** the run's reads of library files and knowledge, and who they are for */
    reads: LibraryReads;
    libraryAccess: LibraryAccess;
    /** the agent's knowledgeCollections */
    knowledgeCollections: string[] | undefined;
  }

  /** One step: a model call (with up to MAX_TOOL_ROUNDS tool rounds), its timeout, retries and trace. */
  async function runStep(run: StepRun): Promise<string> {
    const { input, step, model, stepTrace, emit } = run;
    const started = performance.now();
    const timeoutSignal = AbortSignal.timeout(step.model.timeout * 1000);
    const signal = AbortSignal.any([run.runSignal, timeoutSignal]);
    const clock = new ModelClock();

    const toolContext: ToolContext = {
      db,
      reads: run.reads,
      libraryId: input.libraryId,
      user: input.user,
      depth: run.depth,
      signal,
      connectorBaseUrls: config.connectorBaseUrls,
      connector: (key: ConnectorKey) => credentials.get(input.libraryId, 'connector', key),
      ...(input.toolGuard ? { guard: input.toolGuard } : {}),
      storage: deps.storage,
      knowledge: deps.knowledge,
      knowledgeCollections: run.knowledgeCollections,
      runAgent: async (nested) => {
        if (run.depth + 1 > MAX_AGENT_DEPTH) throw new RunError(400, RUN_MESSAGES.tooDeep(nested.agentName, MAX_AGENT_DEPTH), 'invalid');
        const result = await runAgent({
          libraryId: input.libraryId,
          user: input.user,
          agentName: nested.agentName,
          query: nested.query,
          params: nested.params,
          threadId: '',
          useHistory: false,
          saveHistory: false,
          maxHistoryItems: 0,
          source: 'agent',
          libraryAccess: run.libraryAccess,
          signal,
          depth: run.depth + 1,
        });
        return { output: result.output, runId: result.runId };
      },
    };
    const external = deps.mcp ? await mcpToolsFor(db, deps.mcp, input.libraryId, step.tools) : undefined;
    const { tools, warnings, labels } = buildToolSet(step.tools, toolContext, { record: (call) => stepTrace.tool_calls.push(call), emit }, external);
    stepTrace.warnings.push(...warnings);
    stepTrace.tools = Object.keys(tools).map((id) => labels.get(id) ?? toolNameForId(id));
    const hasTools = Object.keys(tools).length > 0;

    const options = {
      model: clock.wrap(model.languageModel as LanguageModelV3),
      system: run.modelInput.system,
      messages: run.modelInput.messages,
      temperature: step.model.temperature,
      // 0 = the provider's default
      maxOutputTokens: step.model.max_tokens > 0 ? step.model.max_tokens : undefined,
      maxRetries: step.model.max_retries,
      abortSignal: signal,
      tools: hasTools ? tools : undefined,
      stopWhen: hasTools ? stepCountIs(MAX_TOOL_ROUNDS) : undefined,
    };

    try {
      let text: string;
      if (input.stream && input.onEvent) {
        text = await streamStep(options, emit, stepTrace);
      } else {
        const result = await generateText<ToolSet>(options);
        stepTrace.usage = toUsage(result.usage);
        for (const modelStep of result.steps) for (const part of modelStep.content) if (part.type === 'tool-error') recordRejectedCall(part, stepTrace, emit);
        text = result.text;
      }
      stepTrace.output = text;
      return text;
    } catch (error) {
      let failure: RunError;
      if (run.runSignal.aborted) failure = new RunError(499, RUN_MESSAGES.cancelled, 'cancelled');
      else if (timeoutSignal.aborted) failure = new RunError(504, RUN_MESSAGES.timedOut(model.label, step.model.timeout), 'timeout');
      else if (error instanceof RunError) failure = error;
      // a rejected key is configuration, like a missing one: no fallback hides it
      else if (keyRejectedMessage(model.provider, error)) failure = new RunError(424, keyRejectedMessage(model.provider, error)!, 'missing_key');
      else failure = new RunError(502, RUN_MESSAGES.providerFailed(model.label, providerMessage(error)), 'provider_failed');
      stepTrace.error = failure.detail;
      throw failure;
    } finally {
      stepTrace.duration_ms = Math.round(performance.now() - started);
      stepTrace.model_ms = Math.round(clock.total);
      modelCallEnded({
        provider: model.provider,
        model: model.model,
        seconds: clock.total / 1000,
        ok: stepTrace.error === null,
        inputTokens: stepTrace.usage.inputTokens,
        outputTokens: stepTrace.usage.outputTokens,
      });
    }
  }

  /**
   * Our tools catch their own errors, so a tool-error part is a call the SDK refused before running it
   * (input that fails the tool's schema, or an unknown tool): the trace must still show it.
   */
  function recordRejectedCall(part: { toolName: string; input: unknown; error: unknown }, stepTrace: StepTrace, emit: (event: RunEvent) => void) {
    const name = toolNameForId(part.toolName);
    const error = `${name} was not run: ${part.error instanceof Error ? part.error.message : String(part.error)}`;
    stepTrace.tool_calls.push({ tool: name, input: forTrace(part.input), output: null, error, duration_ms: 0 });
    emit({ type: 'tool', name, status: 'failed', summary: toolCallSummary({ tool: name, output: null, error }) });
  }

  /** streamText: text deltas become events; the step's answer is the text of its last model call. */
  async function streamStep(options: Parameters<typeof streamText<ToolSet>>[0], emit: (event: RunEvent) => void, stepTrace: StepTrace): Promise<string> {
    // errors arrive as stream parts and are thrown below; the default handler would only log them
    const result = streamText<ToolSet>({ ...options, onError: () => undefined });
    let text = '';
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'start-step':
          text = '';
          break;
        case 'text-delta':
          text += part.text;
          if (part.text) emit({ type: 'delta', text: part.text });
          break;
        case 'finish':
          stepTrace.usage = toUsage(part.totalUsage);
          break;
        case 'tool-error':
          recordRejectedCall(part, stepTrace, emit);
          break;
        case 'error':
          throw part.error;
        case 'abort':
          throw new DOMException('The run was aborted', 'AbortError');
        default:
          break;
      }
    }
    return text;
  }

  async function recorded(): Promise<void> {
    await Promise.all([...completing]);
  }

  return { runAgent, recorded, close: () => agents.close(), storage: deps.storage };
}
