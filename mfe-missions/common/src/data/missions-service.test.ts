// The missions services with the real supabase-js client against a tiny local HTTP server that answers
// the PostgREST protocol: what goes on the wire (paths, filters, order, Prefer, Accept, the token) and how
// answers and PostgREST errors come back (database error: …, PGRST116 → null, [] / zero for lists).
import { describe, expect, it } from '@jest/globals';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createApiClient } from '@accent/shared/client';
import type { MissionWrite } from '../missions.js';
import { missionWrite } from '../testing/fixtures.js';
import { createDataClient, getDataClient, refreshingFetch, resolveDataUrl, DATA_CLIENT_GLOBAL_KEY, type SupabaseClient } from '@accent/shared/data';
import { createMissionRunsService } from './mission-runs-service.js';
import { createMissionsService } from './missions-service.js';
import { NoSocket, pgError, usePostgrestStub } from '../../../../shared/src/data/testing/postgrest-stub.js';

const stub = usePostgrestStub();
const { seen, replies } = stub;

let token: string | null = 'token-1';
function client(): SupabaseClient {
  return createDataClient({ supabaseUrl: stub.baseUrl, supabaseAnonKey: 'anon-key' }, { getToken: () => token, refresh: async () => false, realtime: { transport: NoSocket as never } });
}

/** The mission these tests write, and the row PostgREST keeps for it (a numeric rate comes back as text). */
const written = missionWrite({ prompt: 'Summarise', parameters: { region: 'EMEA' }, tags: ['sales'] });
const row = (overrides: Record<string, unknown> = {}) => ({
  ...written,
  created_at: '2025-06-01T10:00:00+00:00',
  updated_at: '2025-06-01T10:00:00+00:00',
  last_run: null,
  next_run: '2025-06-02T09:00:00+00:00',
  execution_count: 3,
  success_rate: '66.67',
  user_id: 'u1',
  library_id: 'l1',
  ...overrides,
});


describe('missionsService over PostgREST', () => {
  const service = () => createMissionsService(() => client());

  it('upserts on id with merge-duplicates and returns the stored row, sending the token and the anon key', async () => {
    replies.push({ status: 201, body: row() });
    const mission: MissionWrite = written;
    const saved = await service().upsertMission(mission);
    expect(saved).toMatchObject({ id: 'm1', success_rate: 66.67, execution_count: 3 });
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/rest/v1/missions');
    expect(req.query.get('on_conflict')).toBe('id');
    expect(req.query.get('select')).toBe('*');
    expect(String(req.headers.prefer)).toContain('resolution=merge-duplicates');
    expect(String(req.headers.prefer)).toContain('return=representation');
    expect(req.headers.accept).toBe('application/vnd.pgrst.object+json');
    expect(req.headers.authorization).toBe('Bearer token-1');
    expect(req.headers.apikey).toBe('anon-key');
    expect(req.body).toEqual(mission);
    expect(req.body).not.toHaveProperty('user_id');
    expect(req.body).not.toHaveProperty('library_id');
  });

  it('raises database error: {message} when a write fails', async () => {
    replies.push(pgError(403, '42501', 'new row violates row-level security policy for table "missions"'));
    await expect(service().upsertMission({ id: 'x' } as MissionWrite)).rejects.toThrow('database error: new row violates row-level security policy for table "missions"');
  });

  it('reads one mission by id, and answers null for an unknown id (an empty list, no 406)', async () => {
    replies.push({ status: 200, body: row() });
    expect(await service().getMissionById('m1')).toMatchObject({ id: 'm1', name: 'Daily digest' });
    expect(seen[0]!.query.get('id')).toBe('eq.m1');
    expect(String(seen[0]!.headers.accept ?? '')).not.toContain('vnd.pgrst.object');

    replies.push({ status: 200, body: [] });
    expect(await service().getMissionById('missing')).toBeNull();

    replies.push(pgError(500, 'XX000', 'boom'));
    await expect(service().getMissionById('m1')).rejects.toThrow('database error: boom');
  });

  it('lists all, by user and by agent, newest created first', async () => {
    replies.push({ status: 200, body: [row({ id: 'b' }), row({ id: 'a' })] }, { status: 200, body: [row()] }, { status: 200, body: [row()] });
    expect((await service().listMissions()).map((m) => m.id)).toEqual(['b', 'a']);
    await service().listMissionsByUser('u1');
    await service().listMissionsByAgent('Lead Qualifier');
    for (const req of seen) {
      expect(req.method).toBe('GET');
      expect(req.query.get('order')).toBe('created_at.desc');
      expect(req.query.get('select')).toBe('*');
    }
    expect(seen[1]!.query.get('user_id')).toBe('eq.u1');
    expect(seen[2]!.query.get('agent_id')).toBe('eq.Lead Qualifier');
  });

  it('lists return [] on error, or raise database error: … when asked to', async () => {
    replies.push(pgError(500, 'XX000', 'connection lost'), pgError(500, 'XX000', 'connection lost'));
    expect(await service().listMissions()).toEqual([]);
    await expect(service().listMissions({ throwOnError: true })).rejects.toThrow('database error: connection lost');
  });

  it('updates by id, renames an agent in all its missions, and deletes (false on error)', async () => {
    replies.push({ status: 200, body: row({ status: 'paused' }) }, { status: 204 }, { status: 204 }, pgError(500, 'XX000', 'nope'));
    expect((await service().updateMission('m1', { status: 'paused' })).status).toBe('paused');
    expect(seen[0]).toMatchObject({ method: 'PATCH', body: { status: 'paused' } });
    expect(seen[0]!.query.get('id')).toBe('eq.m1');

    await service().renameAgentInMissions('Lead Qualifier', 'Lead Scorer');
    expect(seen[1]).toMatchObject({ method: 'PATCH', body: { agent_name: 'Lead Scorer' } });
    expect(seen[1]!.query.get('agent_id')).toBe('eq.Lead Qualifier');

    expect(await service().deleteMission('m1')).toBe(true);
    expect(seen[2]!.method).toBe('DELETE');
    expect(seen[2]!.query.get('id')).toBe('eq.m1');
    expect(await service().deleteMission('m1')).toBe(false);
  });

  it('reads the latest updated_at with an exact count from Content-Range, zero on error', async () => {
    replies.push({ status: 200, body: [{ updated_at: '2025-06-03T08:00:00+00:00' }], headers: { 'Content-Range': '0-0/42' } });
    expect(await service().latestMissionUpdate()).toEqual({ latestUpdate: '2025-06-03T08:00:00+00:00', count: 42 });
    expect(seen[0]!.query.get('select')).toBe('updated_at');
    expect(seen[0]!.query.get('order')).toBe('updated_at.desc');
    expect(seen[0]!.query.get('limit')).toBe('1');
    expect(String(seen[0]!.headers.prefer)).toContain('count=exact');

    replies.push(pgError(500, 'XX000', 'down'));
    expect(await service().latestMissionUpdate()).toEqual({ latestUpdate: null, count: 0 });
  });

  it('turns a client that cannot be created (config not loaded) into database error: …', async () => {
    const broken = createMissionsService(() => Promise.reject(new Error('HTTP 503: Service Unavailable')));
    await expect(broken.getMissionById('m1')).rejects.toThrow('database error: HTTP 503: Service Unavailable');
    expect(await broken.listMissions()).toEqual([]);
    expect(await broken.deleteMission('m1')).toBe(false);
    expect(await broken.latestMissionUpdate()).toEqual({ latestUpdate: null, count: 0 });
  });

  it('sends the anon key as the bearer when signed out', async () => {
    token = null;
    try {
      await service().listMissions();
      expect(seen[0]!.headers.authorization).toBe('Bearer anon-key');
    } finally {
      token = 'token-1';
    }
  });
});

describe('missionRunsService', () => {
  it('lists mission_runs newest first, filtered by mission and owner, with a limit', async () => {
    replies.push({ status: 200, body: [{ id: 'r2', mission_id: 'm1', status: 'succeeded', output: 'Done', deliveries: [] }] });
    const runs = await createMissionRunsService(() => client()).listRuns({ missionId: 'm1', userId: 'u1', limit: 5 });
    expect(runs).toMatchObject([{ id: 'r2', status: 'succeeded', output: 'Done' }]);
    const req = seen[0]!;
    expect(req.path).toBe('/rest/v1/mission_runs');
    expect(req.query.get('mission_id')).toBe('eq.m1');
    expect(req.query.get('user_id')).toBe('eq.u1');
    expect(req.query.get('order')).toBe('created_at.desc');
    expect(req.query.get('limit')).toBe('5');
  });

  it('returns [] on error unless asked to raise', async () => {
    replies.push(pgError(401, 'PGRST301', 'JWT expired'), pgError(401, 'PGRST301', 'JWT expired'));
    const service = createMissionRunsService(() => client());
    expect(await service.listRuns()).toEqual([]);
    await expect(service.listRuns({}, { throwOnError: true })).rejects.toThrow('database error: JWT expired');
  });

  it('Run now posts to /api/v1/missions/:id/run and resolves with the run id', async () => {
    const calls: InternalAxiosRequestConfig[] = [];
    const adapter: AxiosAdapter = async (config) => {
      calls.push(config);
      return { data: { run_id: 'run-9' }, status: 202, statusText: 'Accepted', headers: {}, config };
    };
    const service = createMissionRunsService(() => client(), createApiClient({ adapter }));
    expect(await service.runMissionNow('m 1')).toBe('run-9');
    expect(calls[0]).toMatchObject({ method: 'post', url: '/api/v1/missions/m%201/run' });
  });
});

describe('data client', () => {
  it('retries once with a refreshed token after a 401', async () => {
    let current = 'old';
    const base: typeof fetch = (input, init) => globalThis.fetch(input, init);
    const fetchWithRefresh = refreshingFetch(base, () => current, async () => {
      current = 'new';
      return true;
    });
    replies.push(pgError(401, 'PGRST301', 'JWT expired'), { status: 200, body: [] });
    const res = await fetchWithRefresh(`${stub.baseUrl}rest/v1/missions`, { headers: { Authorization: 'Bearer old' } });
    expect(res.status).toBe(200);
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('resolves a relative gateway URL against the page origin', () => {
    expect(resolveDataUrl('/', 'https://studio.example.com')).toBe('https://studio.example.com/');
    expect(resolveDataUrl('https://x.supabase.co', 'https://studio.example.com')).toBe('https://x.supabase.co');
  });

  it('keeps one client promise per page and forgets a failed config load', async () => {
    const registry = globalThis as unknown as Record<string, unknown>;
    delete registry[DATA_CLIENT_GLOBAL_KEY];
    // No server answers /api/v1/config here (relative URL in Node): the load fails and is not cached.
    const first = getDataClient();
    expect(getDataClient()).toBe(first);
    await expect(first).rejects.toBeDefined();
    await Promise.resolve();
    expect(registry[DATA_CLIENT_GLOBAL_KEY]).toBeUndefined();
    const fake = Promise.resolve(client());
    registry[DATA_CLIENT_GLOBAL_KEY] = fake;
    expect(getDataClient()).toBe(fake);
    delete registry[DATA_CLIENT_GLOBAL_KEY];
  });
});
