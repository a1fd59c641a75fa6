// The flows service with the real supabase-js client against a tiny local server answering the PostgREST
// protocol (what goes on the wire, how answers and errors come back), and the flow endpoints over axios.
import { describe, expect, it } from '@jest/globals';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createApiClient } from '@accent/shared/client';
import { newFlow, type Flow } from '@accent/flows-common';
import { createDataClient, type SupabaseClient } from '@accent/shared/data';
import { createFlowsService, FLOW_LIST_COLUMNS } from './flows.js';
import { NoSocket, pgError, usePostgrestStub } from '../../../shared/src/data/testing/postgrest-stub.js';

const stub = usePostgrestStub();
const { seen, replies } = stub;
function client(): SupabaseClient {
  return createDataClient({ supabaseUrl: stub.baseUrl, supabaseAnonKey: 'anon-key' }, { getToken: () => 'token-1', refresh: async () => false, realtime: { transport: NoSocket as never } });
}

const now = new Date('2025-06-01T10:00:00.000Z');
const flow = (overrides: Partial<Flow> = {}): Flow => ({ ...newFlow({ id: 'flow-1', now }), ...overrides });
const row = (overrides: Record<string, unknown> = {}) => ({
  id: 'flow-1',
  name: 'Lead router',
  description: 'Routes leads',
  status: 'active',
  node_count: 1,
  execution_count: 4,
  success_rate: '75.5',
  tags: ['sales'],
  author: 'current-user',
  flow_data: flow().flowData,
  user_id: 'user_u1_lib_l1',
  library_id: 'l1',
  created_at: '2025-06-01T10:00:00+00:00',
  updated_at: '2025-06-02T10:00:00+00:00',
  ...overrides,
});
const user = { user_id: 'u1', library_id: 'l1' };

describe('flowsService over PostgREST', () => {
  const service = (adapter?: AxiosAdapter) => createFlowsService(() => client(), createApiClient(adapter ? { adapter } : {}));

  it('lists the list columns, most recently updated first', async () => {
    replies.push({ status: 200, body: [row()] });
    const list = await service().listFlows();
    expect(list).toEqual([
      { id: 'flow-1', name: 'Lead router', description: 'Routes leads', status: 'active', nodeCount: 1, executionCount: 4, successRate: 75.5, createdAt: '2025-06-01T10:00:00+00:00', updatedAt: '2025-06-02T10:00:00+00:00' },
    ]);
    expect(seen[0]!.path).toBe('/rest/v1/flows');
    expect(seen[0]!.query.get('select')).toBe(FLOW_LIST_COLUMNS.replace(/ /g, ''));
    expect(seen[0]!.query.get('order')).toBe('updated_at.desc');
    expect(seen[0]!.headers.authorization).toBe('Bearer token-1');

    replies.push(pgError(500, 'XX000', 'down'));
    await expect(service().listFlows()).rejects.toThrow('database error: down');
  });

  it('lists by status and searches name or description case-insensitively', async () => {
    await service().listFlowsByStatus('draft');
    expect(seen[0]!.query.get('status')).toBe('eq.draft');
    expect(seen[0]!.query.get('order')).toBe('updated_at.desc');
    await service().searchFlows('lead, scoring');
    expect(seen[1]!.query.get('or')).toBe('(name.ilike."%lead, scoring%",description.ilike."%lead, scoring%")');
  });

  it('reads one flow with every field, and null for an unknown id without asking for one object (no 406)', async () => {
    replies.push({ status: 200, body: [row()] });
    const got = await service().getFlow('flow-1');
    expect(got).toMatchObject({ id: 'flow-1', tags: ['sales'], successRate: 75.5, flowData: { nodes: [{ id: 'trigger-1' }] } });
    expect(seen[0]!.query.get('select')).toBe('*');
    expect(seen[0]!.query.get('id')).toBe('eq.flow-1');
    expect(String(seen[0]!.headers.accept ?? '')).not.toContain('vnd.pgrst.object');
    replies.push({ status: 200, body: [] });
    expect(await service().getFlow('missing')).toBeNull();
  });

  it('inserts the snake_case fields with user_{user}_lib_{library}, not the library or owner columns', async () => {
    replies.push({ status: 201, body: row() });
    await service().insertFlow(flow(), user);
    const body = seen[0]!.body as Record<string, unknown>;
    expect(seen[0]!.method).toBe('POST');
    expect(Object.keys(body).sort()).toEqual(['author', 'created_at', 'description', 'execution_count', 'flow_data', 'id', 'name', 'node_count', 'status', 'success_rate', 'tags', 'updated_at', 'user_id']);
    expect(body).toMatchObject({ id: 'flow-1', name: 'New Workflow', status: 'draft', node_count: 1, user_id: 'user_u1_lib_l1' });
    replies.push({ status: 201, body: row() });
    await service().insertFlow(flow());
    expect((seen[1]!.body as Record<string, unknown>).user_id).toBe('default-user');
  });

  it('updates by id with node_count following the graph, deletes, and updates stats and tags', async () => {
    replies.push({ status: 200, body: row() });
    const f = flow();
    await service().updateFlow('flow-1', { name: 'X', flowData: { ...f.flowData, nodes: [...f.flowData.nodes, { ...f.flowData.nodes[0]!, id: 'n2' }] } });
    expect(seen[0]!.method).toBe('PATCH');
    expect(seen[0]!.query.get('id')).toBe('eq.flow-1');
    expect(seen[0]!.body).toMatchObject({ name: 'X', node_count: 2 });

    await service().deleteFlow('flow-1');
    expect(seen[1]).toMatchObject({ method: 'DELETE' });
    expect(seen[1]!.query.get('id')).toBe('eq.flow-1');

    await service().updateFlowStats('flow-1', 3);
    expect(seen[2]!.body).toEqual({ node_count: 3 });
    await service().updateFlowStats('flow-1', 3, 10, 90);
    expect(seen[3]!.body).toEqual({ node_count: 3, execution_count: 10, success_rate: 90 });
    await service().updateFlowTags('flow-1', ['a', 'b']);
    expect(seen[4]!.body).toEqual({ tags: ['a', 'b'] });

    replies.push(pgError(403, '42501', 'denied'));
    await expect(service().deleteFlow('flow-1')).rejects.toThrow('database error: denied');
  });

  it('duplicates: fetch, new id, "(Copy)", draft, counters zero, insert; null when the original is gone', async () => {
    replies.push({ status: 200, body: [row()] }, { status: 201, body: row({ id: 'copy' }) });
    await service().duplicateFlow('flow-1', user);
    const inserted = seen[1]!.body as Record<string, unknown>;
    expect(inserted).toMatchObject({ name: 'Lead router (Copy)', status: 'draft', execution_count: 0, success_rate: 0, tags: ['sales'] });
    expect(inserted.id).toMatch(/^flow-\d+-[a-z0-9]{9}$/);
    expect(inserted.created_at).not.toBe('2025-06-01T10:00:00+00:00');
    replies.push({ status: 200, body: [] });
    expect(await service().duplicateFlow('gone')).toBeNull();
  });

  it('exports every flow as a version 1.0 file and imports the valid flows of a file, re-identifying taken ids', async () => {
    replies.push({ status: 200, body: [row(), row({ id: 'flow-2' })] });
    const file = await service().exportFlows();
    expect(file.version).toBe('1.0');
    expect(file.flows.map((f) => f.id)).toEqual(['flow-1', 'flow-2']);

    const text = JSON.stringify({ ...file, flows: [...file.flows, { id: 'x', name: 'bad' }] });
    replies.push({ status: 200, body: [{ id: 'flow-1' }] }, { status: 201 });
    expect(await service().importFlows(text, user)).toEqual({
      imported: 2,
      skipped: [{ name: 'bad', reason: 'its description is missing or not text' }],
    });
    expect(seen[1]!.query.get('id')).toBe('in.(flow-1,flow-2)');
    const rows = seen[2]!.body as { id: string; user_id: string }[];
    expect(rows).toHaveLength(2);
    expect(rows[0]!.id).not.toBe('flow-1');
    expect(rows[1]!.id).toBe('flow-2');
    expect(rows[0]!.user_id).toBe('user_u1_lib_l1');

    await expect(service().importFlows('{"version":"1.0"}')).rejects.toThrow('Invalid flow file format');
  });

  it('tests, deploys, undeploys and lists runs over the API', async () => {
    const calls: InternalAxiosRequestConfig[] = [];
    const adapter: AxiosAdapter = async (config) => {
      calls.push(config);
      const data = config.url!.endsWith('/deploy') ? { webhookUrl: 'https://x/hook', secret: 's' } : config.url!.endsWith('/runs') ? [] : config.url!.endsWith('/test') ? { id: 'r1', nodes: [] } : null;
      return { data, status: 200, statusText: 'OK', headers: {}, config };
    };
    const s = service(adapter);
    expect(await s.testFlow('flow 1', { a: 1 })).toMatchObject({ id: 'r1' });
    expect(calls[0]).toMatchObject({ method: 'post', url: '/api/v1/flows/flow%201/test' });
    expect(JSON.parse(calls[0]!.data as string)).toEqual({ payload: { a: 1 } });
    expect(await s.deployFlow('f')).toEqual({ webhookUrl: 'https://x/hook', secret: 's' });
    await s.undeployFlow('f');
    expect(calls[2]).toMatchObject({ method: 'post', url: '/api/v1/flows/f/undeploy' });
    expect(await s.listFlowRuns('f')).toEqual([]);
    expect(calls[3]).toMatchObject({ method: 'get', url: '/api/v1/flows/f/runs' });
  });

  it("reads the deployment's state (deployed or not, never a secret)", async () => {
    const adapter: AxiosAdapter = async (config) => {
      const data = config.url === '/api/v1/flows/f/deployment'
        ? { flow_id: 'f', deployed: true, status: 'active', trigger: 'webhook', webhookUrl: 'https://x/hook', secretHeader: 'X-Accent-Flow-Secret', deployed_at: '2025-06-01T10:00:00Z' }
        : { flow_id: 'g', deployed: false, status: 'active', trigger: null, deployed_at: null };
      return { data, status: 200, statusText: 'OK', headers: {}, config };
    };
    expect(await service(adapter).getDeployment('f')).toEqual({ deployed: true, webhookUrl: 'https://x/hook', secretHeader: 'X-Accent-Flow-Secret' });
    expect(await service(adapter).getDeployment('g')).toEqual({ deployed: false });
  });
});
