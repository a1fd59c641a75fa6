// The background agents service with the real supabase-js client against a tiny local server answering
// the PostgREST protocol.
import { describe, expect, it } from '@jest/globals';
import { ApiError, createApiClient } from '@accent/shared/client';
import { BACKGROUND_RUN_COLUMNS, newBackgroundAgent } from '@accent/background-common';
import { createDataClient, type SupabaseClient } from '@accent/shared/data';
import { backgroundRunFromRow, backgroundScheduleProblem, BACKGROUND_LIST_COLUMNS, createBackgroundAgentsService, filenameFromContentDisposition } from './background.js';
import { NoSocket, pgError, usePostgrestStub } from '../../../shared/src/data/testing/postgrest-stub.js';

const stub = usePostgrestStub();
const { seen, replies } = stub;
function client(): SupabaseClient {
  return createDataClient({ supabaseUrl: stub.baseUrl, supabaseAnonKey: 'anon-key' }, { getToken: () => 'token-1', refresh: async () => false, realtime: { transport: NoSocket as never } });
}
// The same stub plays the API server for the /api/v1 calls, through the shared axios client.
const http = () => createApiClient({ baseURL: stub.baseUrl, auth: { getToken: () => 'token-1', refresh: async () => false } });
const service = () => createBackgroundAgentsService(() => client(), http());

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

  it('reads one agent with its normalized configuration, and null for an unknown id (an empty list, no 406)', async () => {
    replies.push({ status: 200, body: row() });
    const got = await service().getAgent('bg-1');
    expect(seen[0]!.query.get('id')).toBe('eq.bg-1');
    expect(got?.status).toBe('active');
    expect(got?.config).toMatchObject({ name: 'Pipeline watcher', icon: '🔔', category: 'CRM Monitoring', systemPrompt: 'Watch', runOnDemand: true, pauseOnError: true, maxRetries: 3, interval: 'daily', timezone: 'UTC' });
    expect(String(seen[0]!.headers.accept ?? '')).not.toContain('vnd.pgrst.object');
    replies.push({ status: 200, body: [] });
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

  it('keeps the database message and hint of a refused schedule', async () => {
    const cronMessage = 'Invalid cron expression "0 99 * * *": hour must be between 0 and 23 (got "99")';
    const hint = 'Use five fields: minute hour day-of-month month day-of-week, e.g. 0 7 * * 1-5 for 7 AM on weekdays.';
    replies.push({ status: 400, body: { code: '23514', message: cronMessage, details: null, hint } });
    const err = await service().saveAgent({ ...newBackgroundAgent(), scheduleType: 'cron', cronExpression: '0 99 * * *' }, 'active', 'bg-1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe(`database error: ${cronMessage}`);
    expect(backgroundScheduleProblem(err)).toEqual({ field: 'cronExpression', message: cronMessage, hint });

    replies.push({ status: 400, body: { code: '23514', message: 'Unknown time zone "Mars/Base"', details: null, hint: 'Choose one of the listed time zones.' } });
    const tz = await service().saveAgent({ ...newBackgroundAgent(), timezone: 'Mars/Base' }, 'draft').catch((e: unknown) => e);
    expect(backgroundScheduleProblem(tz)).toEqual({ field: 'timezone', message: 'Unknown time zone "Mars/Base"', hint: 'Choose one of the listed time zones.' });

    replies.push(pgError(500, 'XX000', 'down'));
    expect(backgroundScheduleProblem(await service().saveAgent(newBackgroundAgent(), 'draft').catch((e: unknown) => e))).toBeNull();
    expect(backgroundScheduleProblem(new Error('network'))).toBeNull();
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
    replies.push({ status: 200, body: [] });
    expect(await service().duplicateAgent('missing')).toBeNull();
  });
});

const runRow = (overrides: Record<string, unknown> = {}) => ({
  id: 'run-1',
  agent_id: 'bg-1',
  agent_name: 'Pipeline watcher',
  trigger: 'manual',
  status: 'succeeded',
  output: '# Pipeline\nAll good',
  format: 'markdown',
  deliveries: [{ channel: 'dashboard', status: 'sent', detail: 'In the results feed' }],
  sources: [{ source: 'salesforce', status: 'not_connected', detail: 'No Salesforce credentials' }],
  error: null,
  attempt: 1,
  max_attempts: 4,
  agent_run_id: 'ar-1',
  in_feed: true,
  started_at: '2025-06-02T10:00:01+00:00',
  finished_at: '2025-06-02T10:00:03+00:00',
  duration_ms: 2000,
  created_at: '2025-06-02T10:00:00+00:00',
  ...overrides,
});

describe('background runs over PostgREST', () => {
  it("lists an agent's runs newest first, 50 at most, with the run columns", async () => {
    replies.push({ status: 200, body: [runRow()] });
    const runs = await service().listRuns('bg-1');
    expect(runs).toEqual([runRow()]);
    expect(seen[0]!.path).toBe('/rest/v1/background_runs');
    expect(seen[0]!.query.get('select')).toBe(BACKGROUND_RUN_COLUMNS.replace(/ /g, ''));
    expect(seen[0]!.query.get('agent_id')).toBe('eq.bg-1');
    expect(seen[0]!.query.get('order')).toBe('created_at.desc');
    expect(seen[0]!.query.get('limit')).toBe('50');
    expect(seen[0]!.headers.authorization).toBe('Bearer token-1');
    replies.push(pgError(500, 'XX000', 'down'));
    await expect(service().listRuns('bg-1')).rejects.toThrow('database error: down');
  });

  it('reads the results feed: in_feed runs, newest first, 20 at most', async () => {
    replies.push({ status: 200, body: [runRow(), runRow({ id: 'run-0' })] });
    const feed = await service().listFeed();
    expect(feed.map((r) => r.id)).toEqual(['run-1', 'run-0']);
    expect(seen[0]!.path).toBe('/rest/v1/background_runs');
    expect(seen[0]!.query.get('in_feed')).toBe('eq.true');
    expect(seen[0]!.query.get('order')).toBe('created_at.desc');
    expect(seen[0]!.query.get('limit')).toBe('20');
  });

  it('reads a malformed row leniently', () => {
    const run = backgroundRunFromRow({
      id: 'r',
      status: 'exploded',
      format: 'docx',
      trigger: 'magic',
      deliveries: [{ channel: 'email', status: 'sent' }, { channel: 'pigeon', status: 'sent' }, 'x'],
      sources: 'none',
      attempt: 3,
      max_attempts: null,
    });
    expect(run).toMatchObject({ status: 'queued', format: 'markdown', trigger: 'manual', deliveries: [{ channel: 'email', status: 'sent' }], sources: [], attempt: 3, max_attempts: 3, in_feed: false, output: null, duration_ms: null });
  });
});

describe('background agents over /api/v1', () => {
  it('Run now posts to /api/v1/background-agents/:id/run with the session token', async () => {
    replies.push({ status: 202, body: { run_id: 'run-9', status: 'queued' } });
    expect(await service().runNow('bg 1')).toEqual({ run_id: 'run-9', status: 'queued' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/v1/background-agents/bg%201/run' });
    expect(seen[0]!.headers.authorization).toBe('Bearer token-1');
  });

  it("Run now rejects with the server's detail (409)", async () => {
    replies.push({ status: 409, body: { detail: 'Publish the agent before running it.' } });
    const err = await service().runNow('bg-1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, detail: 'Publish the agent before running it.' });
  });

  it('Test Configuration posts the unsaved configuration (and the id when editing) and parses the result', async () => {
    const result = {
      status: 'succeeded',
      output: 'Hello',
      format: 'markdown',
      formatted: '# Report\nHello',
      sources: [{ source: 'salesforce', status: 'collected', detail: '3 records' }],
      deliveries: [{ channel: 'email', status: 'dry_run', detail: 'would send to me@x.test' }],
      error: null,
      duration_ms: 1200,
      agent_run_id: null,
    };
    const config = { ...newBackgroundAgent(), systemPrompt: 'Unsaved prompt' };
    replies.push({ status: 200, body: result }, { status: 200, body: result });
    expect(await service().testConfig(config, 'bg-1')).toEqual(result);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/v1/background-agents/test', body: { config: { systemPrompt: 'Unsaved prompt', name: 'New Background Agent' }, id: 'bg-1' } });
    await service().testConfig(config, null);
    expect(seen[1]!.body).not.toHaveProperty('id');
  });

  it('reads the event trigger of an agent', async () => {
    const trigger = { url: 'http://x/api/v1/background-agents/bg-1/events', signature_header: 'X-Accent-Signature', how: 'sha256=<HMAC>' };
    replies.push({ status: 200, body: trigger });
    expect(await service().getEventTrigger('bg-1')).toEqual(trigger);
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/v1/background-agents/bg-1/event-trigger' });
  });

  it("downloads a run's document as a blob named by Content-Disposition", async () => {
    replies.push({ status: 200, body: { deals: 3 }, headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="pipeline-report.json"' } });
    const doc = await service().downloadDocument('bg-1', 'run-1');
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/v1/background-agents/bg-1/runs/run-1/document' });
    expect(seen[0]!.headers.authorization).toBe('Bearer token-1');
    expect(doc.filename).toBe('pipeline-report.json');
    expect(doc.blob.type).toBe('application/json');
    expect(await doc.blob.text()).toBe('{"deals":3}');
  });

  it('reads file names from Content-Disposition', () => {
    expect(filenameFromContentDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`, 'x')).toBe('résumé.pdf');
    expect(filenameFromContentDisposition('attachment; filename=report.csv', 'x')).toBe('report.csv');
    expect(filenameFromContentDisposition('attachment; filename="say \\"hi\\".md"', 'x')).toBe('say "hi".md');
    expect(filenameFromContentDisposition('attachment', 'fallback.bin')).toBe('fallback.bin');
    expect(filenameFromContentDisposition(undefined, 'fallback.bin')).toBe('fallback.bin');
  });
});
