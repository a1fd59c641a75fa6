// The background agents service with the real supabase-js client against a tiny local server answering
// the PostgREST protocol.
import { describe, expect, it } from '@jest/globals';
import { newBackgroundAgent } from '../domain/background.js';
import { createDataClient, type SupabaseClient } from './client.js';
import { BACKGROUND_LIST_COLUMNS, createBackgroundAgentsService } from './background.js';
import { NoSocket, pgError, usePostgrestStub } from './testing/postgrest-stub.js';

const stub = usePostgrestStub();
const { seen, replies } = stub;
function client(): SupabaseClient {
  return createDataClient({ supabaseUrl: stub.baseUrl, supabaseAnonKey: 'anon-key' }, { getToken: () => 'token-1', refresh: async () => false, realtime: { transport: NoSocket as never } });
}
const service = () => createBackgroundAgentsService(() => client());

const row = (overrides: Record<string, unknown> = {}) => ({
  id: 'bg-1',
  name: 'Pipeline watcher',
  icon: '🔔',
  description: 'Watches deals',
  category: 'CRM Monitoring',
  status: 'active',
  config: { systemPrompt: 'Watch', dataSources: ['salesforce'], deliveryChannels: ['email'], runOnDemand: false, pauseOnError: false, maxRetries: 0 },
  library_id: 'l1',
  owner_id: 'u1',
  created_at: '2025-06-01T10:00:00+00:00',
  updated_at: '2025-06-02T10:00:00+00:00',
  ...overrides,
});

describe('backgroundAgentsService over PostgREST', () => {
  it('lists the cards, most recently updated first', async () => {
    replies.push({ status: 200, body: [row()] });
    const list = await service().listAgents();
    expect(list).toEqual([
      { id: 'bg-1', name: 'Pipeline watcher', icon: '🔔', description: 'Watches deals', category: 'CRM Monitoring', status: 'active', createdAt: '2025-06-01T10:00:00+00:00', updatedAt: '2025-06-02T10:00:00+00:00' },
    ]);
    expect(seen[0]!.path).toBe('/rest/v1/background_agents');
    expect(seen[0]!.query.get('select')).toBe(BACKGROUND_LIST_COLUMNS.replace(/ /g, ''));
    expect(seen[0]!.query.get('order')).toBe('updated_at.desc');
    expect(seen[0]!.headers.authorization).toBe('Bearer token-1');
    replies.push(pgError(500, 'XX000', 'down'));
    await expect(service().listAgents()).rejects.toThrow('database error: down');
  });

  it('reads one agent with its normalized configuration, and null for PGRST116', async () => {
    replies.push({ status: 200, body: row() });
    const got = await service().getAgent('bg-1');
    expect(seen[0]!.query.get('id')).toBe('eq.bg-1');
    expect(got?.status).toBe('active');
    expect(got?.config).toMatchObject({ name: 'Pipeline watcher', icon: '🔔', category: 'CRM Monitoring', systemPrompt: 'Watch', runOnDemand: true, pauseOnError: true, maxRetries: 3, interval: 'daily', timezone: 'UTC' });
    replies.push(pgError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned'));
    expect(await service().getAgent('missing')).toBeNull();
    replies.push(pgError(500, 'XX000', 'down'));
    await expect(service().getAgent('bg-1')).rejects.toThrow('database error: down');
  });

  it('inserts without id, library_id or owner_id; updates by id', async () => {
    const config = { ...newBackgroundAgent(), systemPrompt: 'Go' };
    replies.push({ status: 201, body: row({ id: 'bg-new', status: 'draft' }) });
    const saved = await service().saveAgent(config, 'draft');
    expect(saved.id).toBe('bg-new');
    expect(seen[0]!.method).toBe('POST');
    const body = seen[0]!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['category', 'config', 'description', 'icon', 'name', 'status']);
    expect(body).toMatchObject({ name: 'New Background Agent', category: 'Automation', status: 'draft', config: { systemPrompt: 'Go', status: 'draft' } });

    replies.push({ status: 200, body: row() });
    await service().saveAgent(config, 'active', 'bg-1');
    expect(seen[1]!.method).toBe('PATCH');
    expect(seen[1]!.query.get('id')).toBe('eq.bg-1');
    const patch = seen[1]!.body as Record<string, unknown>;
    expect(patch).not.toHaveProperty('library_id');
    expect(patch).not.toHaveProperty('owner_id');
    expect(patch).toMatchObject({ status: 'active', config: { status: 'active' } });
  });

  it('deletes by id', async () => {
    replies.push({ status: 204 });
    await service().deleteAgent('bg-1');
    expect(seen[0]!.method).toBe('DELETE');
    expect(seen[0]!.query.get('id')).toBe('eq.bg-1');
  });

  it('duplicates as "{name} (Copy)", draft; null when the original is gone', async () => {
    replies.push({ status: 200, body: row() }, { status: 201, body: row({ id: 'copy', name: 'Pipeline watcher (Copy)', status: 'draft' }) });
    const copy = await service().duplicateAgent('bg-1');
    expect(copy?.id).toBe('copy');
    const inserted = seen[1]!.body as Record<string, unknown>;
    expect(inserted).not.toHaveProperty('id');
    expect(inserted).toMatchObject({ name: 'Pipeline watcher (Copy)', status: 'draft', category: 'CRM Monitoring', config: { status: 'draft', systemPrompt: 'Watch' } });
    replies.push(pgError(406, 'PGRST116', 'none'));
    expect(await service().duplicateAgent('missing')).toBeNull();
  });
});
