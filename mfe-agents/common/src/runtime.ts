// The agent runtime's contract (DESIGN.md §4 "Runtime"): the invoke body, the streamed events, the
// recorded runs and their traces. The server validates and answers with these; the UI reads them.
import { z } from 'zod';
import type { ModelProvider } from './constants.js';
import { agentInvokeRequestSchema } from './schemas.js';

/** An OpenAI-compatible model server (Ollama, vLLM, LM Studio…); the model name is passed as typed. */
export const LOCAL_PROVIDER = 'local';

/** How each provider a step can use is named to people: the runtime's "no key" message and the agent pickers. */
export const RUNTIME_PROVIDER_LABELS: Record<ModelProvider | typeof LOCAL_PROVIDER, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  microsoft: 'Azure OpenAI',
  local: 'the local model server',
};

/**
 * What an agent picker shows beside an agent whose steps use providers the library cannot reach
 * (an agent list item's missingProviders), e.g. "no API key for Anthropic"; null when it can run.
 */
export function cannotRunNote(missing: readonly string[] | undefined): string | null {
  if (!missing || missing.length === 0) return null;
  const label = (p: string) => (RUNTIME_PROVIDER_LABELS as Record<string, string>)[p] ?? p;
  const keyless = missing.filter((p) => p !== LOCAL_PROVIDER).map(label);
  const parts = [
    ...(keyless.length > 0 ? [`no API key for ${keyless.join(' or ')}`] : []),
    ...(missing.includes(LOCAL_PROVIDER) ? [`no base URL for ${RUNTIME_PROVIDER_LABELS.local}`] : []),
  ];
  return parts.join('; ');
}

/** Where a run came from: the editor's Test Agent modal, the /agent-test page, a chatbot, the API, another agent, a background agent, a published page or a mission. */
export const RUN_SOURCES = ['test', 'agent-test', 'chatbot', 'api', 'agent', 'background', 'page', 'mission'] as const;
export type RunSource = (typeof RUN_SOURCES)[number];
/** Sources a caller may claim; 'agent' is set by the server for agent-to-agent calls. */
export const INVOKE_SOURCES = ['test', 'agent-test', 'chatbot', 'api'] as const;
/**
 * Sources that get the agent's fallback answer when a step fails. Test runs (editor and /agent-test)
 * get the real error instead, because they exist to debug the agent; visitors of published pages get
 * the fallback like chatbot users (the run keeps the real error).
 */
export const FALLBACK_SOURCES: readonly RunSource[] = ['chatbot', 'api', 'page', 'mission'];

export const RUN_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Fallback answers (Advanced Settings → fallback). 'search' answers with knowledge base results instead. */
export const FALLBACK_ANSWERS = {
  apologize: "I'm sorry, I couldn't complete that request. Could you clarify what you need?",
  escalate: "I've passed your request to a member of our team, who will follow up.",
} as const;

/** Ask Agent / Run Agent Command may nest this deep. */
export const MAX_AGENT_DEPTH = 3;
/** Model calls per step when the step has tools (tool call → result → answer…). */
export const MAX_TOOL_ROUNDS = 5;

/** POST /api/v1/agent/invoke: the spec's body plus `source` (what the UI is running it from). */
export const agentRunRequestSchema = agentInvokeRequestSchema.extend({
  source: z.enum(INVOKE_SOURCES, { error: `source must be one of ${INVOKE_SOURCES.join(', ')}` }).default('api'),
});
export type AgentRunRequest = z.input<typeof agentRunRequestSchema>;

export const runUsageSchema = z.object({ inputTokens: z.number(), outputTokens: z.number(), totalTokens: z.number() });
export type RunUsage = z.infer<typeof runUsageSchema>;

export const toolCallTraceSchema = z.object({
  /** the catalogue name, e.g. "internal knowledge base search" */
  tool: z.string(),
  input: z.unknown(),
  output: z.unknown(),
  error: z.string().nullable(),
  duration_ms: z.number(),
});
export type ToolCallTrace = z.infer<typeof toolCallTraceSchema>;

export const traceMessageSchema = z.object({ role: z.string(), content: z.string() });
export type TraceMessage = z.infer<typeof traceMessageSchema>;

/** The model settings a step was sent with. */
export const modelSettingsTraceSchema = z.object({
  temperature: z.number(),
  /** 0 = the provider's default */
  max_tokens: z.number(),
  max_retries: z.number(),
  /** seconds */
  timeout: z.number(),
  provider_model: z.string(),
});
export type ModelSettingsTrace = z.infer<typeof modelSettingsTraceSchema>;

export const stepTraceSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  provider: z.string(),
  /** the model name as configured on the step */
  model: z.string(),
  /** the provider's model id it was mapped to */
  provider_model: z.string(),
  prompt: z.string(),
  system: z.string(),
  /** messages of the thread sent before the prompt */
  history_messages: z.number().int(),
  output: z.string(),
  started_at: z.string(),
  duration_ms: z.number(),
  /** time inside model calls (the rest is tools and the runtime) */
  model_ms: z.number(),
  usage: runUsageSchema,
  error: z.string().nullable(),
  tool_calls: z.array(toolCallTraceSchema),
  /** e.g. a tool name that is not in the catalogue and was left out */
  warnings: z.array(z.string()),
  // What was sent to the model; optional because runs recorded before they existed lack them.
  /** the instructions as the system message, then the history and the user's message, in order */
  messages: z.array(traceMessageSchema).optional(),
  /** names of the earlier steps whose outputs were added to the instructions (the prompt placed none) */
  context_steps: z.array(z.string()).optional(),
  /** catalogue names of the tools offered to the model */
  tools: z.array(z.string()).optional(),
  settings: modelSettingsTraceSchema.optional(),
});
export type StepTrace = z.infer<typeof stepTraceSchema>;

export const runTraceSchema = z.object({
  steps: z.array(stepTraceSchema),
  /** set when a step failed and the agent's fallback answered instead */
  fallback: z.object({ mode: z.enum(['apologize', 'escalate', 'search']), error: z.string() }).nullable(),
  escalated: z.boolean(),
  /** 0 for a run started by a person, 1+ for Ask Agent / Run Agent Command */
  depth: z.number().int(),
  /** which conversation the history came from and went to ('' = none) */
  thread_key: z.string(),
});
export type RunTrace = z.infer<typeof runTraceSchema>;

export const runSummarySchema = z.object({
  id: z.string(),
  agent_name: z.string(),
  agent_version: z.number().int().nullable(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  thread_id: z.string(),
  source: z.enum(RUN_SOURCES),
  status: z.enum(RUN_STATUSES),
  error: z.string().nullable(),
  input: z.object({ query: z.string(), params: z.record(z.string(), z.string()) }),
  output: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().nullable(),
  model_ms: z.number().nullable(),
  usage: runUsageSchema.nullable(),
  /** USD at the library's prices when the run was recorded; null: a model with no price (cost_note says which) */
  cost_usd: z.number().nullable().optional(),
  cost_note: z.string().nullable().optional(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const runDetailSchema = runSummarySchema.extend({ trace: runTraceSchema.nullable() });
export type RunDetail = z.infer<typeof runDetailSchema>;

export const RUNS_LIST_MAX = 100;
export const runsListQuerySchema = z.object({
  name: z.string().trim().min(1, 'Agent name is required').max(200),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(RUNS_LIST_MAX, `limit must be at most ${RUNS_LIST_MAX}`).default(20),
});
export const runsListResponseSchema = z.object({ runs: z.array(runSummarySchema) });
export type RunsListResponse = z.infer<typeof runsListResponseSchema>;
export const runIdParamsSchema = z.object({ id: z.uuid({ error: 'Run id must be a UUID' }) });

/** GET /api/v1/agent/thread?name=&thread_id= : the caller's own runs of one conversation, oldest first. */
export const THREAD_TURNS_MAX = 100;
export const threadQuerySchema = z.object({
  name: z.string().trim().min(1, 'Agent name is required').max(200),
  thread_id: z.string().trim().min(1, 'thread_id is required').max(200),
});
export const threadToolSchema = z.object({ tool: z.string(), failed: z.boolean(), summary: z.string() });
export type ThreadTool = z.infer<typeof threadToolSchema>;
export const threadTurnSchema = z.object({
  run_id: z.string(),
  query: z.string(),
  status: z.enum(RUN_STATUSES),
  /** the answer (null while running, or when the run failed) */
  output: z.string().nullable(),
  error: z.string().nullable(),
  started_at: z.string(),
  /** each tool call of the run, in order, with its one-line summary */
  tools: z.array(threadToolSchema),
});
export type ThreadTurn = z.infer<typeof threadTurnSchema>;
export const threadResponseSchema = z.object({ turns: z.array(threadTurnSchema) });
export type ThreadResponse = z.infer<typeof threadResponseSchema>;

/**
 * Events of a streamed run (`Accept: text/event-stream`), each sent as `data: <json>\n\n`, in this
 * order: run, then per step: step, delta…, tool…; finally done or error.
 */
export const runEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run'), run_id: z.string() }),
  z.object({ type: z.literal('step'), index: z.number().int(), name: z.string() }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  /** summary: when the call has finished, what it did in a few words ("Searched knowledge base · 3 results") */
  z.object({ type: z.literal('tool'), name: z.string(), status: z.enum(['started', 'succeeded', 'failed']), summary: z.string().optional() }),
  z.object({ type: z.literal('done'), output: z.string(), run_id: z.string(), elapsed_ms: z.number() }),
  /** status: the HTTP status the plain-text call would have answered */
  z.object({ type: z.literal('error'), message: z.string(), status: z.number().int().optional() }),
]);
export type RunEvent = z.infer<typeof runEventSchema>;

/** The header of a plain-text invoke answer naming its recorded run (GET /api/v1/runs/:id). */
export const RUN_ID_HEADER = 'x-run-id';
