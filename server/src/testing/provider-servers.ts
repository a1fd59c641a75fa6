// Local servers speaking the other providers' real wire formats, for tests that drive the real AI SDK
// providers against them (the OpenAI Chat Completions one, also Azure's, is model-server.ts):
// - Anthropic Messages: POST /v1/messages (x-api-key), JSON or SSE events (message_start,
//   content_block_start/delta/stop, message_delta, message_stop), tool_use blocks, error objects;
// - Google Gemini: POST /v1beta/models/<model>:generateContent and :streamGenerateContent?alt=sse
//   (x-goog-api-key), functionCall parts, error objects with status names.
// Replies follow the same rules as the OpenAI server (scripted, else an echo of the last user text);
// every request is recorded so tests can assert exactly what the SDK sent.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ModelReply, waitUnlessClosed } from './model-server.js';

export interface ProviderRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  // the provider's JSON body as sent
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}
export type ProviderRule = ModelReply | ((request: ProviderRequest) => ModelReply);

export interface ProviderServer {
  /** the base URL the provider's SDK takes (its `baseURL`) */
  url: string;
  requests: ProviderRequest[];
  reply(...rules: ProviderRule[]): void;
  reset(): void;
  close(): Promise<void>;
}

interface Protocol {
  /** the base URL path the SDK is given */
  basePath: string;
  route(path: string): boolean;
  authorized(request: ProviderRequest): boolean;
  /** the text to echo: the last user text of the request */
  lastUserText(body: ProviderRequest['body']): string;
  error(status: number, message: string): unknown;
  isStream(request: ProviderRequest): boolean;
  answer(reply: Required<Pick<ModelReply, 'text'>> & ModelReply, request: ProviderRequest, id: number): unknown;
  /** the SSE frames of a streamed answer */
  stream(reply: Required<Pick<ModelReply, 'text'>> & ModelReply, request: ProviderRequest, id: number): string[];
}

const words = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];
const tokens = (text: string) => Math.max(1, text.split(/\s+/).filter(Boolean).length);

async function startProviderServer(protocol: Protocol, port = 0): Promise<ProviderServer> {
  const requests: ProviderRequest[] = [];
  let queue: ProviderRule[] = [];
  let ids = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(req.url ?? '', req.method ?? '', req.headers, Buffer.concat(chunks).toString('utf8'), res));
  });

  async function handle(url: string, method: string, headers: IncomingHttpHeaders, raw: string, res: ServerResponse) {
    const parsed = new URL(url, 'http://localhost');
    if (method !== 'POST' || !protocol.route(parsed.pathname)) return json(res, 404, protocol.error(404, `Unknown route ${method} ${parsed.pathname}`));
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return json(res, 400, protocol.error(400, 'Invalid JSON body'));
    }
    const request: ProviderRequest = { path: parsed.pathname, query: parsed.searchParams, headers, body };
    requests.push(request);
    if (!protocol.authorized(request)) return json(res, 401, protocol.error(401, 'invalid api key'));
    const rule = queue.shift();
    const reply = typeof rule === 'function' ? rule(request) : (rule ?? { text: protocol.lastUserText(body) });
    if (reply.delayMs) {
      if (!(await waitUnlessClosed(res, reply.delayMs))) return;
    }
    if (reply.status && reply.status >= 400) return json(res, reply.status, protocol.error(reply.status, reply.error ?? `HTTP ${reply.status}`), reply.headers);
    const full = { ...reply, text: reply.text ?? '' };
    const id = ++ids;
    if (!protocol.isStream(request)) return json(res, 200, protocol.answer(full, request, id), reply.headers);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...reply.headers });
    for (const frame of protocol.stream(full, request, id)) res.write(frame);
    res.end();
  }

  function json(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(payload));
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}${protocol.basePath}`,
    requests,
    reply: (...rules) => {
      queue.push(...rules);
    },
    reset: () => {
      requests.length = 0;
      queue = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- Anthropic Messages -------------------------------------------------------------------------

interface AnthropicBlock {
  type: string;
  text?: string;
}

const ANTHROPIC_ERRORS: Record<number, string> = { 400: 'invalid_request_error', 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 429: 'rate_limit_error', 500: 'api_error', 529: 'overloaded_error' };

export function startAnthropicServer(options: { apiKey: string; port?: number }): Promise<ProviderServer> {
  const toolUses = (reply: ModelReply, id: number) => (reply.toolCalls ?? []).map((c, i) => ({ type: 'tool_use', id: `toolu_${id}_${i}`, name: c.name, input: c.arguments }));
  const inputTokens = (body: { messages: { content: string | AnthropicBlock[] }[] }) =>
    body.messages.reduce((n, m) => n + tokens(typeof m.content === 'string' ? m.content : m.content.map((b) => b.text ?? '').join(' ')), 0);
  const sse = (type: string, data: unknown) => `event: ${type}\ndata: ${JSON.stringify({ type, ...(data as object) })}\n\n`;
  return startProviderServer(
    {
      basePath: '/v1',
      route: (path) => path === '/v1/messages',
      authorized: (r) => r.headers['x-api-key'] === options.apiKey && typeof r.headers['anthropic-version'] === 'string',
      lastUserText: (body: { messages: { role: string; content: string | AnthropicBlock[] }[] }) => {
        const last = [...body.messages].reverse().find((m) => m.role === 'user' && (typeof m.content === 'string' || m.content.some((b) => b.type === 'text')));
        if (!last) return '';
        return typeof last.content === 'string' ? last.content : last.content.filter((b) => b.type === 'text').map((b) => b.text).join('');
      },
      error: (status, message) => ({ type: 'error', error: { type: ANTHROPIC_ERRORS[status] ?? 'api_error', message } }),
      isStream: (r) => r.body.stream === true,
      answer: (reply, r, id) => {
        const uses = toolUses(reply, id);
        return {
          id: `msg_${id}`,
          type: 'message',
          role: 'assistant',
          model: r.body.model,
          content: [...(reply.text ? [{ type: 'text', text: reply.text }] : []), ...uses],
          stop_reason: uses.length ? 'tool_use' : 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: inputTokens(r.body), output_tokens: tokens(reply.text) },
        };
      },
      stream: (reply, r, id) => {
        const uses = toolUses(reply, id);
        const frames = [
          sse('message_start', { message: { id: `msg_${id}`, type: 'message', role: 'assistant', model: r.body.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: inputTokens(r.body), output_tokens: 1 } } }),
          sse('ping', {}),
        ];
        let index = 0;
        if (reply.text) {
          frames.push(sse('content_block_start', { index, content_block: { type: 'text', text: '' } }));
          for (const piece of words(reply.text)) frames.push(sse('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }));
          frames.push(sse('content_block_stop', { index }));
          index++;
        }
        for (const use of uses) {
          frames.push(sse('content_block_start', { index, content_block: { ...use, input: {} } }));
          const partial = JSON.stringify(use.input);
          // the input arrives as JSON in pieces
          for (const piece of [partial.slice(0, Math.ceil(partial.length / 2)), partial.slice(Math.ceil(partial.length / 2))]) {
            frames.push(sse('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }));
          }
          frames.push(sse('content_block_stop', { index }));
          index++;
        }
        frames.push(sse('message_delta', { delta: { stop_reason: uses.length ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: tokens(reply.text) } }));
        frames.push(sse('message_stop', {}));
        return frames;
      },
    },
    options.port,
  );
}

// ---- Google Gemini --------------------------------------------------------------------------------

interface GeminiPart {
  text?: string;
  functionCall?: unknown;
  functionResponse?: unknown;
}

const GEMINI_STATUSES: Record<number, string> = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };

export function startGeminiServer(options: { apiKey: string; port?: number }): Promise<ProviderServer> {
  const parts = (reply: ModelReply): GeminiPart[] => [
    ...(reply.text ? [{ text: reply.text }] : []),
    ...(reply.toolCalls ?? []).map((c) => ({ functionCall: { name: c.name, args: c.arguments } })),
  ];
  const usage = (r: ProviderRequest, text: string) => {
    const prompt = (r.body.contents as { parts: GeminiPart[] }[]).reduce((n, c) => n + tokens(c.parts.map((p) => p.text ?? '').join(' ')), 0);
    return { promptTokenCount: prompt, candidatesTokenCount: tokens(text), totalTokenCount: prompt + tokens(text) };
  };
  return startProviderServer(
    {
      basePath: '/v1beta',
      route: (path) => /^\/v1beta\/models\/[^/:]+:(generateContent|streamGenerateContent)$/.test(path),
      authorized: (r) => r.headers['x-goog-api-key'] === options.apiKey,
      lastUserText: (body: { contents: { role: string; parts: GeminiPart[] }[] }) => {
        const last = [...body.contents].reverse().find((c) => c.role === 'user' && c.parts.some((p) => typeof p.text === 'string'));
        return last ? last.parts.map((p) => p.text ?? '').join('') : '';
      },
      error: (status, message) => ({ error: { code: status, message, status: GEMINI_STATUSES[status] ?? 'UNKNOWN' } }),
      isStream: (r) => r.path.endsWith(':streamGenerateContent'),
      answer: (reply, r) => ({
        candidates: [{ content: { role: 'model', parts: parts(reply) }, finishReason: 'STOP', index: 0 }],
        usageMetadata: usage(r, reply.text),
        modelVersion: r.path.split('/').pop()!.split(':')[0],
      }),
      stream: (reply, r) => {
        const frame = (payload: unknown) => `data: ${JSON.stringify(payload)}\r\n\r\n`;
        const model = r.path.split('/').pop()!.split(':')[0];
        const pieces = words(reply.text);
        const frames = pieces.map((piece) => frame({ candidates: [{ content: { role: 'model', parts: [{ text: piece }] }, index: 0 }], modelVersion: model }));
        const calls = parts({ toolCalls: reply.toolCalls });
        frames.push(frame({ candidates: [{ content: { role: 'model', parts: calls.length ? calls : [{ text: '' }] }, finishReason: 'STOP', index: 0 }], usageMetadata: usage(r, reply.text), modelVersion: model }));
        return frames;
      },
    },
    options.port,
  );
}
