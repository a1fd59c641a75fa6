// The admin client over real HTTP: a tiny node:http server on 127.0.0.1 plays the server (no module mocks).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminUser, CredentialItem } from '@accent/shell-common';
import { createAdminApi, type AdminApi } from './admin-api.js';
import { ApiError, createApiClient } from '@accent/shared/client';

interface Recorded {
  method: string;
  url: string;
  body: unknown;
}
type Handler = (request: Recorded, response: ServerResponse) => void;

const sendJson = (response: ServerResponse, status: number, body?: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
};

const USER: AdminUser = {
  id: '6f1c1c6e-0a0e-4c39-9d7e-6f1c1c6e0a0e',
  email: 'new@accent.local',
  name: 'New Person',
  title: '',
  role: 'builder',
  team: 'sales',
  active: true,
  created_at: '2025-03-01T10:00:00.000Z',
};
const OPENAI: CredentialItem = {
  kind: 'provider',
  key: 'openai',
  label: 'OpenAI',
  fields: [
    { name: 'apiKey', label: 'API key', secret: true, required: true, set: true },
    { name: 'baseUrl', label: 'Base URL', secret: false, required: false, set: false },
  ],
  hint: 'sk-…9f2a',
  updated_at: '2025-03-01T10:00:00.000Z',
  configured: true,
  source: 'library',
};

let handler: Handler = (_req, res) => sendJson(res, 404, { detail: 'no handler' });
const requests: Recorded[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    const recorded = { method: req.method ?? '', url: req.url ?? '', body: text ? (JSON.parse(text) as unknown) : undefined };
    requests.push(recorded);
    handler(recorded, res);
  });
});
let admin: AdminApi;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  admin = createAdminApi(createApiClient({ baseURL: `http://127.0.0.1:${port}` }));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
});

describe('adminApi: users', () => {
  it('lists the users', async () => {
    handler = (_req, res) => sendJson(res, 200, { users: [USER] });
    await expect(admin.listUsers()).resolves.toEqual([USER]);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/v1/admin/users' });
  });

  it('creates a user with the normalised body', async () => {
    handler = (_req, res) => sendJson(res, 201, USER);
    await admin.createUser({ email: 'New@Accent.local', name: ' New Person ', role: 'builder', team: 'sales', password: 'longenough' });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/admin/users',
      body: { email: 'new@accent.local', name: 'New Person', title: '', role: 'builder', team: 'sales', password: 'longenough' },
    });
  });

  it('refuses an invalid user before sending it', async () => {
    await expect(admin.createUser({ email: 'x@y.z', name: 'X', role: 'member', password: 'short' })).rejects.toThrow(/at least 8/);
    expect(requests).toHaveLength(0);
  });

  it('turns a duplicate email into an ApiError with the detail', async () => {
    handler = (_req, res) => sendJson(res, 409, { detail: 'A user with email new@accent.local already exists.' });
    const error = await admin.createUser({ email: 'new@accent.local', name: 'N', role: 'member', password: 'longenough' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, detail: 'A user with email new@accent.local already exists.' });
  });

  it('patches a user', async () => {
    handler = (_req, res) => sendJson(res, 200, { ...USER, team: null });
    await expect(admin.updateUser(USER.id, { team: null })).resolves.toMatchObject({ team: null });
    expect(requests[0]).toMatchObject({ method: 'PATCH', url: `/api/v1/admin/users/${USER.id}`, body: { team: null } });
  });

  it('reports 403 for non-admins as the server says it', async () => {
    handler = (_req, res) => sendJson(res, 403, { detail: 'Only administrators can do this.' });
    await expect(admin.listUsers()).rejects.toThrow('HTTP 403: Only administrators can do this.');
  });
});

describe('adminApi: credentials and remotes', () => {
  it('lists, puts and deletes credentials', async () => {
    handler = (req, res) => {
      if (req.method === 'GET') sendJson(res, 200, { credentials: [OPENAI] });
      else if (req.method === 'PUT') sendJson(res, 200, OPENAI);
      else sendJson(res, 200, { status: 'success' });
    };
    await expect(admin.listCredentials()).resolves.toEqual([OPENAI]);
    await expect(admin.putCredential('provider', 'openai', { apiKey: 'sk-secret', baseUrl: null })).resolves.toEqual(OPENAI);
    await admin.deleteCredential('connector', 'google_search');
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['GET', '/api/v1/admin/credentials', undefined],
      ['PUT', '/api/v1/admin/credentials/provider/openai', { values: { apiKey: 'sk-secret', baseUrl: null } }],
      ['DELETE', '/api/v1/admin/credentials/connector/google_search', undefined],
    ]);
  });

  it('sets and resets a registry override', async () => {
    handler = (req, res) =>
      req.method === 'PUT'
        ? sendJson(res, 200, { id: 'agents', name: 'mfe_agents', entry: 'https://cdn.example/agents/mf-manifest.json', version: '2.0.0' })
        : sendJson(res, 200, { status: 'success' });
    await expect(admin.setRemote('agents', { entry: ' https://cdn.example/agents/mf-manifest.json ', version: '2.0.0' })).resolves.toMatchObject({ version: '2.0.0' });
    await admin.resetRemote('agents');
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['PUT', '/api/v1/remotes/agents', { entry: 'https://cdn.example/agents/mf-manifest.json', version: '2.0.0' }],
      ['DELETE', '/api/v1/remotes/agents', undefined],
    ]);
  });
});
