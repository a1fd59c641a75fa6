// A local OpenAI-compatible model server for tests, e2e and benchmarks: POST /v1/chat/completions with
// and without `stream: true` (SSE chunks + [DONE]) and tool calls. It answers deterministically from
// the request: scripted replies first (in order), otherwise it echoes the last user message. Every
// request is recorded so tests can check exactly what the runtime sent.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | { type: string; text?: string }[] | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface ChatRequestBody {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }[];
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  [key: string]: unknown;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatRequestBody;
}

export interface ModelReply {
  /** the assistant's text */
  text?: string;
  /** ask the client to call these tools (it sends their results in its next request) */
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
  /** answer with this HTTP status and error message instead */
  status?: number;
  error?: string;
  headers?: Record<string, string>;
  /** wait this long before answering (timeouts, cancellation) */
  delayMs?: number;
}
export type ModelRule = ModelReply | ((request: RecordedRequest) => ModelReply);

export interface ModelServer {
  /** base URL including /v1, as OpenAI clients expect */
  url: string;
  requests: RecordedRequest[];
  /** how many POST /v1/embeddings were answered (they are not in `requests`) */
  readonly embeddingRequests: number;
  /** queues replies, used one per request before falling back to the default */
  reply(...rules: ModelRule[]): void;
  /** the answer when no queued reply is left (null: echo the last user message) */
  setDefaultReply(rule: ModelRule | null): void;
  reset(): void;
  close(): Promise<void>;
}

export interface ModelServerOptions {
  /** when set, requests must carry `Authorization: Bearer <apiKey>` (or `api-key: <apiKey>`, see keyHeader) */
  apiKey?: string;
  /** Azure OpenAI sends its key as `api-key`; OpenAI as a bearer token */
  keyHeader?: 'authorization' | 'api-key';
  port?: number;
  host?: string;
}

export const textOf = (content: ChatMessage['content']): string =>
  typeof content === 'string' ? content : (content ?? []).map((p) => p.text ?? '').join('');

export function lastUserMessage(body: ChatRequestBody): string {
  const last = [...body.messages].reverse().find((m) => m.role === 'user');
  return last ? textOf(last.content) : '';
}

/**
 * A model that answers from the knowledge base, deterministically: offered the knowledge base search
 * tool, it first calls it with the question, then answers with the first result's passage and source.
 * Other models keep echoing; this one is chosen by name (e2e agents that must cite).
 */
export const KNOWLEDGE_READER_MODEL = 'knowledge-reader';
const KNOWLEDGE_TOOL_ID = 'internal_knowledge_base_search';

function readKnowledge(body: ChatRequestBody): ModelReply {
  const toolResult = [...body.messages].reverse().find((m) => m.role === 'tool');
  if (!toolResult) {
    if (!body.tools?.some((t) => t.function.name === KNOWLEDGE_TOOL_ID)) return { text: lastUserMessage(body) };
    return { toolCalls: [{ name: KNOWLEDGE_TOOL_ID, arguments: { query: lastUserMessage(body) } }] };
  }
  let results: { source?: string; snippet?: string }[] = [];
  try {
    const parsed = JSON.parse(textOf(toolResult.content)) as { results?: typeof results };
    results = parsed.results ?? [];
  } catch {
    /* not JSON: nothing found */
  }
  const [first] = results;
  return { text: first ? `${first.snippet ?? ''} (Source: ${first.source ?? ''})` : 'I could not find that in the knowledge base.' };
}

/**
 * A model that uses the tool it is offered, deterministically: with no tool result yet it calls the first
 * tool, each string property of its input set to the question; then it answers with what the tool said
 * (`Tool answered: …`, or `Tool failed: …`). For tests and e2e agents that must call an attached tool.
 */
export const TOOL_CALLER_MODEL = 'tool-caller';

function callFirstTool(body: ChatRequestBody): ModelReply {
  const toolResult = [...body.messages].reverse().find((m) => m.role === 'tool');
  if (toolResult) {
    const text = textOf(toolResult.content);
    let parsed: { result?: unknown; error?: unknown } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      /* plain text */
    }
    return { text: parsed.error !== undefined ? `Tool failed: ${String(parsed.error)}` : `Tool answered: ${typeof parsed.result === 'string' ? parsed.result : text}` };
  }
  const [first] = body.tools ?? [];
  if (!first) return { text: lastUserMessage(body) };
  const properties = ((first.function.parameters ?? {}) as { properties?: Record<string, { type?: string }> }).properties ?? {};
  const args = Object.fromEntries(Object.entries(properties).filter(([, p]) => p.type === 'string').map(([k]) => [k, lastUserMessage(body)]));
  return { toolCalls: [{ name: first.function.name, arguments: args }] };
}

/**
 * Generate with AI's structured answer, scripted from the request: asked for the agent draft schema
 * (response_format json_schema named agent_draft) with nothing queued, it drafts a two-step agent
 * from the description, so e2e tests get a filled editor without a real model.
 */
export const AGENT_DRAFT_SCHEMA = 'agent_draft';

function draftAgent(body: ChatRequestBody): ModelReply {
  const description = lastUserMessage(body).trim();
  const words = description.split(/\s+/).filter(Boolean).slice(0, 4).join(' ').replace(/[\/\\]/g, ' ');
  const name = `${words.charAt(0).toUpperCase()}${words.slice(1)} Agent`.slice(0, 60);
  return {
    text: JSON.stringify({
      name,
      description,
      category: 'Research',
      params: { topic: '' },
      steps: [
        { name: 'Research', query: `Research {topic} for this purpose: ${description}`, tools: ['Google Search'] },
        { name: 'Summarise', query: 'Summarise the findings in three bullet points.', tools: [] },
      ],
      tools: ['Google Search'],
    }),
  };
}

const asksForDraft = (body: ChatRequestBody) => {
  const format = body.response_format as { type?: string; json_schema?: { name?: string } } | undefined;
  return format?.type === 'json_schema' && format.json_schema?.name === AGENT_DRAFT_SCHEMA;
};

export const EMBEDDING_DIMENSIONS = 256;

/**
 * A deterministic embedding: each lower-cased word (and its first five letters, so "prices" meets
 * "pricing") hashed into one of 256 dimensions, the vector normalised. Texts that share words are near.
 */
export function embedText(text: string): number[] {
  const vector = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  const bump = (term: string, weight: number) => {
    let hash = 2166136261;
    for (let i = 0; i < term.length; i++) hash = Math.imul(hash ^ term.charCodeAt(i), 16777619);
    vector[(hash >>> 0) % EMBEDDING_DIMENSIONS] += weight;
  };
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    bump(word, 1);
    if (word.length > 5) bump(word.slice(0, 5), 0.5);
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((v) => v / norm);
}

/** A stand-in token count: words. */
const tokens = (text: string) => Math.max(1, text.split(/\s+/).filter(Boolean).length);

/** Waits `ms` before answering; false when the client went away meanwhile (then there is no one to answer). */
export async function waitUnlessClosed(res: ServerResponse, ms: number): Promise<boolean> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return !(res.destroyed || res.writableEnded);
}

export async function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  let queue: ModelRule[] = [];
  let fallback: ModelRule | null = null;
  let ids = 0;
  let embeddingRequests = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req.url ?? '', req.method ?? '', req.headers, Buffer.concat(chunks).toString('utf8'), res);
    });
  });

  async function handle(url: string, method: string, headers: IncomingHttpHeaders, raw: string, res: ServerResponse) {
    const path = url.split('?')[0];
    if (method === 'POST' && /\/embeddings$/.test(path)) return embeddings(headers, raw, res);
    if (method !== 'POST' || !/\/chat\/completions$/.test(path)) return json(res, 404, { error: { message: `Unknown route ${method} ${path}`, type: 'invalid_request_error' } });
    let body: ChatRequestBody;
    try {
      body = JSON.parse(raw) as ChatRequestBody;
    } catch {
      return json(res, 400, { error: { message: 'Invalid JSON body', type: 'invalid_request_error' } });
    }
    const recorded: RecordedRequest = { path, headers, body };
    requests.push(recorded);
    const sentKey = options.keyHeader === 'api-key' ? headers['api-key'] : headers.authorization;
    if (options.apiKey && sentKey !== (options.keyHeader === 'api-key' ? options.apiKey : `Bearer ${options.apiKey}`)) {
      return json(res, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
    }
    const rule = queue.shift() ?? fallback;
    const reply: ModelReply =
      typeof rule === 'function'
        ? rule(recorded)
        : (rule ?? (asksForDraft(body) ? draftAgent(body) : body.model === KNOWLEDGE_READER_MODEL ? readKnowledge(body) : body.model === TOOL_CALLER_MODEL ? callFirstTool(body) : { text: lastUserMessage(body) }));

    if (reply.delayMs) {
      // stop waiting when the client goes away (a cancelled or timed-out run)
      if (!(await waitUnlessClosed(res, reply.delayMs))) return;
    }
    if (reply.status && reply.status >= 400) {
      return json(res, reply.status, { error: { message: reply.error ?? `HTTP ${reply.status}`, type: 'server_error' } }, reply.headers);
    }

    const id = `chatcmpl-${++ids}`;
    const created = Math.floor(Date.now() / 1000);
    const text = reply.text ?? '';
    const toolCalls = (reply.toolCalls ?? []).map((c, i) => ({ id: `call_${ids}_${i}`, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.arguments) } }));
    const finishReason = toolCalls.length ? 'tool_calls' : 'stop';
    const promptTokens = body.messages.reduce((n, m) => n + tokens(textOf(m.content)), 0);
    const usage = { prompt_tokens: promptTokens, completion_tokens: tokens(text), total_tokens: promptTokens + tokens(text) };

    if (!body.stream) {
      const message = { role: 'assistant', content: toolCalls.length && !text ? null : text, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
      return json(res, 200, { id, object: 'chat.completion', created, model: body.model, choices: [{ index: 0, message, finish_reason: finishReason }], usage }, reply.headers);
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...reply.headers });
    const send = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices, ...extra })}\n\n`);
    send([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
    // word by word, so clients see several deltas
    for (const piece of text.match(/\S+\s*|\s+/g) ?? []) send([{ index: 0, delta: { content: piece }, finish_reason: null }]);
    toolCalls.forEach((call, index) => {
      send([{ index: 0, delta: { tool_calls: [{ index, ...call }] }, finish_reason: null }]);
    });
    send([{ index: 0, delta: {}, finish_reason: finishReason }]);
    send([], { usage });
    res.end('data: [DONE]\n\n');
  }

  /** POST /v1/embeddings: deterministic vectors (see embedText), with the same key check as chat. */
  function embeddings(headers: IncomingHttpHeaders, raw: string, res: ServerResponse) {
    const sentKey = options.keyHeader === 'api-key' ? headers['api-key'] : headers.authorization;
    if (options.apiKey && sentKey !== (options.keyHeader === 'api-key' ? options.apiKey : `Bearer ${options.apiKey}`)) {
      return json(res, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
    }
    let body: { model?: string; input?: string | string[] };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return json(res, 400, { error: { message: 'Invalid JSON body', type: 'invalid_request_error' } });
    }
    const inputs = typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input : null;
    if (!inputs) return json(res, 400, { error: { message: "'input' is required", type: 'invalid_request_error' } });
    embeddingRequests++;
    const data = inputs.map((text, index) => ({ object: 'embedding', index, embedding: embedText(String(text)) }));
    const used = inputs.reduce((n, t) => n + tokens(String(t)), 0);
    return json(res, 200, { object: 'list', data, model: body.model ?? '', usage: { prompt_tokens: used, total_tokens: used } });
  }

  function json(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(payload));
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/v1`,
    requests,
    get embeddingRequests() {
      return embeddingRequests;
    },
    reply: (...rules) => {
      queue.push(...rules);
    },
    setDefaultReply: (rule) => {
      fallback = rule;
    },
    reset: () => {
      requests.length = 0;
      queue = [];
      fallback = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
