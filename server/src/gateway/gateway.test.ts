// The data gateway driven by the REAL supabase-js client over HTTP (the app listens on a loopback port),
// on a real in-memory PGlite with the migrations: every operation the missions service uses, the
// PostgREST error shapes, row-level security between users and libraries, and injection attempts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { saveAgent } from '../agents/service.js';
import { EMBEDDED_ANON_KEY } from '../client-config/routes.js';
import { agentSaveRequestSchema } from '@accent/agents-common';
import { createTestContext, createUser, importCreateClient, listenOnLoopback, login, loginAdmin, loginMember, TEST_JWT_SECRET, type SignedIn, type TestContext } from '../testing/test-app.js';
import { AUTH_MESSAGES } from './auth.js';

type Row = Record<string, unknown>;

/** Imported in beforeAll, after muting supabase-js's import-time "Node.js 20 is deprecated" warning. */
let createClient: typeof import('@supabase/supabase-js').createClient;

let ctx: TestContext;
let baseUrl: string;
let admin: SignedIn;
let memberA: SignedIn;
let memberB: SignedIn;
let otherLibUser: SignedIn;
let libraryId: string;
let otherLibraryId: string;

const AGENT = 'Lead Qualifier';
const ADMIN_ONLY_AGENT = 'Board Briefing';
const OTHER_LIB_AGENT = 'Other Library Agent';

/** What GET /api/v1/config told the "browser". */
let clientConfig: { supabaseUrl: string; supabaseAnonKey: string };

/** The browser's way: createClient with the config endpoint's answer and the session token. */
function client(token: string | null): SupabaseClient {
  return createClient(clientConfig.supabaseUrl, clientConfig.supabaseAnonKey, {
    accessToken: async () => token,
    // supabase-js 2.119 in Node 20 needs a realtime transport at createClient; realtime is never used here
    realtime: { transport: class {} as never },
  });
}

let seq = 0;
const mission = (fields: Row = {}): Row => ({
  id: `m-${++seq}-${Math.random().toString(36).slice(2, 8)}`,
  name: `Mission ${seq}`,
  description: '',
  agent_id: AGENT,
  agent_name: AGENT,
  prompt: 'Qualify today\'s leads',
  parameters: { region: 'EMEA' },
  schedule: { type: 'scheduled', frequency: 'daily', time: '09:00', timezone: 'Europe/Paris' },
  delivery: { channels: ['feed'] },
  tags: ['sales', 'daily "quoted", with comma'],
  ...fields,
});

async function rest(path: string, init: RequestInit & { token?: string | null } = {}) {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(`${baseUrl}/rest/v1/${path}`, { ...rest, headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? (JSON.parse(text) as Row) : null };
}

beforeAll(async () => {
  createClient = await importCreateClient();
  ctx = await createTestContext();
  baseUrl = await listenOnLoopback(ctx.app);
  clientConfig = (await (await fetch(`${baseUrl}/api/v1/config`)).json()) as typeof clientConfig;

  admin = await loginAdmin(ctx.app);
  memberA = await loginMember(ctx.app);
  libraryId = admin.body.library_id;
  await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: 'member-b@accent.local', password: 'member-b-password', role: 'member' });
  memberB = await login(ctx.app, { email: 'member-b@accent.local', password: 'member-b-password' });
  const otherUserId = await createUser(ctx.database, { environment: 'lo-n02', library: 'other-lib', email: 'other@accent.local', password: 'other-password', role: 'admin' });
  otherLibUser = await login(ctx.app, { email: 'other@accent.local', password: 'other-password', library: 'other-lib' });
  otherLibraryId = otherLibUser.body.library_id;

  const adminId = admin.body.user_id;
  const agent = (name: string, access: string[]) =>
    agentSaveRequestSchema.parse({ name, description: '', settings: { access } });
  await saveAgent(ctx.database.db, { libraryId, userId: adminId, config: agent(ADMIN_ONLY_AGENT, ['admin_only']) as never });
  await saveAgent(ctx.database.db, { libraryId: otherLibraryId, userId: otherUserId, config: agent(OTHER_LIB_AGENT, ['all_users']) as never });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/v1/config', () => {
  it('points the browser at this server (supabase-js appends /rest/v1) with the public anon key', async () => {
    expect(clientConfig).toEqual({ supabaseUrl: `${baseUrl}/`, supabaseAnonKey: EMBEDDED_ANON_KEY });
    // without TRUST_PROXY, forwarded headers are anyone's to send: not believed (server/src/http/origin.test.ts)
    const proxied = await fetch(`${baseUrl}/api/v1/config`, { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'studio.example.com' } });
    expect(await proxied.json()).toEqual({ supabaseUrl: `${baseUrl}/`, supabaseAnonKey: EMBEDDED_ANON_KEY });
    expect(proxied.headers.get('cache-control')).toBe('no-store');
  });
});

describe('operations of the missions service (supabase-js)', () => {
  it('upserts on id: inserts with library and owner from the token, then updates the same row', async () => {
    const db = client(memberA.token);
    const draft = mission({ name: 'Daily lead digest' });
    const inserted = await db.from('missions').upsert(draft, { onConflict: 'id' }).select().single();
    expect(inserted.error).toBeNull();
    expect(inserted.status).toBe(201);
    const row = inserted.data as Row;
    expect(row).toMatchObject({
      id: draft.id,
      name: 'Daily lead digest',
      library_id: libraryId,
      user_id: memberA.body.user_id,
      scope: 'private',
      status: 'active',
      execution_count: 0,
      success_rate: 0,
      parameters: { region: 'EMEA' },
      schedule: draft.schedule,
      tags: draft.tags,
      last_run: null,
    });
    expect(typeof row.created_at).toBe('string');

    const updated = await db.from('missions').upsert({ ...draft, name: 'Renamed digest', status: 'paused' }, { onConflict: 'id' }).select().single();
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ id: draft.id, name: 'Renamed digest', status: 'paused', created_at: row.created_at });
    expect(Date.parse((updated.data as Row).updated_at as string)).toBeGreaterThanOrEqual(Date.parse(row.updated_at as string));

    const { count } = await db.from('missions').select('id', { count: 'exact', head: true }).eq('id', draft.id);
    expect(count).toBe(1);
  });

  it('upserts without asking for the rows (return=minimal) and in bulk', async () => {
    const db = client(memberA.token);
    const single = await db.from('missions').upsert(mission(), { onConflict: 'id' });
    expect(single.error).toBeNull();
    expect(single.status).toBe(201);
    expect(single.data).toBeNull();

    const many = [mission({ name: 'Bulk one' }), mission({ name: 'Bulk two', description: 'second' })];
    const bulk = await db.from('missions').upsert(many, { onConflict: 'id' }).select('id,name');
    expect(bulk.error).toBeNull();
    expect(bulk.data).toEqual([
      { id: many[0].id, name: 'Bulk one' },
      { id: many[1].id, name: 'Bulk two' },
    ]);
    // bulk update of the same ids
    const again = await db.from('missions').upsert(many.map((m) => ({ ...m, status: 'draft' })), { onConflict: 'id' }).select('status');
    expect(again.data).toEqual([{ status: 'draft' }, { status: 'draft' }]);
  });

  it('selects by id with .single() (406 PGRST116 when there is no row) and .maybeSingle() (null)', async () => {
    const db = client(memberA.token);
    const draft = mission();
    await db.from('missions').insert(draft);
    const found = await db.from('missions').select('*').eq('id', draft.id).single();
    expect(found.error).toBeNull();
    expect((found.data as Row).name).toBe(draft.name);

    const missing = await db.from('missions').select('*').eq('id', 'no-such-mission').single();
    expect(missing.status).toBe(406);
    expect(missing.data).toBeNull();
    expect(missing.error).toEqual({
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
      details: 'The result contains 0 rows',
      hint: null,
    });

    const maybe = await db.from('missions').select('*').eq('id', 'no-such-mission').maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
    const maybeFound = await db.from('missions').select('id').eq('id', draft.id).maybeSingle();
    expect(maybeFound.data).toEqual({ id: draft.id });
  });

  it('lists newest first, filters on user_id and agent_id, searches with .or(ilike)', async () => {
    const db = client(memberB.token);
    const first = mission({ name: 'Quarterly pipeline', description: 'numbers' });
    const second = mission({ name: 'Weekly churn', description: 'Pipeline health', agent_id: 'Market Researcher', agent_name: 'Market Researcher' });
    expect((await db.from('missions').insert(first)).error).toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    expect((await db.from('missions').insert(second)).error).toBeNull();

    const all = await db.from('missions').select('*').order('created_at', { ascending: false });
    expect(all.error).toBeNull();
    const ids = (all.data as Row[]).map((r) => r.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect((all.data as Row[]).every((r) => r.user_id === memberB.body.user_id || r.scope === 'library')).toBe(true);

    const mine = await db.from('missions').select('id').eq('user_id', memberB.body.user_id).order('created_at', { ascending: false });
    expect((mine.data as Row[]).map((r) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));

    const byAgent = await db.from('missions').select('id,agent_id').eq('agent_id', 'Market Researcher');
    expect(byAgent.data).toEqual([{ id: second.id, agent_id: 'Market Researcher' }]);

    const term = 'pipeline';
    const search = await db.from('missions').select('id').or(`name.ilike.%${term}%,description.ilike.%${term}%`).order('created_at');
    expect((search.data as Row[]).map((r) => r.id)).toEqual([first.id, second.id]);
    const star = await db.from('missions').select('id').or('name.ilike.*churn*');
    expect(star.data).toEqual([{ id: second.id }]);
  });

  it('counts with HEAD + count=exact (Content-Range */n) and reads the latest updated_at', async () => {
    const db = client(memberB.token);
    const { count, data, error, status } = await db.from('missions').select('updated_at', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    const all = await db.from('missions').select('id');
    expect(count).toBe((all.data as Row[]).length);

    const latest = await db.from('missions').select('updated_at').order('updated_at', { ascending: false }).limit(1);
    expect(latest.data).toHaveLength(1);
    const max = Math.max(...(await db.from('missions').select('updated_at')).data!.map((r: Row) => Date.parse(r.updated_at as string)));
    expect(Date.parse((latest.data as Row[])[0].updated_at as string)).toBe(max);

    const head = await rest('missions?select=id', { method: 'HEAD', token: memberB.token, headers: { prefer: 'count=exact' } });
    expect(head.headers.get('content-range')).toMatch(/^0-\d+\/\d+$/);
    const none = await rest('missions?select=id&id=eq.nothing', { method: 'HEAD', token: memberB.token, headers: { prefer: 'count=exact' } });
    expect(none.headers.get('content-range')).toBe('*/0');
  });

  it('pages with range() and count (206 Partial Content, Content-Range 0-1/n)', async () => {
    const db = client(memberB.token);
    await db.from('missions').insert([mission(), mission(), mission()]);
    const total = (await db.from('missions').select('id', { count: 'exact', head: true })).count!;
    expect(total).toBeGreaterThan(2);
    const page = await db.from('missions').select('id', { count: 'exact' }).order('created_at').range(0, 1);
    expect(page.status).toBe(206);
    expect(page.count).toBe(total);
    expect(page.data).toHaveLength(2);
    const raw = await rest('missions?select=id&order=created_at', { token: memberB.token, headers: { range: '1-1', prefer: 'count=exact' } });
    expect(raw.headers.get('content-range')).toBe(`1-1/${total}`);
    const beyond = await rest(`missions?select=id&offset=${total + 5}`, { token: memberB.token, headers: { prefer: 'count=exact' } });
    expect(beyond.status).toBe(416);
    expect(beyond.json).toMatchObject({ code: 'PGRST103' });
  });

  it('updates by id, renames the agent of all its missions, deletes by id', async () => {
    const db = client(memberA.token);
    const draft = mission({ agent_id: 'Support Assistant', agent_name: 'Support Assistant' });
    await db.from('missions').insert(draft);
    const updated = await db.from('missions').update({ status: 'paused', tags: ['x', 'y'], parameters: { a: '1' } }).eq('id', draft.id).select().single();
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ status: 'paused', tags: ['x', 'y'], parameters: { a: '1' } });

    const minimal = await db.from('missions').update({ description: 'quiet' }).eq('id', draft.id);
    expect(minimal.status).toBe(204);
    expect(minimal.error).toBeNull();
    expect((await db.from('missions').update({}).eq('id', draft.id)).status).toBe(204);
    expect((await db.from('missions').update({}).eq('nope', draft.id)).error?.code).toBe('42703');

    // the admin renames the agent: every mission of the agent in the library follows
    await client(memberB.token).from('missions').insert(mission({ agent_id: 'Support Assistant', agent_name: 'Support Assistant' }));
    const renamed = await client(admin.token).from('missions').update({ agent_name: 'Helpdesk Assistant' }).eq('agent_id', 'Support Assistant').select('id,agent_name');
    expect(renamed.error).toBeNull();
    expect(renamed.data).toHaveLength(2);
    expect((renamed.data as Row[]).every((r) => r.agent_name === 'Helpdesk Assistant')).toBe(true);

    const deleted = await db.from('missions').delete().eq('id', draft.id);
    expect(deleted.error).toBeNull();
    expect(deleted.status).toBe(204);
    expect((await db.from('missions').select('id').eq('id', draft.id)).data).toEqual([]);
    const deletedAgain = await db.from('missions').delete().eq('id', draft.id).select();
    expect(deletedAgain.data).toEqual([]);
  });

  it('supports in, is, neq, not, gt/lt, like with quantifiers', async () => {
    const db = client(memberA.token);
    const a = mission({ name: 'Alpha, (one)', status: 'draft' });
    const b = mission({ name: 'Beta', status: 'paused', description: 'b' });
    await db.from('missions').insert([a, b]);
    const inList = await db.from('missions').select('id').in('name', ['Alpha, (one)', 'Beta']).order('name');
    expect(inList.data).toEqual([{ id: a.id }, { id: b.id }]);
    const notIn = await db.from('missions').select('id').not('status', 'in', '(active,paused)').eq('id', a.id);
    expect(notIn.data).toEqual([{ id: a.id }]);
    const isNull = await db.from('missions').select('id').is('last_run', null).eq('id', b.id);
    expect(isNull.data).toEqual([{ id: b.id }]);
    const notNull = await db.from('missions').select('id').not('last_run', 'is', null).eq('id', b.id);
    expect(notNull.data).toEqual([]);
    const neq = await db.from('missions').select('id').neq('status', 'paused').in('id', [a.id, b.id]);
    expect(neq.data).toEqual([{ id: a.id }]);
    const likeAny = await db.from('missions').select('id').likeAnyOf('name', ['Alph%', 'Bet%']).order('name');
    expect(likeAny.data).toEqual([{ id: a.id }, { id: b.id }]);
    const since = await db.from('missions').select('id').gte('created_at', new Date(Date.now() - 60_000).toISOString()).lt('execution_count', 1).eq('id', a.id);
    expect(since.data).toEqual([{ id: a.id }]);
    const nullsFirst = await db.from('missions').select('id,last_run').order('last_run', { ascending: false, nullsFirst: false }).limit(1);
    expect(nullsFirst.error).toBeNull();
  });
});

describe('row-level security', () => {
  it('keeps a private mission to its owner: another member cannot read, update or delete it', async () => {
    const owner = client(memberB.token);
    const other = client(memberA.token);
    const secret = mission({ name: 'B private' });
    await owner.from('missions').insert(secret);

    expect((await other.from('missions').select('*').eq('id', secret.id)).data).toEqual([]);
    const update = await other.from('missions').update({ name: 'hijacked' }).eq('id', secret.id).select();
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    const del = await other.from('missions').delete().eq('id', secret.id).select();
    expect(del.data).toEqual([]);
    // upsert onto B's id: the existing row is not A's to update
    const upsert = await other.from('missions').upsert({ ...secret, name: 'hijacked' }, { onConflict: 'id' });
    expect(upsert.status).toBe(403);
    expect(upsert.error?.code).toBe('42501');

    const still = await owner.from('missions').select('name').eq('id', secret.id).single();
    expect(still.data).toEqual({ name: 'B private' });
  });

  it('lets the library read a library-scope mission but not change it', async () => {
    const owner = client(memberB.token);
    const other = client(memberA.token);
    const shared = mission({ name: 'B shared', scope: 'library' });
    await owner.from('missions').insert(shared);
    expect((await other.from('missions').select('name').eq('id', shared.id).single()).data).toEqual({ name: 'B shared' });
    expect((await other.from('missions').update({ name: 'changed' }).eq('id', shared.id).select()).data).toEqual([]);
    expect((await other.from('missions').delete().eq('id', shared.id).select()).data).toEqual([]);
    expect((await owner.from('missions').select('name').eq('id', shared.id).single()).data).toEqual({ name: 'B shared' });
  });

  it('refuses a mission inserted for someone else, or moved to someone else', async () => {
    const db = client(memberA.token);
    const forB = await db.from('missions').insert(mission({ user_id: memberB.body.user_id }));
    expect(forB.status).toBe(403);
    expect(forB.error).toEqual({ code: '42501', message: 'new row violates row-level security policy for table "missions"', details: null, hint: null });

    const own = mission();
    await db.from('missions').insert(own);
    const moved = await db.from('missions').update({ user_id: memberB.body.user_id }).eq('id', own.id);
    expect(moved.status).toBe(403);
    expect(moved.error?.code).toBe('42501');
    const otherLibrary = await db.from('missions').insert(mission({ library_id: otherLibraryId }));
    expect(otherLibrary.error?.code).toBe('42501');
  });

  it('lets an admin see and manage every mission of the library, and create one for a member', async () => {
    const db = client(admin.token);
    const privateOfB = mission({ name: 'B private for admin' });
    await client(memberB.token).from('missions').insert(privateOfB);
    const seen = await db.from('missions').select('id,user_id').eq('id', privateOfB.id).single();
    expect(seen.data).toEqual({ id: privateOfB.id, user_id: memberB.body.user_id });
    const forB = await db.from('missions').insert(mission({ user_id: memberB.body.user_id })).select('user_id').single();
    expect(forB.data).toEqual({ user_id: memberB.body.user_id });
    // not for a user of another library
    const foreign = await db.from('missions').insert(mission({ user_id: otherLibUser.body.user_id }));
    expect(foreign.error?.code).toBe('42501');
    expect((await db.from('missions').update({ status: 'paused' }).eq('id', privateOfB.id).select('status')).data).toEqual([{ status: 'paused' }]);
  });

  it('keeps libraries apart in both directions', async () => {
    const other = client(otherLibUser.token);
    const theirs = mission({ name: 'Other library mission', agent_id: OTHER_LIB_AGENT, agent_name: OTHER_LIB_AGENT });
    const created = await other.from('missions').insert(theirs).select('library_id').single();
    expect(created.data).toEqual({ library_id: otherLibraryId });

    const otherSees = (await other.from('missions').select('library_id')).data as Row[];
    expect(otherSees.length).toBeGreaterThan(0);
    expect(otherSees.every((r) => r.library_id === otherLibraryId)).toBe(true);
    const adminSees = (await client(admin.token).from('missions').select('id,library_id')).data as Row[];
    expect(adminSees.every((r) => r.library_id === libraryId)).toBe(true);
    expect(adminSees.some((r) => r.id === theirs.id)).toBe(false);

    // an admin of library 1 cannot touch it, nor take over its id
    expect((await client(admin.token).from('missions').delete().eq('id', theirs.id).select()).data).toEqual([]);
    const takeover = await client(admin.token).from('missions').upsert({ ...theirs, agent_id: AGENT, agent_name: AGENT }, { onConflict: 'id' });
    expect(takeover.error?.code).toBe('42501');
    // the other library's admin cannot use this library's agents
    const crossAgent = await other.from('missions').insert(mission({ agent_id: AGENT }));
    expect(crossAgent.error?.code).toBe('42501');
  });

  it('refuses a member a mission for an admin-only agent (the admin may), and a missing agent', async () => {
    const member = await client(memberA.token).from('missions').insert(mission({ agent_id: ADMIN_ONLY_AGENT, agent_name: ADMIN_ONLY_AGENT }));
    expect(member.status).toBe(403);
    expect(member.error?.code).toBe('42501');
    const adminInsert = await client(admin.token).from('missions').insert(mission({ agent_id: ADMIN_ONLY_AGENT, agent_name: ADMIN_ONLY_AGENT }));
    expect(adminInsert.error).toBeNull();
    const missingAgent = await client(memberA.token).from('missions').insert(mission({ agent_id: 'No Such Agent' }));
    expect(missingAgent.error?.code).toBe('42501');
  });

  it('shows mission runs like their missions and never lets the browser write them', async () => {
    const db = ctx.database.db;
    const privateOfB = mission({ name: 'B private with runs', scope: 'private' });
    const sharedOfB = mission({ name: 'B shared with runs', scope: 'library' });
    await client(memberB.token).from('missions').insert([privateOfB, sharedOfB]);
    const runFor = (missionId: string) =>
      sql`INSERT INTO mission_runs (mission_id, library_id, user_id, trigger, status, output) VALUES (${missionId}, ${libraryId}, ${memberB.body.user_id}, 'manual', 'succeeded', 'done') RETURNING id`.execute(db);
    await runFor(privateOfB.id as string);
    await runFor(sharedOfB.id as string);

    const ofB = await client(memberB.token).from('mission_runs').select('mission_id,status,deliveries').in('mission_id', [privateOfB.id, sharedOfB.id]).order('created_at');
    expect(ofB.data).toEqual([
      { mission_id: privateOfB.id, status: 'succeeded', deliveries: [] },
      { mission_id: sharedOfB.id, status: 'succeeded', deliveries: [] },
    ]);
    const ofA = await client(memberA.token).from('mission_runs').select('mission_id').in('mission_id', [privateOfB.id, sharedOfB.id]);
    expect(ofA.data).toEqual([{ mission_id: sharedOfB.id }]);
    expect((await client(admin.token).from('mission_runs').select('id').in('mission_id', [privateOfB.id, sharedOfB.id])).data).toHaveLength(2);
    expect((await client(otherLibUser.token).from('mission_runs').select('id')).data).toEqual([]);

    const write = await client(memberB.token).from('mission_runs').insert({ mission_id: privateOfB.id, trigger: 'manual' });
    expect(write.status).toBe(403);
    expect(write.error).toMatchObject({ code: '42501', message: 'permission denied for table mission_runs' });
    expect((await client(admin.token).from('mission_runs').delete().eq('mission_id', privateOfB.id)).error?.code).toBe('42501');
  });
});

describe('errors in PostgREST shape', () => {
  it('answers 401 PGRST301 without, with a malformed, a foreign or an expired token', async () => {
    const missing = await rest('missions?select=id', { headers: { apikey: EMBEDDED_ANON_KEY } });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ code: 'PGRST301', message: AUTH_MESSAGES.missing, details: null, hint: null });

    // supabase-js with no session sends the anon key as the bearer
    const anon = await client(null).from('missions').select('id');
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: 'PGRST301', message: AUTH_MESSAGES.invalid });

    const malformed = await client('not-a-jwt').from('missions').select('id');
    expect(malformed.error).toMatchObject({ code: 'PGRST301', message: AUTH_MESSAGES.invalid });

    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const claims = { role: 'authenticated', app_role: 'member', lib: libraryId, env: 'lo-n02', email: 'member@accent.local' };
    const expired = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(memberA.body.user_id).setAudience('authenticated').setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(key);
    const expiredResult = await client(expired).from('missions').select('id');
    expect(expiredResult.status).toBe(401);
    expect(expiredResult.error).toMatchObject({ code: 'PGRST301', message: 'JWT expired' });

    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(memberA.body.user_id).setAudience('authenticated').setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-that-is-long-enough-000'));
    expect((await client(forged).from('missions').select('id')).error?.code).toBe('PGRST301');
    // a Supabase-style anon/service token (other role) is refused too
    const serviceRole = await new SignJWT({ ...claims, role: 'service_role' }).setProtectedHeader({ alg: 'HS256' }).setSubject(memberA.body.user_id).setAudience('authenticated').setExpirationTime('1h').sign(key);
    expect((await client(serviceRole).from('missions').select('id')).error).toMatchObject({ code: 'PGRST301', message: AUTH_MESSAGES.claims });
  });

  it('answers unknown tables 404 PGRST205, whatever the database holds', async () => {
    const db = client(memberA.token);
    for (const table of ['users', 'agents', 'library_credentials', 'nope', 'schema_migrations']) {
      const result = await db.from(table).select('*');
      expect(result.status).toBe(404);
      expect(result.error).toEqual({ code: 'PGRST205', message: `Could not find the table 'public.${table}' in the schema cache`, details: null, hint: null });
    }
  });

  it('answers unknown columns and bad filters 400', async () => {
    const db = client(memberA.token);
    const badSelect = await db.from('missions').select('id,password');
    expect(badSelect.status).toBe(400);
    expect(badSelect.error).toEqual({ code: '42703', message: 'column missions.password does not exist', details: null, hint: null });
    expect((await db.from('missions').select('id').eq('nope', 1)).error?.code).toBe('42703');
    expect((await db.from('missions').select('id').order('nope')).error?.code).toBe('42703');

    const badOp = await db.from('missions').select('id').filter('name', 'xx', 'a');
    expect(badOp.status).toBe(400);
    expect(badOp.error).toMatchObject({ code: 'PGRST100', message: 'failed to parse filter (xx.a)' });
    const unsupportedOp = await db.from('missions').select('id').contains('tags', ['sales']);
    expect(unsupportedOp.error).toMatchObject({ code: 'PGRST100', message: 'The operator cs is not supported by this gateway' });
    expect((await rest('missions?name=Beta', { token: memberA.token })).json).toMatchObject({ code: 'PGRST100' });
    expect((await rest('missions?limit=ten', { token: memberA.token })).json).toMatchObject({ code: 'PGRST100' });
    expect((await rest('missions?order=name.sideways', { token: memberA.token })).json).toMatchObject({ code: 'PGRST100' });
    expect((await db.from('missions').select('id').is('name', 'maybe' as never)).error?.code).toBe('PGRST100');

    const badValue = await db.from('missions').select('id').eq('user_id', 'not-a-uuid');
    expect(badValue.status).toBe(400);
    expect(badValue.error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "not-a-uuid"' });

    const badPayload = await db.from('missions').insert({ ...mission(), secret: 'x' });
    expect(badPayload.status).toBe(400);
    expect(badPayload.error).toEqual({ code: 'PGRST204', message: "Could not find the 'secret' column of 'missions' in the schema cache", details: null, hint: null });
  });

  it('maps PostgreSQL errors with their SQLSTATE (23505 409, 23502 400, 23514 400)', async () => {
    const db = client(memberA.token);
    const draft = mission();
    await db.from('missions').insert(draft);
    const duplicate = await db.from('missions').insert(draft);
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: '23505', message: 'duplicate key value violates unique constraint "missions_pkey"' });
    // PostgreSQL leaves the key out of the detail for tables with row-level security
    expect(duplicate.error?.details).toBeNull();

    const notNull = await db.from('missions').insert({ ...mission(), agent_name: null });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
    const check = await db.from('missions').insert(mission({ scope: 'everyone' }));
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const emptyName = await db.from('missions').insert(mission({ name: '' }));
    expect(emptyName.error?.code).toBe('23514');
  });

  it('refuses syntax it does not support, clearly', async () => {
    const db = client(memberA.token);
    const embedded = await db.from('missions').select('id, mission_runs(id)');
    expect(embedded.status).toBe(400);
    expect(embedded.error).toMatchObject({ code: 'PGRST100', message: 'Embedded resources are not supported by this gateway: "mission_runs(id)"' });
    expect((await db.from('missions').select('count()')).error).toMatchObject({ code: 'PGRST123' });
    expect((await db.from('missions').select('name:agent_name')).error?.code).toBe('PGRST100');
    expect((await db.from('missions').select('parameters->region')).error?.code).toBe('PGRST100');
    expect((await db.from('missions').select('id').or('and(name.eq.a,status.eq.b),name.eq.c')).error).toMatchObject({ code: 'PGRST100', message: 'Nested and()/or() are not supported by this gateway' });
    expect((await rest('missions?and=(name.eq.a,status.eq.b)', { token: memberA.token })).json).toMatchObject({ code: 'PGRST100' });
    const rpc = await db.rpc('accent_can_run_agent', { agent_name: AGENT });
    expect(rpc.status).toBe(400);
    expect(rpc.error).toMatchObject({ code: 'PGRST100', message: 'Functions (rpc/) are not supported by this gateway' });
    expect((await db.from('missions').select('id').csv()).status).toBe(406);
    expect((await rest('missions', { method: 'PUT', token: memberA.token, body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(405);
    expect((await rest('missions?select=id', { token: memberA.token, headers: { 'accept-profile': 'auth' } })).json).toMatchObject({ code: 'PGRST106' });
  });

  it('refuses bodies over 1 MB, invalid JSON and non-object bodies', async () => {
    const big = await client(memberA.token).from('missions').insert(mission({ prompt: 'x'.repeat(1024 * 1024 + 10) }));
    expect(big.status).toBe(413);
    expect(big.error?.code).toBe('PGRST102');
    const invalid = await rest('missions', { method: 'POST', token: memberA.token, body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    const scalar = await rest('missions', { method: 'POST', token: memberA.token, body: '42', headers: { 'content-type': 'application/json' } });
    expect(scalar.json).toMatchObject({ code: 'PGRST102' });
    const mismatched = await rest('missions', { method: 'POST', token: memberA.token, body: JSON.stringify([{ name: 'a' }, { prompt: 'b' }]), headers: { 'content-type': 'application/json' } });
    expect(mismatched.json).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
  });
});

describe('SQL injection', () => {
  it('treats filter values as values', async () => {
    const db = client(memberA.token);
    const attempts = ["x'; DROP TABLE missions; --", "' OR '1'='1", '%\' OR 1=1 --', '") OR true --', '$1', '\\', 'a,b);DELETE FROM missions;--'];
    for (const value of attempts) {
      const eq = await db.from('missions').select('id').eq('name', value);
      expect(eq.error).toBeNull();
      expect(eq.data).toEqual([]);
      const or = await db.from('missions').select('id').or(`name.eq.${JSON.stringify(value)},description.ilike.${JSON.stringify(value)}`);
      // a trailing backslash is a bad LIKE pattern: PostgreSQL's own 22025, as data
      if (or.error) expect(or.error.code).toBe('22025');
      else expect(or.data).toEqual([]);
      const inList = await db.from('missions').select('id').in('name', [value]);
      // supabase-js does not escape quotes inside in() items: such a list is refused, never run
      if (inList.error) expect(inList.error.code).toBe('PGRST100');
      else expect(inList.data).toEqual([]);
    }
    // the value round-trips as data
    const evil = mission({ name: "x'); DROP TABLE missions; --" });
    await db.from('missions').insert(evil);
    expect((await db.from('missions').select('name').eq('id', evil.id).single()).data).toEqual({ name: evil.name });
    expect((await db.from('missions').select('id').eq('name', evil.name as string)).data).toEqual([{ id: evil.id }]);
    const tables = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_tables WHERE tablename IN ('missions', 'mission_runs')`.execute(ctx.database.db);
    expect(tables.rows[0].n).toBe(2);
  });

  it('refuses identifiers that are not the table\'s columns', async () => {
    const db = client(memberA.token);
    const names = ['id; DROP TABLE missions', 'id"--', '"id"" OR 1=1 --"', '(select 1)', 'pg_sleep(1)', 'id,(select password_hash from users)'];
    for (const name of names) {
      expect((await db.from('missions').select(name)).status).toBe(400);
      expect((await db.from('missions').select('id').eq(name, 'x')).status).toBe(400);
      expect((await db.from('missions').select('id').order(name)).status).toBe(400);
    }
    expect((await db.from('missions').upsert(mission(), { onConflict: 'id) DO NOTHING; DROP TABLE missions; --' })).status).toBe(400);
    expect((await db.from('missions; DROP TABLE missions').select('id')).status).toBe(404);
    const tables = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'missions'`.execute(ctx.database.db);
    expect(tables.rows[0].n).toBe(1);
  });

  it('runs each request in its own transaction: claims and role do not leak to the server\'s own queries', async () => {
    await client(memberA.token).from('missions').select('id');
    const state = await sql<{ role: string; claims: string | null }>`SELECT current_user AS role, current_setting('request.jwt.claims', true) AS claims`.execute(ctx.database.db);
    expect(state.rows[0].role).not.toBe('authenticated');
    expect(state.rows[0].claims || null).toBeNull();
  });
});
