// Background agent versions on a real in-memory PGlite: every save through the gateway (supabase-js) that
// changes an agent is a version with who and when; run bookkeeping is not; restore saves a new version;
// the background_agent_versions RLS of 027 follows the agent's own visibility.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { backgroundAgentToRow, newBackgroundAgent, type BackgroundAgentConfig, type BackgroundAgentVersion } from '@accent/background-common';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestContext, createUser, importCreateClient, listenOnLoopback, login, loginAdmin, loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';
import { withBackgroundTables } from './tables.js';

jest.setTimeout(30_000);

type Row = Record<string, unknown>;
let createClient: typeof import('@supabase/supabase-js').createClient;
let ctx: TestContext;
let clientConfig: { supabaseUrl: string; supabaseAnonKey: string };
let admin: SignedIn;
let member: SignedIn;
let builder: SignedIn;
let otherBuilder: SignedIn;

function client(token: string): SupabaseClient {
  return createClient(clientConfig.supabaseUrl, clientConfig.supabaseAnonKey, { accessToken: async () => token, realtime: { transport: class {} as never } });
}

const config = (fields: Partial<BackgroundAgentConfig> = {}): BackgroundAgentConfig => ({
  ...newBackgroundAgent(),
  name: 'Deal watcher',
  category: 'CRM Monitoring',
  description: 'Watches stalled deals',
  systemPrompt: 'You watch deals.\nFlag the stalled ones.',
  ...fields,
});

const inject = (method: 'GET' | 'POST', url: string, who: SignedIn) => ctx.app.inject({ method, url, headers: who.headers });
const versionsOf = async (id: string, who: SignedIn = builder) => {
  const res = await inject('GET', `/api/v1/background-agents/${id}/versions`, who);
  expect(res.statusCode).toBe(200);
  return (res.json() as { versions: BackgroundAgentVersion[] }).versions;
};

beforeAll(async () => {
  createClient = await importCreateClient();
  ctx = await createTestContext();
  clientConfig = (await (await fetch(`${await listenOnLoopback(ctx.app)}/api/v1/config`)).json()) as typeof clientConfig;
  admin = await loginAdmin(ctx.app);
  member = await loginMember(ctx.app);
  await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: 'bv-builder@accent.local', password: 'builder-password', role: 'builder' });
  builder = await login(ctx.app, { email: 'bv-builder@accent.local', password: 'builder-password' });
  await createUser(ctx.database, { environment: 'lo-n02', library: 'other-lib', email: 'bv-other@accent.local', password: 'other-password', role: 'builder' });
  otherBuilder = await login(ctx.app, { email: 'bv-other@accent.local', password: 'other-password', library: 'other-lib' });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

async function newAgent(): Promise<string> {
  const made = await client(builder.token).from('background_agents').insert(backgroundAgentToRow(config(), 'draft')).select('id').single();
  expect(made.error).toBeNull();
  return (made.data as Row).id as string;
}

describe('background agent versions', () => {
  it('every save that changes the agent is a version with who and when; run bookkeeping is not', async () => {
    const id = await newAgent();
    const db = client(builder.token);
    await db.from('background_agents').update(backgroundAgentToRow(config({ systemPrompt: 'You watch deals.\nFlag deals idle for 30 days.' }), 'draft')).eq('id', id);
    // a save that changes nothing, and the runner's counters, are not versions
    await db.from('background_agents').update(backgroundAgentToRow(config({ systemPrompt: 'You watch deals.\nFlag deals idle for 30 days.' }), 'draft')).eq('id', id);
    await withBackgroundTables(ctx.database.db).updateTable('background_agents').set({ run_count: 3, last_run_at: new Date() }).where('id', '=', id).execute();

    const versions = await versionsOf(id);
    expect(versions.map((v) => [v.number, v.note, v.created_by])).toEqual([
      [2, null, 'bv-builder@accent.local'],
      [1, null, 'bv-builder@accent.local'],
    ]);
    expect((versions[0]!.config as BackgroundAgentConfig).systemPrompt).toBe('You watch deals.\nFlag deals idle for 30 days.');
    expect((versions[1]!.config as BackgroundAgentConfig).systemPrompt).toBe('You watch deals.\nFlag the stalled ones.');
    expect(Number.isNaN(Date.parse(versions[0]!.created_at))).toBe(false);
  });

  it('restore saves the version over the agent (keeping its status) as a new version; history stays', async () => {
    const id = await newAgent();
    const db = client(builder.token);
    await db.from('background_agents').update(backgroundAgentToRow(config({ name: 'Deal watcher 2', systemPrompt: 'Broken' }), 'active')).eq('id', id);

    const restored = await inject('POST', `/api/v1/background-agents/${id}/versions/1/restore`, builder);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ number: 3, restored: 1 });
    const row = await db.from('background_agents').select('name, status, config').eq('id', id).single();
    expect(row.data).toMatchObject({ name: 'Deal watcher', status: 'active' });
    expect((row.data as { config: BackgroundAgentConfig }).config.systemPrompt).toBe('You watch deals.\nFlag the stalled ones.');

    const versions = await versionsOf(id);
    expect(versions.map((v) => [v.number, v.note, v.name])).toEqual([
      [3, 'Restored from version 1', 'Deal watcher'],
      [2, null, 'Deal watcher 2'],
      [1, null, 'Deal watcher'],
    ]);
    expect(versions[0]!.created_by).toBe('bv-builder@accent.local');
    // the note does not leak into the next save
    await db.from('background_agents').update({ description: 'Later' }).eq('id', id);
    expect((await versionsOf(id))[0]).toMatchObject({ number: 4, note: null });

    expect((await inject('POST', `/api/v1/background-agents/${id}/versions/99/restore`, builder)).statusCode).toBe(404);
    expect((await inject('POST', `/api/v1/background-agents/${id}/versions/x/restore`, builder)).statusCode).toBe(400);
    expect((await inject('POST', `/api/v1/background-agents/${id}/versions/1/restore`, member)).statusCode).toBe(403);
    expect((await inject('POST', `/api/v1/background-agents/${id}/versions/1/restore`, otherBuilder)).statusCode).toBe(404);
    expect((await inject('GET', `/api/v1/background-agents/${id}/versions`, otherBuilder)).statusCode).toBe(404);
  });

  it('background_agent_versions through the gateway: read like the agent, written by nobody', async () => {
    const id = await newAgent();
    const read = async (who: SignedIn) => ((await client(who.token).from('background_agent_versions').select('agent_id, number').eq('agent_id', id)).data ?? []) as Row[];
    expect(await read(builder)).toEqual([{ agent_id: id, number: 1 }]);
    expect(await read(admin)).toEqual([{ agent_id: id, number: 1 }]);
    expect(await read(member)).toEqual([]);
    expect(await read(otherBuilder)).toEqual([]);
    const forged = await client(builder.token).from('background_agent_versions').insert({ agent_id: id, number: 5, name: 'x', icon: 'x', description: '', category: '', status: 'draft', config: {} });
    expect(forged.error).not.toBeNull();
    expect(await read(builder)).toEqual([{ agent_id: id, number: 1 }]);
  });
});
