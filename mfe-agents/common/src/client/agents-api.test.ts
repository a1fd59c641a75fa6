// The agent endpoints' client against a real local HTTP server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createApiClient } from '@accent/shared/client';
import { sendJson, startTestServer, type TestServer } from '../../../../shared/src/client/testing/http-test-server.js';
import { createAgentsApi } from './agents-api.js';

let server: TestServer;
let agents: ReturnType<typeof createAgentsApi>;
beforeAll(async () => {
  server = await startTestServer();
  agents = createAgentsApi(createApiClient({ baseURL: server.baseURL }));
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const listItem = { name: 'lead-qualifier', title: 'Lead Qualifier', description: 'Scores leads', size: 12, lastModDate: '2025-01-02', importDate: '2025-01-01' };

describe('agentsApi', () => {
  it('lists agents', async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: 'success', agents: [listItem] }));
    await expect(agents.list()).resolves.toEqual([listItem]);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/v1/agent/list' });
  });

  it('rejects a list answer of the wrong shape', async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: 'success', agents: [{ name: 1 }] }));
    await expect(agents.list()).rejects.toThrow();
  });

  it('loads a config by name and fills the defaults', async () => {
    server.handle((_req, res) => sendJson(res, 200, { name: 'lead qualifier', version: 3, steps: [] }));
    const config = await agents.getConfig('lead qualifier');
    expect(config).toMatchObject({ name: 'lead qualifier', version: 3, flow_type: 'dynamic', namespace: 'default' });
    expect(server.requests[0]!.url).toBe('/api/v1/multi-agent/agent-config?name=lead+qualifier');
  });

  it('reports a failed config load as "Failed to load agent config: {status}"', async () => {
    server.handle((_req, res) => sendJson(res, 404, { detail: 'Agent not found' }));
    await expect(agents.getConfig('ghost')).rejects.toThrow('Failed to load agent config: 404');
  });

  it('saves and surfaces the server detail on failure', async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: 'success', version: 4 }));
    const body = { name: 'a', description: '', query: '', params: {}, flow_type: 'dynamic' as const, steps: [], file_name: 'a', trace: false, thread_id: '', namespace: 'default', use_history: true, save_history: true, max_history_items: 10, inputs: [] };
    await expect(agents.save(body)).resolves.toEqual({ status: 'success', version: 4 });
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/v1/agent/save', body });

    server.handle((_req, res) => sendJson(res, 409, { detail: 'An agent with this name already exists' }));
    await expect(agents.save(body)).rejects.toThrow('HTTP 409: An agent with this name already exists');
  });

  it('deletes by name', async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: 'success' }));
    await agents.remove('old agent');
    expect(server.requests[0]).toMatchObject({ method: 'DELETE', url: '/api/v1/agent?name=old+agent' });
  });

  it('lists versions', async () => {
    const versions = [{ version: 2, created_at: '2025-01-02T00:00:00Z', created_by: 'ada@example.com' }];
    server.handle((_req, res) => sendJson(res, 200, { versions }));
    await expect(agents.versions('a')).resolves.toEqual(versions);
    expect(server.requests[0]!.url).toBe('/api/v1/agent/versions?name=a');
  });

  it('reads one version, restores one and asks for a generated draft', async () => {
    server.handle((_req, res) => sendJson(res, 200, { name: 'a', version: 1, steps: [{ name: 'S', query: 'q' }] }));
    await expect(agents.getVersion('a', 1)).resolves.toMatchObject({ name: 'a', version: 1, steps: [{ name: 'S', query: 'q', tools: [] }] });
    expect(server.requests[0]!.url).toBe('/api/v1/agent/version?name=a&version=1');
    server.handle((_req, res) => sendJson(res, 200, { status: 'success', name: 'a', version: 3 }));
    await expect(agents.restore('a', 1)).resolves.toBe(3);
    expect(server.requests[1]).toMatchObject({ method: 'POST', url: '/api/v1/agent/restore' });
    server.handle((_req, res) => sendJson(res, 200, { agent: { name: 'Drafted' } }));
    await expect(agents.generate({ description: 'd' })).resolves.toMatchObject({ name: 'Drafted', steps: [], params: {} });
    server.handle((_req, res) => sendJson(res, 424, { detail: 'No API key for OpenAI.' }));
    await expect(agents.generate({ description: 'd' })).rejects.toThrow('HTTP 424: No API key for OpenAI.');
  });
});
