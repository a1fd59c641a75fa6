// What a node executor receives and answers. Executors are pure functions of their node, input and
// context; the engine records timing, input, output and errors around them.
import type { FlowNode, FlowNodeType } from '@accent/flows-common';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ResolvedModel } from '../../runtime/providers.js';
import type { SsrfPolicy } from '../../net/ssrf.js';
import type { FlowScope } from '../templating.js';

/** What the email action needs from nodemailer (a Transporter fits; tests may pass any). */
export interface Mailer {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<{ messageId?: string; accepted?: unknown[]; rejected?: unknown[] }>;
  close?(): void;
}

/** The engine's services for one run, with defaults filled in. */
export interface NodeServices {
  /** the library the flow belongs to (database action, stored model credentials) */
  libraryId: string | null;
  /** who started the run (database rows' created_by); null for schedules and webhooks */
  userId: string | null;
  db: Kysely<DB> | null;
  resolveModel: (name: string) => Promise<ResolvedModel>;
  /** model call timeout (ms) */
  modelTimeoutMs: number;
  /** provider retries per model call */
  modelMaxRetries: number;
  ssrf: SsrfPolicy;
  /** HTTP request timeout (ms), unless the node sets timeoutSeconds */
  httpTimeoutMs: number;
  /** the email action's transport (created from SMTP_URL once per run), null when not configured */
  mailer: () => Mailer | null;
  mailFrom: string;
  /** MCP tool nodes: the key that opens the servers' secrets and one call's time limit; null: none here */
  mcp: { masterKey: Buffer; callTimeoutMs: number } | null;
}

export interface NodeExecution<N extends FlowNode = FlowNode> {
  node: N;
  /** {payload, <upstream node id>: output…, last} */
  input: Record<string, unknown>;
  scope: FlowScope;
  services: NodeServices;
  /** aborted when the run is cancelled */
  signal: AbortSignal;
}

export interface NodeOutcome {
  /** recorded in the trace and visible to later nodes as `nodes.<id>.output` / `<id>` */
  output: unknown;
  /** routing nodes: only edges leaving from this source handle are followed */
  handle?: string;
  /** what following nodes see as `last` (default: output); routing nodes pass on what they received */
  forward?: unknown;
}

export type NodeExecutor<N extends FlowNode = FlowNode> = (execution: NodeExecution<N>) => NodeOutcome | Promise<NodeOutcome>;

export type ExecutorKey =
  | 'trigger'
  | 'llm'
  | 'analysis'
  | 'condition'
  | 'switch'
  | 'api_call'
  | 'webhook'
  | 'email'
  | 'slack'
  | 'database'
  | 'mcp_tool';

export type NodeOf<T extends FlowNodeType> = Extract<FlowNode, { type: T }>;

/** A failure the node reports as its error (the message is shown as is). */
export class NodeError extends Error {
  override name = 'NodeError';
  constructor(
    message: string,
    /** recorded as the node's output despite the failure (e.g. the HTTP response) */
    readonly output?: unknown,
  ) {
    super(message);
  }
}
