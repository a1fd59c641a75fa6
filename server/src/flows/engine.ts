// The flow engine: runs a flow's graph from its start node along its edges and records every node's
// input, output, time and error (Test Flow's trace, and later deployed runs).
//
// Before running (FlowValidationError, nothing runs): the flow data must parse (node types, data
// fields), node and edge ids must be unique, every edge must join existing nodes, condition edges must
// leave from "true" or "false" and switch edges from a case handle or the default, there must be exactly
// one start (the node given, else the only trigger), and the graph must have no cycle anywhere
// ("The flow has a cycle: A → B → A. Flows must not loop.").
//
// Execution semantics (a DAG, "wait for all inputs, run if any branch arrived"):
// - Every edge ends up active (its source succeeded and, for a condition or switch, it leaves from the
//   handle the node chose), inactive (a branch not taken, or its source was never reached) or failed
//   (its source failed, or was skipped because something before it failed).
// - A node is decided once ALL its incoming edges are settled, so a join sees every branch that ran.
//   Then: any failed incoming edge → skipped ("Not run: "X" before it failed.") and its outgoing edges
//   fail too (a failure stops everything downstream of it, even a join whose other branch succeeded);
//   otherwise any active incoming edge → it runs; otherwise (all inactive, or no incoming edge and not
//   the start) → skipped as not reached. The start node runs first whatever its incoming edges.
// - Independent branches run concurrently; a failing node marks the run failed but never stops a
//   parallel branch. Each node runs at most once.
// - A node's input is {payload, <upstream node id>: output… (every succeeded ancestor), last}, where
//   `last` is what the node it came from passed on (the output, except that conditions and switches pass
//   on what they received); at a join, `last` comes from the active predecessor latest in topological
//   order. Templates also see `nodes.<id>.output`. Ancestor ids named payload, last or nodes are only
//   reachable through `nodes.<id>`.
// - The run: succeeded when no node failed; failed with the first failure (in topological order) as
//   its error; cancelled when the signal aborts (running nodes are told, the rest are skipped). Node
//   results are listed for every node of the flow in topological order.
import { randomUUID } from 'node:crypto';
import {
  checkFlowGraph,
  flowDataSchema,
  flowNodeName,
  routingHandles,
  topologicalOrder,
  type FlowData,
  type FlowEdge,
  type FlowNode,
  type FlowRun,
  type FlowRunNodeResult,
  type FlowRunTrigger,
} from '@accent/flows-common';
import type { Kysely } from 'kysely';
import { createTransport } from 'nodemailer';
import type { CredentialStore } from '../credentials/store.js';
import type { DB } from '../db/schema.js';
import type { ResolvedModel } from '../runtime/providers.js';
import { FLOW_RUN_MESSAGES } from './messages.js';
import { createModelResolver } from './models.js';
import { EXECUTORS, executorKey } from './nodes/index.js';
import { NodeError, type Mailer, type NodeOutcome, type NodeServices } from './nodes/types.js';
import { DEFAULT_HTTP_TIMEOUT_MS, type SsrfPolicy } from '../net/ssrf.js';
import { MCP_LIMITS } from '../mcp/client.js';
import type { FlowScope } from './templating.js';

export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;
export const DEFAULT_MODEL_MAX_RETRIES = 1;
/** the sender when the caller passes none (the server passes config.smtpFrom) */
export const DEFAULT_FLOW_MAIL_FROM = 'Accent Studio <no-reply@accent.local>';

/** What a run may use; everything is optional (a run without a database cannot insert rows, etc.). */
export interface FlowContext {
  libraryId?: string | null;
  /** who started the run (database rows' created_by) */
  userId?: string | null;
  db?: Kysely<DB> | null;
  /** model providers: the library's stored settings over these environment settings (config.providerEnv) */
  credentials?: CredentialStore;
  providerEnv?: Record<string, Record<string, string>>;
  /** replaces the provider resolution (tests, or a caller with its own model routing) */
  resolveModel?: (name: string) => Promise<ResolvedModel>;
  modelTimeoutMs?: number;
  modelMaxRetries?: number;
  /** hosts HTTP actions may reach although private (see ssrf.ts); configured by administrators */
  allowHosts?: readonly string[];
  /** name resolution for the SSRF guard (tests) */
  lookup?: SsrfPolicy['lookup'];
  httpTimeoutMs?: number;
  /** the email action: an injected transport, or SMTP_URL (nodemailer); neither → "not configured" */
  email?: { transport?: Mailer; smtpUrl?: string; from?: string };
  /** MCP tool nodes: the master key (the servers' secrets) and one call's time limit (default MCP_LIMITS.callMs) */
  mcp?: { masterKey: Buffer; callTimeoutMs?: number };
  /** called as each node settles (streaming Test Flow's progress) */
  onNode?: (result: FlowRunNodeResult) => void;
}

export interface RunFlowOptions {
  /** what the trigger emits (Test Flow's test payload, the webhook's body…) */
  payload?: unknown;
  trigger?: FlowRunTrigger;
  /** start here instead of the trigger node (running part of a flow) */
  startNodeId?: string;
  context?: FlowContext;
  signal?: AbortSignal;
  /** the run's id (default: a new UUID) */
  runId?: string;
}

/** A flow as the engine needs it: its id and graph, camelCase (builder) or snake_case (stored row). */
export interface RunnableFlow {
  id: string;
  flowData?: unknown;
  flow_data?: unknown;
}

export class FlowValidationError extends Error {
  override name = 'FlowValidationError';
  constructor(readonly errors: string[]) {
    super(FLOW_RUN_MESSAGES.invalidFlow(errors));
  }
}

/** A flow checked and indexed for running; reuse it to run the same flow many times. */
export interface PreparedFlow {
  readonly flowId: string;
  readonly data: FlowData;
  readonly startId: string;
  readonly nodes: ReadonlyMap<string, FlowNode>;
  /** node ids in topological order (the order of the run's results) */
  readonly order: readonly string[];
  readonly rank: ReadonlyMap<string, number>;
  /** edges used for scheduling (edges into the start node are left out) */
  readonly incoming: ReadonlyMap<string, readonly FlowEdge[]>;
  readonly outgoing: ReadonlyMap<string, readonly FlowEdge[]>;
  /** every node's ancestors (through scheduling edges), in topological order */
  readonly ancestors: ReadonlyMap<string, readonly string[]>;
  /** condition and switch nodes: only the edges of the handle they choose are followed */
  readonly routers: ReadonlySet<string>;
}

function describeIssue(data: unknown, path: PropertyKey[], message: string): string {
  const [collection, index, ...rest] = path;
  const where = rest.map(String).join('.');
  const issue = where ? `${where}: ${message}` : message;
  if (collection === 'nodes' && typeof index === 'number') {
    const node = (data as { nodes?: { id?: unknown }[] }).nodes?.[index];
    return FLOW_RUN_MESSAGES.invalidNode(typeof node?.id === 'string' ? node.id : `#${index + 1}`, issue);
  }
  if (collection === 'edges' && typeof index === 'number') return FLOW_RUN_MESSAGES.invalidEdge(index, issue);
  return path.length ? `${path.map(String).join('.')}: ${message}` : message;
}

/** Parses and checks a flow for running; throws FlowValidationError listing every problem. */
export function prepareFlow(flow: RunnableFlow, startNodeId?: string): PreparedFlow {
  const raw = flow.flowData ?? flow.flow_data;
  const parsed = flowDataSchema.safeParse(raw);
  if (!parsed.success) {
    throw new FlowValidationError(parsed.error.issues.map((i) => describeIssue(raw, i.path, i.message)));
  }
  const data = parsed.data;
  const check = checkFlowGraph(data, startNodeId);
  if (check.errors.length || !check.startId) throw new FlowValidationError(check.errors);
  const startId = check.startId;

  const nodes = new Map(data.nodes.map((n) => [n.id, n]));
  const edges = data.edges.filter((e) => e.target !== startId);
  const order = topologicalOrder(
    data.nodes.map((n) => n.id),
    edges,
  );
  const rank = new Map(order.map((id, i) => [id, i]));
  const incoming = new Map<string, FlowEdge[]>(order.map((id) => [id, []]));
  const outgoing = new Map<string, FlowEdge[]>(order.map((id) => [id, []]));
  for (const e of edges) {
    incoming.get(e.target)!.push(e);
    outgoing.get(e.source)!.push(e);
  }
  const ancestors = new Map<string, string[]>();
  for (const id of order) {
    const set = new Set<string>();
    for (const e of incoming.get(id)!) {
      for (const a of ancestors.get(e.source)!) set.add(a);
      set.add(e.source);
    }
    ancestors.set(id, [...set].sort((a, b) => rank.get(a)! - rank.get(b)!));
  }
  const routers = new Set(data.nodes.filter((n) => routingHandles(n) !== null).map((n) => n.id));
  return { flowId: flow.id, data, startId, nodes, order, rank, incoming, outgoing, ancestors, routers };
}

type EdgeState = 'active' | 'inactive' | 'failed';
const RESERVED_INPUT_KEYS = new Set(['payload', 'last', 'nodes']);

function servicesFor(context: FlowContext): { services: NodeServices; close: () => void } {
  let mailer: Mailer | null | undefined;
  let created: Mailer | null = null;
  const services: NodeServices = {
    libraryId: context.libraryId ?? null,
    userId: context.userId ?? null,
    db: context.db ?? null,
    resolveModel: context.resolveModel ?? createModelResolver({ libraryId: context.libraryId ?? undefined, credentials: context.credentials, providerEnv: context.providerEnv }),
    modelTimeoutMs: context.modelTimeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS,
    modelMaxRetries: context.modelMaxRetries ?? DEFAULT_MODEL_MAX_RETRIES,
    ssrf: { allowHosts: context.allowHosts ?? [], lookup: context.lookup },
    httpTimeoutMs: context.httpTimeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS,
    mailer: () => {
      if (mailer === undefined) {
        if (context.email?.transport) mailer = context.email.transport;
        else if (context.email?.smtpUrl) mailer = created = createTransport(context.email.smtpUrl) as unknown as Mailer;
        else mailer = null;
      }
      return mailer;
    },
    mailFrom: context.email?.from ?? DEFAULT_FLOW_MAIL_FROM,
    mcp: context.mcp ? { masterKey: context.mcp.masterKey, callTimeoutMs: context.mcp.callTimeoutMs ?? MCP_LIMITS.callMs } : null,
  };
  return { services, close: () => created?.close?.() };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs a flow (see the semantics at the top of this file). Throws FlowValidationError before running
 * anything when the graph cannot run; otherwise always answers the run, failed or not.
 */
export async function runFlow(flow: RunnableFlow | PreparedFlow, options: RunFlowOptions = {}): Promise<FlowRun> {
  const prepared = 'order' in flow ? flow : prepareFlow(flow, options.startNodeId);
  if (options.startNodeId !== undefined && options.startNodeId !== prepared.startId) {
    throw new Error(`This flow was prepared to start at "${prepared.startId}", not "${options.startNodeId}": prepare it with that start node.`);
  }
  const context = options.context ?? {};
  const payload = options.payload === undefined ? {} : options.payload;
  const signal = options.signal ?? new AbortController().signal;
  const startedAt = new Date();
  const t0 = performance.now();
  const { services, close } = servicesFor(context);

  const { nodes, order, rank, incoming, outgoing, ancestors, routers, startId } = prepared;
  const results = new Map<string, FlowRunNodeResult>();
  const edgeState = new Map<string, EdgeState>();
  /** for failed edges: the node whose failure they carry */
  const failedBy = new Map<string, string>();
  const outputs = new Map<string, unknown>();
  const forwards = new Map<string, unknown>();
  const pending = new Map<string, number>(order.map((id) => [id, incoming.get(id)!.length]));
  let settled = 0;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));

  /** one object shape for every result (cheap to build, and every field present in the trace) */
  const result = (
    node: FlowNode,
    status: FlowRunNodeResult['status'],
    input: unknown,
    output: unknown,
    error: string | null,
    startedIso: string | null,
    durationMs: number,
    handle: string | null,
    reason: string | null,
  ): FlowRunNodeResult => ({
    nodeId: node.id,
    type: node.type,
    subtype: node.data.subtype ?? '',
    label: flowNodeName(node),
    status,
    input,
    output,
    error,
    started_at: startedIso,
    duration_ms: durationMs,
    handle,
    reason,
  });

  function settle(id: string, result: FlowRunNodeResult, stateOf: (edge: FlowEdge) => EdgeState, failure?: string) {
    results.set(id, result);
    try {
      context.onNode?.(result);
    } catch {
      /* a listener's failure must not break the run */
    }
    for (const edge of outgoing.get(id)!) {
      const state = stateOf(edge);
      edgeState.set(edge.id, state);
      if (state === 'failed' && failure) failedBy.set(edge.id, failure);
      const left = pending.get(edge.target)! - 1;
      pending.set(edge.target, left);
      if (left === 0) decide(edge.target);
    }
    if (++settled === order.length) finish();
  }

  function skip(id: string, reason: string, state: EdgeState, failure?: string) {
    const node = nodes.get(id)!;
    settle(id, result(node, 'skipped', null, null, null, null, 0, null, reason), () => state, failure);
  }

  function decide(id: string) {
    if (signal.aborted) return skip(id, FLOW_RUN_MESSAGES.cancelledBeforeStart, 'inactive');
    if (id === startId) return void execute(id, [], payload);
    const edges = incoming.get(id)!;
    const failed = edges.find((e) => edgeState.get(e.id) === 'failed');
    if (failed) {
      const origin = failedBy.get(failed.id)!;
      return skip(id, FLOW_RUN_MESSAGES.upstreamFailed(origin), 'failed', origin);
    }
    const active = edges.filter((e) => edgeState.get(e.id) === 'active');
    if (active.length === 0) return skip(id, edges.length ? FLOW_RUN_MESSAGES.notReached : FLOW_RUN_MESSAGES.notReachedFromStart, 'inactive');
    // `last`: from the active predecessor latest in topological order
    const from = active.reduce((a, b) => (rank.get(b.source)! > rank.get(a.source)! ? b : a)).source;
    void execute(id, ancestors.get(id)!, forwards.get(from));
  }

  async function execute(id: string, upstream: readonly string[], last: unknown) {
    const node = nodes.get(id)!;
    const input: Record<string, unknown> = { payload };
    const scopeNodes: FlowScope['nodes'] = {};
    for (const a of upstream) {
      if (!outputs.has(a)) continue;
      const output = outputs.get(a);
      scopeNodes[a] = { output };
      if (!RESERVED_INPUT_KEYS.has(a)) input[a] = output;
    }
    input.last = last;
    const startedIso = new Date().toISOString();
    const since = performance.now();
    let outcome: NodeOutcome;
    try {
      outcome = await EXECUTORS[executorKey(node)]({ node, input, scope: { input, nodes: scopeNodes }, services, signal });
    } catch (error) {
      const cancelled = signal.aborted;
      const message = cancelled ? FLOW_RUN_MESSAGES.cancelled : errorText(error);
      const output = error instanceof NodeError && error.output !== undefined ? error.output : null;
      const name = flowNodeName(node);
      settle(id, result(node, 'failed', input, output, message, startedIso, Math.round(performance.now() - since), null, null), () => (cancelled ? 'inactive' : 'failed'), name);
      return;
    }
    outputs.set(id, outcome.output);
    forwards.set(id, outcome.forward === undefined ? outcome.output : outcome.forward);
    const routes = routers.has(id);
    settle(id, result(node, 'succeeded', input, outcome.output, null, startedIso, Math.round(performance.now() - since), routes ? (outcome.handle ?? null) : null, null), (edge) =>
      !routes || edge.sourceHandle === outcome.handle ? 'active' : 'inactive',
    );
  }

  try {
    // roots first (they have no incoming edge, so nothing else decides them); the rest follow as edges settle
    const roots = order.filter((id) => pending.get(id) === 0);
    for (const id of roots) decide(id);
    await done;
  } finally {
    close();
  }

  const list = order.map((id) => results.get(id)!);
  const firstFailure = list.find((r) => r.status === 'failed');
  const cancelled = signal.aborted;
  return {
    id: options.runId ?? randomUUID(),
    flow_id: prepared.flowId,
    status: cancelled ? 'cancelled' : firstFailure ? 'failed' : 'succeeded',
    trigger: options.trigger ?? 'test',
    payload,
    nodes: list,
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    duration_ms: Math.round(performance.now() - t0),
    error: cancelled ? FLOW_RUN_MESSAGES.cancelled : firstFailure ? FLOW_RUN_MESSAGES.nodeFailed(firstFailure.label, firstFailure.error ?? '') : null,
  };
}
