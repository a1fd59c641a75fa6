// The runtime client over real HTTP: a node:http server on 127.0.0.1 plays the agent runtime (SSE in
// awkward chunks, errors, cancellation), and the runs and demo clients read their answers. No mocks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunDetail, RunEvent, RunSummary } from '../runtime.js';
import { createDemoApi } from './demo-api.js';
import { ApiError, createApiClient } from '@accent/shared/client';
import { createInvokeAgent, createSseParser, isAbortError, parseRunEvent, runIdOf, type InvokeAuth } from './invoke.js';
import { createRunsApi } from './runs-api.js';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}
type Handler = (req: Recorded, res: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

let handler: Handler;
const requests: Recorded[] = [];
/** resolves when the server sees a client go away mid-answer */
let closedByClient: Promise<void>;
let markClosed: () => void;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the text
    }
    const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
    requests.push(recorded);
    res.on('close', () => {
      if (!res.writableEnded) markClosed();
    });
    void handler(recorded, res, req);
  });
});
let baseURL = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
beforeEach(() => {
  requests.length = 0;
  closedByClient = new Promise((resolve) => (markClosed = resolve));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sse = (event: RunEvent) => `data: ${JSON.stringify(event)}\n\n`;
const json = (res: ServerResponse, status: number, body: unknown, statusText?: string) => {
  res.writeHead(status, statusText ?? '', { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const openStream = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
/** Writes bytes in pieces of `size`, flushing each. */
async function writeInPieces(res: ServerResponse, text: string, size: number) {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) {
    res.write(bytes.subarray(i, i + size));
    await sleep(1);
  }
}

const EVENTS: RunEvent[] = [
  { type: 'run', run_id: 'run-1' },
  { type: 'step', index: 0, name: 'Qualify lead' },
  { type: 'delta', text: 'Grüße, ' },
  { type: 'tool', name: 'internal knowledge base search', status: 'started' },
  { type: 'tool', name: 'internal knowledge base search', status: 'succeeded' },
  { type: 'delta', text: 'Acme is a fit 🚀' },
  { type: 'step', index: 1, name: 'Summarise' },
  { type: 'delta', text: 'Score: 87' },
  { type: 'done', output: 'Score: 87', run_id: 'run-1', elapsed_ms: 42 },
];
const BODY = { name: 'Lead Qualifier', query: 'Qualify Acme', params: { company: 'Acme' }, thread_id: 't-1', source: 'test' as const };

describe('SSE parser', () => {
  const collect = (chunks: string[], finish = true) => {
    const out: string[] = [];
    const parser = createSseParser((d) => out.push(d));
    for (const c of chunks) parser.push(c);
    if (finish) parser.end();
    return out;
  };

  it('gives the same events however the text is split', () => {
    const text = 'data: {"a":1}\n\n: a comment\ndata: line one\ndata: line two\n\r\nevent: x\nid: 7\ndata:no-space\r\rdata: last\r\n\r\n';
    const expected = ['{"a":1}', 'line one\nline two', 'no-space', 'last'];
    expect(collect([text])).toEqual(expected);
    for (let i = 0; i <= text.length; i++) expect(collect([text.slice(0, i), text.slice(i)])).toEqual(expected);
    expect(collect(text.split(''))).toEqual(expected);
  });

  it('treats \\r\\n split across chunks as one line end', () => {
    expect(collect(['data: a\r', '\ndata: b\r', '\n\r', '\n'])).toEqual(['a\nb']);
  });

  it('delivers a last event without its blank line at the end, and nothing for an empty stream', () => {
    expect(collect(['data: tail'])).toEqual(['tail']);
    expect(collect(['data: tail'], false)).toEqual([]);
    expect(collect([''])).toEqual([]);
    expect(collect([': only a comment\n\n'])).toEqual([]);
  });

  it('reads known run events and ignores anything else', () => {
    expect(parseRunEvent('{"type":"delta","text":"hi"}')).toEqual({ type: 'delta', text: 'hi' });
    expect(parseRunEvent('{"type":"usage","tokens":3}')).toBeNull();
    expect(parseRunEvent('not json')).toBeNull();
  });
});

describe('invokeAgent', () => {
  const auth = (token: string | null, refresh: () => Promise<boolean> = async () => false): InvokeAuth & { token: string | null } => {
    const a = {
      token,
      getToken: () => a.token,
      refresh,
    };
    return a;
  };

  it('posts the spec body with source, Accept: text/event-stream, the bearer token and JSON', async () => {
    handler = (_req, res) => {
      openStream(res);
      res.end(sse({ type: 'done', output: 'ok', run_id: 'r', elapsed_ms: 1 }));
    };
    await createInvokeAgent({ baseURL, auth: auth('tok-1') })(BODY);
    const [req] = requests;
    expect(req).toMatchObject({ method: 'POST', url: '/api/v1/agent/invoke' });
    expect(req!.headers).toMatchObject({ accept: 'text/event-stream', authorization: 'Bearer tok-1', 'content-type': 'application/json' });
    expect(req!.body).toEqual({
      trace: false,
      params: { company: 'Acme' },
      name: 'Lead Qualifier',
      thread_id: 't-1',
      namespace: 'default',
      use_history: false,
      save_history: false,
      max_history_items: 10,
      query: 'Qualify Acme',
      file_name: '',
      source: 'test',
    });
  });

  it('streams events split anywhere (even inside a UTF-8 character) in order, then resolves with the answer', async () => {
    handler = async (_req, res) => {
      openStream(res);
      await writeInPieces(res, EVENTS.map(sse).join(''), 3);
      res.end();
    };
    const seen: RunEvent[] = [];
    const result = await createInvokeAgent({ baseURL, auth: auth(null) })(BODY, { onEvent: (e) => seen.push(e) });
    expect(seen).toEqual(EVENTS);
    expect(result).toMatchObject({ output: 'Score: 87', runId: 'run-1', serverElapsedMs: 42 });
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(requests[0]!.headers.authorization).toBeUndefined();
  });

  it('measures the elapsed milliseconds the user waited', async () => {
    let t = 1000;
    handler = (_req, res) => {
      t += 1234;
      openStream(res);
      res.end(sse({ type: 'done', output: 'ok', run_id: 'r', elapsed_ms: 5 }));
    };
    const result = await createInvokeAgent({ baseURL, now: () => t })(BODY);
    expect(result.elapsedMs).toBe(1234);
  });

  it('rejects a non-OK answer with HTTP {status}: {statusText} and keeps the server detail apart', async () => {
    const detail = 'No API key for OpenAI. An administrator can add one in Admin → Model providers, or set OPENAI_API_KEY on the server.';
    handler = (_req, res) => json(res, 424, { detail });
    const error = await createInvokeAgent({ baseURL })(BODY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 424, statusText: 'Failed Dependency', message: 'HTTP 424: Failed Dependency', detail });
  });

  it('uses the status text as sent, and has no detail for a body that is not {detail}', async () => {
    handler = (_req, res) => {
      res.writeHead(502, 'Upstream Unhappy', { 'content-type': 'text/html' });
      res.end('<html>proxy</html>');
    };
    const error = (await createInvokeAgent({ baseURL })(BODY).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('HTTP 502: Upstream Unhappy');
    expect(error.detail).toBeUndefined();
    for (const status of [403, 404, 429]) {
      handler = (_req, res) => json(res, status, { detail: `nope ${status}` });
      const e = (await createInvokeAgent({ baseURL })(BODY).catch((x: unknown) => x)) as ApiError;
      expect([e.message, e.detail]).toEqual([`HTTP ${status}: ${{ 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests' }[status]}`, `nope ${status}`]);
    }
  });

  it('rejects with the network error message when no answer arrives, else "Test failed"', async () => {
    const refused = (await createInvokeAgent({ baseURL: 'http://127.0.0.1:1' })(BODY).catch((e: unknown) => e)) as ApiError;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.status).toBe(0);
    expect(refused.message).toBe('fetch failed');
    const silent = (await createInvokeAgent({ baseURL, fetch: () => Promise.reject({}) })(BODY).catch((e: unknown) => e)) as Error;
    expect(silent.message).toBe('Test failed');
  });

  it('turns an error event into HTTP {status}: {statusText} with the message as detail, keeping the run id', async () => {
    handler = (_req, res) => {
      openStream(res);
      res.write(sse({ type: 'run', run_id: 'run-9' }));
      res.write(sse({ type: 'step', index: 0, name: 'Answer' }));
      res.end(sse({ type: 'error', message: 'OpenAI request failed: model overloaded', status: 502 }));
    };
    const seen: string[] = [];
    const error = (await createInvokeAgent({ baseURL })(BODY, { onEvent: (e) => seen.push(e.type) }).catch((e: unknown) => e)) as ApiError;
    expect(seen).toEqual(['run', 'step', 'error']);
    expect(error).toMatchObject({ status: 502, message: 'HTTP 502: Bad Gateway', detail: 'OpenAI request failed: model overloaded' });
    expect(runIdOf(error)).toBe('run-9');
  });

  it('says so when the stream ends before the run finished', async () => {
    handler = (_req, res) => {
      openStream(res);
      res.end(sse({ type: 'run', run_id: 'run-2' }));
    };
    const error = (await createInvokeAgent({ baseURL })(BODY).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('The connection closed before the run finished.');
  });

  it('aborting mid-stream rejects with an AbortError and closes the connection (the server cancels the run)', async () => {
    handler = (_req, res) => {
      openStream(res);
      res.write(sse({ type: 'run', run_id: 'run-3' }));
      res.write(sse({ type: 'delta', text: 'thinking' }));
      // never ends on its own
    };
    const controller = new AbortController();
    const seen: string[] = [];
    const pending = createInvokeAgent({ baseURL })(BODY, {
      signal: controller.signal,
      onEvent: (e) => {
        seen.push(e.type);
        if (e.type === 'delta') controller.abort();
      },
    });
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(seen).toEqual(['run', 'delta']);
    await closedByClient;
  });

  it('aborting before the answer rejects with an AbortError too', async () => {
    handler = () => undefined; // no answer
    const controller = new AbortController();
    const pending = createInvokeAgent({ baseURL })(BODY, { signal: controller.signal });
    await sleep(20);
    controller.abort();
    expect(isAbortError(await pending.catch((e: unknown) => e))).toBe(true);
    await closedByClient;
  });

  it('refreshes a stale token once and retries', async () => {
    const a = auth('old', async () => {
      a.token = 'new';
      return true;
    });
    handler = (req, res) => {
      if (req.headers.authorization !== 'Bearer new') return json(res, 401, { detail: 'Token expired' });
      openStream(res);
      res.end(sse({ type: 'done', output: 'fresh', run_id: 'r', elapsed_ms: 1 }));
    };
    expect((await createInvokeAgent({ baseURL, auth: a })(BODY)).output).toBe('fresh');
    expect(requests.map((r) => r.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('reads a plain-text answer and its x-run-id header', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-run-id': 'run-plain' });
      res.end('Plain answer');
    };
    expect(await createInvokeAgent({ baseURL })(BODY)).toMatchObject({ output: 'Plain answer', runId: 'run-plain', serverElapsedMs: null });
  });

  it('refuses an invalid body before sending it', async () => {
    const error = (await createInvokeAgent({ baseURL })({ ...BODY, name: ' ' }).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('Agent name is required');
    expect(requests).toHaveLength(0);
  });
});

describe('runs and demo clients', () => {
  const summary: RunSummary = {
    id: '0b6c7f2e-7d2a-4b8e-9a57-1c2d3e4f5a6b',
    agent_name: 'Lead Qualifier',
    agent_version: 3,
    user_id: 'u1',
    user_email: 'admin@accent.local',
    thread_id: 't-1',
    source: 'test',
    status: 'succeeded',
    error: null,
    input: { query: 'Qualify Acme', params: { company: 'Acme' } },
    output: 'Score: 87',
    started_at: '2025-06-01T10:00:00.000Z',
    finished_at: '2025-06-01T10:00:01.234Z',
    duration_ms: 1234,
    model_ms: 900,
    usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
  };

  it('lists an agent’s runs with name and limit, and reads one run with its trace', async () => {
    const detail: RunDetail = { ...summary, trace: { steps: [], fallback: null, escalated: false, depth: 0, thread_key: '' } };
    handler = (req, res) => (req.url.startsWith('/api/v1/agent/runs') ? json(res, 200, { runs: [summary] }) : json(res, 200, detail));
    const runs = createRunsApi(createApiClient({ baseURL }));
    expect(await runs.list('Lead Qualifier', 5)).toEqual([summary]);
    expect(await runs.get(summary.id)).toEqual(detail);
    expect(requests.map((r) => r.url)).toEqual(['/api/v1/agent/runs?name=Lead+Qualifier&limit=5', `/api/v1/runs/${summary.id}`]);
  });

  it('rejects a missing run with the API error', async () => {
    handler = (_req, res) => json(res, 404, { detail: 'Run not found' });
    const error = await createRunsApi(createApiClient({ baseURL })).get('x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, message: 'HTTP 404: Run not found' });
  });

  it('loads the demo agents', async () => {
    const config = { name: 'Campaign Copywriter', description: 'Writes copy', query: '', params: {}, flow_type: 'dynamic', steps: [], file_name: '', trace: false, thread_id: '', namespace: 'default', use_history: true, save_history: true, max_history_items: 10, inputs: [] };
    const agent = { name: 'Campaign Copywriter', title: 'Campaign Copywriter', description: 'Writes copy', size: 2, lastModDate: '1970-01-01T00:00:00.000Z', importDate: '1970-01-01T00:00:00.000Z', category: 'Marketing', demo: true, config };
    handler = (_req, res) => json(res, 200, { status: 'success', agents: [agent] });
    const agents = await createDemoApi(createApiClient({ baseURL })).demoAgents();
    expect(agents).toEqual([agent]);
    expect(requests[0]!.url).toBe('/api/v1/agent/demo');
  });
});
