// What the browser may not write through the data gateway (migration 015), driven with the real
// supabase-js client: a page owned by someone else, and the counters the server keeps.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SupabaseClient } from '@supabase/supabase-js';
import { withMissionTables } from '../missions/tables.js';
import { withPageTables } from '../pages/tables.js';
import { createTestContext, createUser, importCreateClient, listenOnLoopback, login, loginAdmin, loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';

type Row = Record<string, unknown>;

let createClient: typeof import('@supabase/supabase-js').createClient;
let ctx: TestContext;
let baseUrl: string;
let admin: SignedIn;
let builder: SignedIn;
let member: SignedIn;

const client = (token: string): SupabaseClient =>
  createClient(baseUrl, 'anon', { accessToken: async () => token, realtime: { transport: class {} as never } });

beforeAll(async () => {
  createClient = await importCreateClient();
  ctx = await createTestContext();
  baseUrl = await listenOnLoopback(ctx.app);
  admin = await loginAdmin(ctx.app);
  member = await loginMember(ctx.app);
  await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: 'builder@accent.local', password: 'builder-password', role: 'builder' });
  builder = await login(ctx.app, { email: 'builder@accent.local', password: 'builder-password' });
}, 90_000);
afterAll(async () => {
  await ctx?.close();
});

describe('page owners', () => {
  it('a builder cannot insert a page owned by another user; an admin can', async () => {
    const forged = await client(builder.token).from('pages').insert({ name: 'Not mine', user_id: member.body.user_id }).select();
    expect(forged.error).toMatchObject({ code: '42501' });
    expect(await withPageTables(ctx.database.db).selectFrom('pages').select('id').where('name', '=', 'Not mine').execute()).toEqual([]);

    const own = await client(builder.token).from('pages').insert({ name: 'Mine' }).select().single();
    expect(own.error).toBeNull();
    expect((own.data as Row).user_id).toBe(builder.body.user_id);

    const given = await client(admin.token).from('pages').insert({ name: 'For the builder', user_id: builder.body.user_id }).select().single();
    expect(given.error).toBeNull();
    expect((given.data as Row).user_id).toBe(builder.body.user_id);
  });

  it('a builder editing a page keeps its owner', async () => {
    const page = (await client(admin.token).from('pages').insert({ name: 'Admin page' }).select().single()).data as Row;
    const moved = await client(builder.token).from('pages').update({ name: 'Renamed', user_id: builder.body.user_id }).eq('id', page.id).select().single();
    expect(moved.error).toBeNull();
    expect(moved.data).toMatchObject({ name: 'Renamed', user_id: admin.body.user_id });
  });
});

describe('server-kept counters', () => {
  it("a mission owner cannot write its mission's run count, success rate or run times", async () => {
    const db = client(member.token);
    const inserted = await db
      .from('missions')
      .insert({ id: 'counter-mission', name: 'Counters', agent_id: 'Lead Qualifier', agent_name: 'Lead Qualifier', execution_count: 999, success_rate: 100, last_run: '2026-01-01T00:00:00Z', next_run: '2026-01-02T00:00:00Z' })
      .select()
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ execution_count: 0, success_rate: 0, last_run: null, next_run: null });

    await withMissionTables(ctx.database.db).updateTable('missions').set({ execution_count: 4, success_rate: 75 }).where('id', '=', 'counter-mission').execute();
    const updated = await db.from('missions').update({ name: 'Counters renamed', execution_count: 1000, success_rate: 100 }).eq('id', 'counter-mission').select().single();
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ name: 'Counters renamed', execution_count: 4, success_rate: 75 });
  });

  it('nor can a builder write a flow or background agent counter', async () => {
    const flow = await client(builder.token).from('flows').insert({ name: 'Counted flow', execution_count: 50, success_rate: 99 }).select().single();
    expect(flow.error).toBeNull();
    expect(flow.data).toMatchObject({ execution_count: 0, success_rate: 0 });

    const agent = await client(builder.token).from('background_agents').insert({ name: 'Counted agent', run_count: 7, last_run_at: '2026-01-01T00:00:00Z' }).select().single();
    expect(agent.error).toBeNull();
    expect(agent.data).toMatchObject({ run_count: 0, last_run_at: null });
  });
});
