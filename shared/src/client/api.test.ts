// The API clients over real HTTP: a tiny node:http server on 127.0.0.1 plays the server (no module mocks).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import axios from 'axios';
import { createAuthApi, SecondFactorRequiredError } from './auth-api.js';
import { ApiError, createApiClient, toApiError } from './http.js';
import { createRemotesApi } from './remotes-api.js';
import { sendJson, startTestServer, type TestServer } from './testing/http-test-server.js';
import { loginAnswerFor, TEST_USER } from './testing/users.js';

let server: TestServer;
let remotes: ReturnType<typeof createRemotesApi>;
beforeAll(async () => {
  server = await startTestServer();
  const http = createApiClient({ baseURL: server.baseURL });
  remotes = createRemotesApi(http);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('ApiError', () => {
  it('reads HTTP {status}: {statusText} when there is no detail', async () => {
    server.handle((_req, res) => {
      res.writeHead(500);
      res.end();
    });
    const error = await createApiClient({ baseURL: server.baseURL }).get('/api/v1/agent/list').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, statusText: 'Internal Server Error', message: 'HTTP 500: Internal Server Error' });
  });

  it('prefers the server detail', async () => {
    server.handle((_req, res) => sendJson(res, 422, { detail: 'Agent name is required' }));
    const error = await createApiClient({ baseURL: server.baseURL }).post('/api/v1/agent/save', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, detail: 'Agent name is required', message: 'HTTP 422: Agent name is required' });
  });

  it('ignores an error body that is not {detail}', async () => {
    server.handle((_req, res) => {
      res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
      res.end('<html>nginx</html>');
    });
    const error = await createApiClient({ baseURL: server.baseURL }).get('/x').catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('HTTP 502: Bad Gateway');
  });

  it('uses the network error message when no answer arrives', async () => {
    const error = await createApiClient({ baseURL: 'http://127.0.0.1:1' }).get('/api/v1/agent/list').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toMatch(/ECONNREFUSED|Network Error/);
  });

  it('falls back to a reason phrase when the status text is empty', () => {
    const error = toApiError(
      new axios.AxiosError('fail', 'ERR_BAD_RESPONSE', undefined, undefined, {
        status: 503,
        statusText: '',
        data: '',
        headers: {},
        config: { headers: new axios.AxiosHeaders() },
      }),
    );
    expect(error.message).toBe('HTTP 503: Service Unavailable');
  });

  it('lets cancellations through untouched', async () => {
    server.handle((_req, res) => setTimeout(() => sendJson(res, 200, {}), 200));
    const controller = new AbortController();
    const pending = createApiClient({ baseURL: server.baseURL }).get('/slow', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(axios.isCancel(error)).toBe(true);
  });
});

describe('bearer token and refresh-and-retry', () => {
  it('sends the bearer token when there is one, and none otherwise', async () => {
    server.handle((_req, res) => sendJson(res, 200, { ok: true }));
    await createApiClient({ baseURL: server.baseURL, auth: { getToken: () => 'tok-1', refresh: async () => false } }).get('/a');
    await createApiClient({ baseURL: server.baseURL, auth: { getToken: () => null, refresh: async () => false } }).get('/b');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer tok-1');
    expect(server.requests[1]!.headers.authorization).toBeUndefined();
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    let token = 'old';
    let refreshes = 0;
    server.handle((req, res) => (req.headers.authorization === 'Bearer new' ? sendJson(res, 200, { ok: true }) : sendJson(res, 401, { detail: 'Token expired' })));
    const client = createApiClient({
      baseURL: server.baseURL,
      auth: {
        getToken: () => token,
        refresh: async () => {
          refreshes++;
          token = 'new';
          return true;
        },
      },
    });
    const { data } = await client.get('/api/v1/agent/list');
    expect(data).toEqual({ ok: true });
    expect(refreshes).toBe(1);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('retries only once, and not at all when the refresh fails', async () => {
    server.handle((_req, res) => sendJson(res, 401, { detail: 'Not authenticated' }));
    let refreshes = 0;
    const refreshing = createApiClient({ baseURL: server.baseURL, auth: { getToken: () => 't', refresh: async () => (refreshes++, true) } });
    await expect(refreshing.get('/a')).rejects.toMatchObject({ status: 401, message: 'HTTP 401: Not authenticated' });
    expect(refreshes).toBe(1);
    expect(server.requests).toHaveLength(2);

    server.requests.length = 0;
    const failing = createApiClient({ baseURL: server.baseURL, auth: { getToken: () => 't', refresh: async () => false } });
    await expect(failing.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(server.requests).toHaveLength(1);
  });

  it('never refreshes for the auth endpoints themselves', async () => {
    server.handle((_req, res) => sendJson(res, 401, { detail: 'Invalid email or password' }));
    let refreshes = 0;
    const client = createApiClient({ baseURL: server.baseURL, auth: { getToken: () => null, refresh: async () => (refreshes++, true) } });
    await expect(client.post('/api/auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(0);
  });
});

describe('remotesApi', () => {
  it('lists the registry', async () => {
    const entry = { id: 'agents', name: 'mfe_agents', entry: '/mfe/agents/mf-manifest.json', version: '0.1.0' };
    server.handle((_req, res) => sendJson(res, 200, { remotes: [entry] }));
    await expect(remotes.list()).resolves.toEqual([entry]);
  });
});

describe('authApi', () => {
  const loginAnswer = loginAnswerFor('jwt', 3600, { ...TEST_USER, name: 'Ada' });
  const body = { environment: 'lo-n02', library: 'sales2', email: 'ada@example.com', password: 'pw', domain: 'accent.ai', session_key: '', api_key: '', remember_me: true };

  it('logs in with the spec body and validates the answer', async () => {
    server.handle((_req, res) => sendJson(res, 200, loginAnswer));
    await expect(createAuthApi(createApiClient({ baseURL: server.baseURL })).login(body)).resolves.toEqual(loginAnswer);
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/auth/login', body });
  });

  it("keeps a busy server's Retry-After and words on the ApiError", async () => {
    server.handle((_req, res) => {
      res.setHeader('Retry-After', '3');
      sendJson(res, 503, { detail: 'Many people are signing in right now. Please try again in 3 seconds.' });
    });
    await expect(createAuthApi(createApiClient({ baseURL: server.baseURL })).login(body)).rejects.toMatchObject({
      status: 503,
      retryAfterSeconds: 3,
      detail: 'Many people are signing in right now. Please try again in 3 seconds.',
    });
  });

  it('turns a second-step answer into SecondFactorRequiredError, and sends the code to /second-factor', async () => {
    const auth = createAuthApi(createApiClient({ baseURL: server.baseURL }));
    server.handle((_req, res) => sendJson(res, 200, { second_factor_required: true, methods: ['totp', 'recovery_code'] }));
    const failure = await auth.login(body).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SecondFactorRequiredError);
    expect((failure as SecondFactorRequiredError).challenge.methods).toEqual(['totp', 'recovery_code']);

    server.handle((_req, res) => sendJson(res, 200, loginAnswer));
    await expect(auth.verifySecondFactor!('123456')).resolves.toEqual(loginAnswer);
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/auth/second-factor', body: { code: '123456' } });
    server.handle((_req, res) => sendJson(res, 400, { detail: 'That code is not right.' }));
    await expect(auth.verifySecondFactor!('000000')).rejects.toMatchObject({ status: 400, detail: 'That code is not right.' });
    server.handle((_req, res) => sendJson(res, 204, {}));
    await expect(auth.cancelSecondFactor!()).resolves.toBeUndefined();
    expect(server.requests.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/auth/second-factor' });
  });

  it('answers null from refresh on 401 and throws on 503', async () => {
    const auth = createAuthApi(createApiClient({ baseURL: server.baseURL }));
    server.handle((_req, res) => sendJson(res, 401, { detail: 'No session' }));
    await expect(auth.refresh()).resolves.toBeNull();
    server.handle((_req, res) => sendJson(res, 503, { detail: 'Starting' }));
    await expect(auth.refresh()).rejects.toMatchObject({ status: 503 });
  });

  it('logs out with the bearer token and ignores 401, 403 and 404', async () => {
    const auth = createAuthApi(createApiClient({ baseURL: server.baseURL }));
    for (const status of [401, 403, 404]) {
      server.handle((_req, res) => sendJson(res, status, { detail: 'gone' }));
      await expect(auth.logout('jwt')).resolves.toBeUndefined();
    }
    expect(server.requests[0]!.headers.authorization).toBe('Bearer jwt');
    server.handle((_req, res) => sendJson(res, 500, { detail: 'boom' }));
    await expect(auth.logout('jwt')).rejects.toMatchObject({ status: 500 });
  });
});
