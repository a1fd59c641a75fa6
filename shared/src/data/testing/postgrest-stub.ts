// Test helper (not part of the build or the package exports): a tiny local HTTP server answering the
// PostgREST protocol, for tests of the data services with the real supabase-js client. It records every
// request (`seen`) and answers with the queued `replies` in order (200 [] when none is queued).
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface PostgrestStub {
  /** the requests received since the current test started */
  readonly seen: Seen[];
  /** the answers to give, in order; emptied before each test */
  readonly replies: Reply[];
  /** `http://127.0.0.1:<port>/`, set once the server listens (beforeAll) */
  readonly baseUrl: string;
}

/** A PostgREST error answer. */
export const pgError = (status: number, code: string, message: string): Reply => ({ status, body: { code, message, details: null, hint: null } });

/** supabase-js in Node 20 needs a realtime transport class (DESIGN.md §4); realtime is never used in these tests. */
export class NoSocket {}

/** Starts the stub for the enclosing suite (beforeAll / afterAll) and clears `seen` and `replies` before each test. */
export function usePostgrestStub(): PostgrestStub {
  const seen: Seen[] = [];
  const replies: Reply[] = [];
  let server: Server;
  let baseUrl = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        seen.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body: raw ? JSON.parse(raw) : undefined });
        const reply = replies.shift() ?? { status: 200, body: [] };
        res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
    replies.length = 0;
  });
  return {
    seen,
    replies,
    get baseUrl() {
      return baseUrl;
    },
  };
}
