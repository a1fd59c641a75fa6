// jsonApi over real HTTP: a node:http server on 127.0.0.1 plays the server.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ApiError, createApiClient } from './http.js';
import { jsonApi, type JsonApi } from './json-api.js';
import { sendJson, startTestServer, type TestServer } from './testing/http-test-server.js';

const itemSchema = z.object({ id: z.string(), name: z.string() });

let server: TestServer;
let json: JsonApi;
beforeAll(async () => {
  server = await startTestServer();
  json = jsonApi(createApiClient({ baseURL: server.baseURL }));
});
afterAll(() => server.close());

describe('jsonApi', () => {
  it('sends each method with its body and parses the answer with the schema', async () => {
    server.handle((req, res) => sendJson(res, 200, { id: '1', name: `${req.method} ${JSON.stringify(req.body ?? null)}` }));
    await expect(json.get('/items/1', itemSchema, { params: { q: 'a' } })).resolves.toEqual({ id: '1', name: 'GET null' });
    await expect(json.post('/items', { name: 'x' }, itemSchema)).resolves.toEqual({ id: '1', name: 'POST {"name":"x"}' });
    await expect(json.put('/items/1', { name: 'y' }, itemSchema)).resolves.toEqual({ id: '1', name: 'PUT {"name":"y"}' });
    await expect(json.patch('/items/1', { name: 'z' }, itemSchema)).resolves.toEqual({ id: '1', name: 'PATCH {"name":"z"}' });
    await expect(json.delete('/items/1', itemSchema)).resolves.toEqual({ id: '1', name: 'DELETE null' });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /items/1?q=a',
      'POST /items',
      'PUT /items/1',
      'PATCH /items/1',
      'DELETE /items/1',
    ]);
  });

  it('throws on an answer of the wrong shape, and keeps a refusal an ApiError', async () => {
    server.handle((_req, res) => sendJson(res, 200, { id: 1 }));
    await expect(json.get('/items/1', itemSchema)).rejects.toThrow();
    server.handle((_req, res) => sendJson(res, 409, { detail: 'Taken' }));
    const error = await json.post('/items', {}, itemSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, detail: 'Taken' });
  });
});
