// The lean pages' axios stand-in against a real local HTTP server: what @accent/shared/client's HTTP
// client relies on (JSON both ways, params, a non-2xx answer rejected with its response, the response
// interceptor retrying with a new Authorization header, timeouts, cancellation).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import axios, { FetchHeaders, isAxiosError, isCancel, type FetchRequestConfig } from './fetch-axios.js';

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  authorization: string | undefined;
  body: string;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });

describe('fetch-axios', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await readBody(req);
      seen.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], authorization: req.headers.authorization, body });
      if (req.url?.startsWith('/slow')) return void setTimeout(() => res.end('{}'), 2000).unref();
      if (req.url?.startsWith('/private') && req.headers.authorization !== 'Bearer fresh') {
        res.writeHead(401, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ detail: 'Not signed in' }));
      }
      if (req.url?.startsWith('/text')) return void res.end('plain words');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, echo: body ? JSON.parse(body) : null }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the slow answers still pending, and fetch's kept-alive sockets
      }),
  );

  it('sends JSON with its content type, the query from params, and parses the JSON answer', async () => {
    const http = axios.create({ baseURL: base, headers: { Accept: 'application/json' } });
    const { data, status } = await http.post<{ ok: boolean; echo: unknown }>('/things', { name: 'Ada' }, { params: { library: 'sales2', skip: undefined } });
    expect(status).toBe(200);
    expect(data).toEqual({ ok: true, echo: { name: 'Ada' } });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/things?library=sales2', contentType: 'application/json' });
  });

  it('sends no body and no content type when there is no data', async () => {
    await axios.create({ baseURL: base }).post('/logout');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: undefined, body: '' });
  });

  it('gives a text answer as text', async () => {
    expect((await axios.create({ baseURL: base }).get('/text')).data).toBe('plain words');
  });

  it('rejects a non-2xx answer with the response; an interceptor can retry with a fresh token', async () => {
    const http = axios.create({ baseURL: base });
    const refused = await http.get('/private').catch((e: unknown) => e);
    expect(isAxiosError(refused)).toBe(true);
    expect(isAxiosError(refused) && refused.response).toMatchObject({ status: 401, data: { detail: 'Not signed in' } });

    // as @accent/shared/client's createApiClient does on a 401: set a new token and send again
    http.interceptors.request.use((config: FetchRequestConfig) => {
      if (!config.headers.has('Authorization')) config.headers.set('Authorization', 'Bearer stale');
      return config;
    });
    http.interceptors.response.use(undefined, async (error: unknown) => {
      if (isAxiosError(error) && error.response?.status === 401 && !error.config._retried) {
        error.config._retried = true;
        error.config.headers.set('Authorization', 'Bearer fresh');
        return http.request(error.config as never);
      }
      throw error;
    });
    const { data } = await http.get('/private');
    expect(data).toMatchObject({ ok: true });
    expect(seen.slice(-2).map((s) => s.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('times out, and tells a caller-cancelled request apart', async () => {
    const http = axios.create({ baseURL: base });
    const late = await http.get('/slow', { timeout: 100 }).catch((e: unknown) => e);
    expect(isAxiosError(late) && late.code).toBe('ECONNABORTED');
    expect(isCancel(late)).toBe(false);

    const controller = new AbortController();
    const pending = http.get('/slow', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(isCancel(await pending)).toBe(true);
  });

  it('keeps header names case-insensitive', () => {
    const headers = new FetchHeaders({ Accept: 'application/json' });
    expect(headers.has('accept')).toBe(true);
    headers.set('AUTHORIZATION', 'Bearer x');
    expect(headers.get('Authorization')).toBe('Bearer x');
  });
});
