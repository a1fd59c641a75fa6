// Pages end to end on a real in-memory PGlite: drafts through the gateway (real supabase-js over HTTP)
// with the RLS of migration 010, publishing (immutable versions, a stable slug), personalisations, and
// what anonymous visitors reach: the public page, its chat (the bound agent, streamed from the local
// model server), /p/{slug} and nothing else.
import { rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PUBLIC_PAGE_DATA_ELEMENT_ID, type CanvasComponent, type PublicPage } from '@accent/pages-common';
import { runEventSchema, type RunEvent } from '@accent/agents-common';
import type { SupabaseClient } from '@supabase/supabase-js';
import { pageVisitor, canRun } from '../runtime/access.js';
import { startModelServer, textOf, type ModelServer } from '../testing/model-server.js';
import { saveAgent, TEST_KEY } from '../testing/missions.js';
import { makeStaticRoot } from '../testing/static-root.js';
import { createTestContext, createUser, importCreateClient, listenOnLoopback, login, loginAdmin, loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';
import { publishedBundlePath } from './published-html.js';
import { PUBLIC_PAGE_TEXTS } from './public.js';
import { newSlug, PAGE_MESSAGES } from './service.js';
import { withPageTables } from './tables.js';
import { VISITOR_COOKIE } from './visitor.js';

jest.setTimeout(30_000);

type Row = Record<string, unknown>;
let createClient: typeof import('@supabase/supabase-js').createClient;

const RATE_LIMIT = 4;
const AGENT = 'Page Assistant';
const ADMIN_ONLY_AGENT = 'Board Briefing';
const BUNDLE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Accent page</title><script defer src="/mfe/pages/published/main.js"></script></head><body><div id="root"></div></body></html>';

let model: ModelServer;
let ctx: TestContext;
let staticRoot: string;
let baseUrl: string;
let clientConfig: { supabaseUrl: string; supabaseAnonKey: string };
let admin: SignedIn;
let builder: SignedIn;
let member: SignedIn;
let otherAdmin: SignedIn;

function client(token: string): SupabaseClient {
  return createClient(clientConfig.supabaseUrl, clientConfig.supabaseAnonKey, { accessToken: async () => token, realtime: { transport: class {} as never } });
}

const component = (id: string, type: string, props: Row, zone = 'full-width', position = 0): CanvasComponent => ({ id, type, props, layout: { zone: zone as never, width: '100%', position } });
const COMPONENTS = [
  component('hdr000001', 'header', { title: 'Welcome', persona: 'Logistics advisor', backgroundColor: '#1a2b3c' }),
  component('crm000001', 'crmData', { domain: 'acme.com', customerName: 'Acme', opportunityName: 'Fleet renewal', language: 'English' }),
  component('btn000001', 'actionButtons', { buttons: ['What does Acme do?'] }, 'left-column'),
  component('chat00001', 'freeformChat', { placeholder: 'Ask me anything', backgroundColor: '#ffffff' }),
];

/** A draft saved the browser's way: supabase-js through the gateway, as `who`. */
async function createPage(who: SignedIn, fields: Row = {}): Promise<Row> {
  const { data, error } = await client(who.token)
    .from('pages')
    .insert({ name: 'Acme Logistics', agent_name: AGENT, components: COMPONENTS, ...fields })
    .select()
    .single();
  if (error) throw new Error(`insert page: ${error.message}`);
  return data as Row;
}
const pageRow = (id: string) => withPageTables(ctx.database.db).selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const versionsOf = (id: string) => withPageTables(ctx.database.db).selectFrom('page_versions').selectAll().where('page_id', '=', id).orderBy('version').execute();

const post = (url: string, who: SignedIn | null, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...(who ? who.headers : {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const publish = (id: string, who: SignedIn = admin, headers: Record<string, string> = {}) => post(`/api/v1/pages/${id}/publish`, who, undefined, headers);

async function publishedPage(fields: Row = {}): Promise<{ id: string; slug: string }> {
  const page = await createPage(builder, fields);
  const response = await publish(String(page.id));
  if (response.statusCode !== 200) throw new Error(`publish: ${response.statusCode} ${response.body}`);
  return { id: String(page.id), slug: response.json<{ slug: string }>().slug };
}

const parseEvents = (body: string): RunEvent[] =>
  body
    .split('\n\n')
    .filter((chunk) => chunk.startsWith('data: '))
    .map((chunk) => runEventSchema.parse(JSON.parse(chunk.slice('data: '.length))));

/** A visitor's chat message (no session): SSE unless `plain`. */
const chat = (slug: string, body: Row, options: { cookie?: string; plain?: boolean } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/public/pages/${slug}/chat`,
    headers: { ...(options.plain ? {} : { accept: 'text/event-stream' }), ...(options.cookie ? { cookie: `${VISITOR_COOKIE}=${options.cookie}` } : {}) },
    payload: body as object,
  });
const visitorCookieOf = (response: { cookies: { name: string; value: string }[] }) => response.cookies.find((c) => c.name === VISITOR_COOKIE)?.value;

beforeAll(async () => {
  createClient = await importCreateClient();
  model = await startModelServer({ apiKey: TEST_KEY });
  staticRoot = makeStaticRoot({ 'mfe-pages/dist/published/index.html': BUNDLE });
  ctx = await createTestContext({ env: { OPENAI_API_KEY: TEST_KEY, OPENAI_BASE_URL: model.url, PAGE_CHAT_RATE_LIMIT: String(RATE_LIMIT), STATIC_ROOT: staticRoot } });
  baseUrl = await listenOnLoopback(ctx.app);
  clientConfig = (await (await fetch(`${baseUrl}/api/v1/config`)).json()) as typeof clientConfig;

  admin = await loginAdmin(ctx.app);
  member = await loginMember(ctx.app);
  await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: 'builder@accent.local', password: 'builder-password', role: 'builder' });
  builder = await login(ctx.app, { email: 'builder@accent.local', password: 'builder-password' });
  await createUser(ctx.database, { environment: 'lo-n02', library: 'other-lib', email: 'other@accent.local', password: 'other-password', role: 'admin' });
  otherAdmin = await login(ctx.app, { email: 'other@accent.local', password: 'other-password', library: 'other-lib' });

  // the crmData params reach the model through the step's system prompt
  await saveAgent(ctx, admin, {
    name: AGENT,
    steps: [{ name: 'Answer', system: ['You advise {{customerName}} ({{domain}}) about {{opportunityName}}. Answer in {{language}}.'] }],
  } as never);
  await saveAgent(ctx, admin, { name: ADMIN_ONLY_AGENT, settings: { access: ['admin_only'] } } as never);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await model?.close();
});

describe('drafts through the gateway (RLS of migration 010)', () => {
  it('saves a builder draft; publication columns cannot be set from the browser', async () => {
    const page = await createPage(builder, { status: 'published', slug: 'sneaky', published_version: 7 });
    expect(page).toMatchObject({ name: 'Acme Logistics', status: 'draft', slug: null, published_version: null, published_at: null, user_id: builder.body.user_id, library_id: builder.body.library_id });
    expect(page.components).toEqual(COMPONENTS);

    const updated = await client(builder.token).from('pages').update({ name: 'Renamed', status: 'published' }).eq('id', page.id).select().single();
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ name: 'Renamed', status: 'draft' });
  });

  it('lets members read published pages of their library only, and write nothing', async () => {
    const draft = await createPage(admin, { name: 'Still a draft' });
    const { id, slug } = await publishedPage({ name: 'Live page' });
    const asMember = client(member.token);

    const { data: visible } = await asMember.from('pages').select('id, status').in('id', [String(draft.id), id]);
    expect(visible).toEqual([{ id, status: 'published' }]);
    const { data: versions } = await asMember.from('page_versions').select('page_id, version').eq('page_id', id);
    expect(versions).toEqual([{ page_id: id, version: 1 }]);

    const insert = await asMember.from('pages').insert({ name: 'Mine', components: [] });
    expect(insert.error?.code).toBe('42501');
    const update = await asMember.from('pages').update({ name: 'Hijacked' }).eq('id', id).select();
    expect(update.data ?? []).toEqual([]);
    const remove = await asMember.from('pages').delete().eq('id', id).select();
    expect(remove.data ?? []).toEqual([]);
    expect(await pageRow(id)).toMatchObject({ name: 'Live page', slug });

    // another library sees nothing at all
    const { data: foreign } = await client(otherAdmin.token).from('pages').select('id').in('id', [String(draft.id), id]);
    expect(foreign).toEqual([]);
  });

  it('keeps versions and personalisations read-only for everyone in the browser', async () => {
    const { id } = await publishedPage();
    for (const who of [member, builder, admin]) {
      const update = await client(who.token).from('page_versions').update({ name: 'Rewritten' }).eq('page_id', id);
      expect(update.error?.code).toBe('42501');
      const insert = await client(who.token).from('page_versions').insert({ page_id: id, version: 99, name: 'x', agent_name: AGENT, components: [] });
      expect(insert.error?.code).toBe('42501');
      const personalize = await client(who.token).from('page_personalizations').insert({ page_id: id, token: 'x'.repeat(20), prospect_name: 'x' });
      expect(personalize.error?.code).toBe('42501');
    }
    expect((await versionsOf(id)).map((v) => v.name)).toEqual(['Acme Logistics']);

    await post(`/api/v1/pages/${id}/personalizations`, admin, { prospect_name: 'Globex', crm_data: { customerName: 'Globex' } });
    const { data: asMember } = await client(member.token).from('page_personalizations').select('id').eq('page_id', id);
    expect(asMember).toEqual([]);
    const { data: asBuilder } = await client(builder.token).from('page_personalizations').select('prospect_name').eq('page_id', id);
    expect(asBuilder).toEqual([{ prospect_name: 'Globex' }]);
  });
});

describe('POST /api/v1/pages/:id/publish', () => {
  it('freezes versions 1 and 2 as immutable snapshots under one stable slug', async () => {
    const page = await createPage(builder, { name: 'Acme Logistics Q3' });
    const id = String(page.id);
    const first = await publish(id, builder, { host: 'studio.example.com' });
    expect(first.statusCode).toBe(200);
    const one = first.json<{ id: string; slug: string; version: number; published_at: string; url: string }>();
    expect(one).toEqual({ id, slug: expect.stringMatching(/^acme-logistics-q3-[a-z0-9]{6}$/), version: 1, published_at: expect.any(String), url: `http://studio.example.com/p/${one.slug}` });
    expect(await pageRow(id)).toMatchObject({ status: 'published', slug: one.slug, published_version: 1 });

    const edited = COMPONENTS.map((c) => (c.type === 'header' ? { ...c, props: { ...c.props, title: 'Welcome back' } } : c));
    await client(builder.token).from('pages').update({ name: 'Acme Logistics Q4', components: edited }).eq('id', id);
    const second = await publish(id, admin);
    expect(second.json()).toMatchObject({ id, slug: one.slug, version: 2 });

    const versions = await versionsOf(id);
    expect(versions.map((v) => ({ version: v.version, name: v.name, agent_name: v.agent_name, published_by: v.published_by }))).toEqual([
      { version: 1, name: 'Acme Logistics Q3', agent_name: AGENT, published_by: builder.body.user_id },
      { version: 2, name: 'Acme Logistics Q4', agent_name: AGENT, published_by: admin.body.user_id },
    ]);
    expect(versions[0].components).toEqual(COMPONENTS);
    expect(versions[1].components).toEqual(edited);
    expect(await pageRow(id)).toMatchObject({ slug: one.slug, published_version: 2 });
  });

  it('is for administrators and builders only, and needs a session', async () => {
    const page = await createPage(builder);
    const asMember = await publish(String(page.id), member);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ detail: PAGE_MESSAGES.buildersOnly });
    expect((await post(`/api/v1/pages/${page.id}/publish`, null)).statusCode).toBe(401);
    // another library's admin does not find it
    expect((await publish(String(page.id), otherAdmin)).statusCode).toBe(404);
    expect((await pageRow(String(page.id))).status).toBe('draft');
  });

  it('refuses a page without an agent, with an unknown agent, with an agent the publisher may not run, or with invalid components', async () => {
    const noAgent = await createPage(builder, { agent_name: '' });
    expect((await publish(String(noAgent.id))).json()).toEqual({ detail: 'Choose the agent this page talks to before deploying' });
    const unknown = await createPage(builder, { agent_name: 'Ghost' });
    const unknownResponse = await publish(String(unknown.id));
    expect(unknownResponse.statusCode).toBe(400);
    expect(unknownResponse.json()).toEqual({ detail: 'Agent "Ghost" does not exist' });
    const restricted = await createPage(builder, { agent_name: ADMIN_ONLY_AGENT });
    const byBuilder = await publish(String(restricted.id), builder);
    expect(byBuilder.statusCode).toBe(403);
    expect(byBuilder.json()).toEqual({ detail: PAGE_MESSAGES.agentNoAccess(ADMIN_ONLY_AGENT) });
    expect((await publish(String(restricted.id), admin)).statusCode).toBe(200);
    const badColour = await createPage(builder, { components: [component('hdr000002', 'header', { title: 'x', persona: 'y', backgroundColor: 'red' })] });
    expect((await publish(String(badColour.id))).json()).toEqual({ detail: 'components.0.props.backgroundColor: Pick a colour like #1a2b3c' });
    const unnamed = await createPage(builder, { name: '   ' });
    expect((await publish(String(unnamed.id))).json()).toEqual({ detail: 'Page name is required' });
    expect(await versionsOf(String(noAgent.id))).toEqual([]);
  });

  it('makes url-safe slugs from any name', () => {
    expect(newSlug('Café Überblick — 2025!')).toMatch(/^cafe-uberblick-2025-[a-z0-9]{6}$/);
    expect(newSlug('!!!')).toMatch(/^page-[a-z0-9]{6}$/);
    expect(newSlug('x'.repeat(300)).length).toBeLessThanOrEqual(80);
  });
});

describe('unpublish and personalisations', () => {
  it('unpublishes (the slug is kept, the public URL answers 404) and republishes under the same slug', async () => {
    const { id, slug } = await publishedPage();
    const response = await post(`/api/v1/pages/${id}/unpublish`, builder);
    expect(response.json()).toEqual({ status: 'unpublished' });
    expect(await pageRow(id)).toMatchObject({ status: 'unpublished', slug });
    const publicGet = await ctx.app.inject({ url: `/api/public/pages/${slug}` });
    expect(publicGet.statusCode).toBe(404);
    expect(publicGet.json()).toEqual({ detail: 'This page is not published.' });
    expect((await chat(slug, { message: 'hi', thread_id: 'thread-unpub' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/p/${slug}` })).statusCode).toBe(404);
    // members no longer see it either
    const { data } = await client(member.token).from('pages').select('id').eq('id', id);
    expect(data).toEqual([]);

    expect((await post(`/api/v1/pages/${id}/unpublish`, member)).statusCode).toBe(403);
    const draft = await createPage(builder);
    expect((await post(`/api/v1/pages/${draft.id}/unpublish`, builder)).statusCode).toBe(409);

    expect((await publish(id)).json()).toMatchObject({ slug, version: 2 });
    expect((await ctx.app.inject({ url: `/api/public/pages/${slug}` })).statusCode).toBe(200);
  });

  it('creates prospect links to a published page and lists them newest first', async () => {
    const { id, slug } = await publishedPage();
    const created = await post(`/api/v1/pages/${id}/personalizations`, builder, { prospect_name: 'Globex', crm_data: { customerName: 'Globex', domain: 'globex.com', language: 'German' } }, { host: 'studio.example.com' });
    expect(created.statusCode).toBe(201);
    const row = created.json<Row & { token: string }>();
    expect(row).toEqual({
      id: expect.any(String),
      page_id: id,
      library_id: builder.body.library_id,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      prospect_name: 'Globex',
      crm_data: { customerName: 'Globex', domain: 'globex.com', language: 'German' },
      created_by: builder.body.user_id,
      created_at: expect.any(String),
      url: `http://studio.example.com/p/${slug}?p=${row.token}`,
    });
    await post(`/api/v1/pages/${id}/personalizations`, admin, { prospect_name: 'Initech', crm_data: {} });
    const list = await ctx.app.inject({ url: `/api/v1/pages/${id}/personalizations`, headers: admin.headers });
    expect(list.json<{ personalizations: Row[] }>().personalizations.map((p) => p.prospect_name)).toEqual(['Initech', 'Globex']);

    expect((await post(`/api/v1/pages/${id}/personalizations`, member, { prospect_name: 'x', crm_data: {} })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/v1/pages/${id}/personalizations`, headers: member.headers })).statusCode).toBe(403);
    const invalid = await post(`/api/v1/pages/${id}/personalizations`, admin, { prospect_name: 'x', crm_data: { language: 'Klingon' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ detail: 'crm_data.language: Language must be English, Spanish, French or German' });
    const draft = await createPage(builder);
    const early = await post(`/api/v1/pages/${draft.id}/personalizations`, admin, { prospect_name: 'x', crm_data: {} });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: 'Deploy this page before personalising it.' });
  });
});

describe('GET /api/public/pages/:slug (no session)', () => {
  it("answers the latest published version, with a personalisation merged into its crmData", async () => {
    const { id, slug } = await publishedPage();
    // a later draft edit is not public until published
    await client(builder.token).from('pages').update({ components: [] }).eq('id', id);
    const response = await ctx.app.inject({ url: `/api/public/pages/${slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ slug, name: 'Acme Logistics', version: 1, components: COMPONENTS });
    expect(visitorCookieOf(response)).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const { token } = (await post(`/api/v1/pages/${id}/personalizations`, admin, { prospect_name: 'Globex', crm_data: { customerName: 'Globex', language: 'French' } })).json<{ token: string }>();
    const personal = (await ctx.app.inject({ url: `/api/public/pages/${slug}?p=${token}` })).json<PublicPage>();
    expect(personal.components.find((c) => c.type === 'crmData')!.props).toEqual({ domain: 'acme.com', customerName: 'Globex', opportunityName: 'Fleet renewal', language: 'French' });

    // a wrong token, or another page's, changes nothing
    const other = await publishedPage();
    for (const url of [`/api/public/pages/${slug}?p=${'A'.repeat(24)}`, `/api/public/pages/${other.slug}?p=${token}`]) {
      const crm = (await ctx.app.inject({ url })).json<PublicPage>().components.find((c) => c.type === 'crmData')!;
      expect(crm.props.customerName).toBe('Acme');
    }
  });

  it("fills a personalised page's header, preset questions and chat from the prospect, so the page's own company shows nowhere", async () => {
    const named = [
      component('hdr000003', 'header', { title: 'Acme Intelligence Hub', persona: 'Advisor for Acme (acme.com)', backgroundColor: '#1a2b3c' }),
      component('crm000003', 'crmData', { domain: 'acme.com', customerName: 'Acme', opportunityName: 'Fleet renewal', language: 'English' }),
      component('btn000003', 'actionButtons', { buttons: ['What does Acme do?', 'Who runs acme.com?'] }, 'left-column'),
      component('chat00003', 'freeformChat', { placeholder: 'Ask about Acme...', backgroundColor: '#ffffff' }),
    ];
    const { id, slug } = await publishedPage({ components: named });
    const { token } = (await post(`/api/v1/pages/${id}/personalizations`, admin, { prospect_name: 'Globex', crm_data: { customerName: 'Globex Corporation', domain: 'globex.com' } })).json<{ token: string }>();
    const personal = (await ctx.app.inject({ url: `/api/public/pages/${slug}?p=${token}` })).json<PublicPage>();
    const props = (type: string) => personal.components.find((c) => c.type === type)!.props;
    expect(props('header')).toEqual({ title: 'Globex Corporation Intelligence Hub', persona: 'Advisor for Globex Corporation (globex.com)', backgroundColor: '#1a2b3c' });
    expect(props('actionButtons').buttons).toEqual(['What does Globex Corporation do?', 'Who runs globex.com?']);
    expect(props('freeformChat').placeholder).toBe('Ask about Globex Corporation...');
    expect(JSON.stringify(personal.components)).not.toMatch(/Acme|acme\.com/);
    // the page without a token still names its own company
    const plain = (await ctx.app.inject({ url: `/api/public/pages/${slug}` })).json<PublicPage>();
    expect(plain.components.find((c) => c.type === 'header')!.props.title).toBe('Acme Intelligence Hub');
  });

  it('answers 404 for unknown and malformed slugs', async () => {
    for (const slug of ['no-such-page-abc123', 'NOT..valid', 'x'.repeat(90)]) {
      const response = await ctx.app.inject({ url: `/api/public/pages/${slug}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'This page is not published.' });
    }
  });
});

describe('POST /api/public/pages/:slug/chat (no session)', () => {
  it("streams the bound agent's answer from the model with the page's crmData as params, recorded as a page run without a user", async () => {
    const { id, slug } = await publishedPage();
    const { token } = (await post(`/api/v1/pages/${id}/personalizations`, admin, { prospect_name: 'Globex', crm_data: { customerName: 'Globex', language: 'Spanish' } })).json<{ token: string }>();
    model.reset();
    const response = await chat(slug, { message: 'What does Globex ship?', thread_id: 'visitor-thread-1', p: token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(visitorCookieOf(response)).toBeDefined();
    const events = parseEvents(response.body);
    expect(events.map((e) => e.type)).toEqual(['run', 'step', 'delta', 'delta', 'delta', 'delta', 'done']);
    expect(events.at(-1)).toMatchObject({ type: 'done', output: 'What does Globex ship?' });

    const [request] = model.requests;
    expect(textOf(request.body.messages[0].content)).toBe('You advise Globex (acme.com) about Fleet renewal. Answer in Spanish.');
    const runId = (events[0] as { run_id: string }).run_id;
    const run = await ctx.database.db.selectFrom('agent_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ source: 'page', user_id: null, agent_name: AGENT, status: 'succeeded', library_id: admin.body.library_id });
    expect(run.input).toEqual({ query: 'What does Globex ship?', params: { domain: 'acme.com', customerName: 'Globex', opportunityName: 'Fleet renewal', language: 'Spanish' } });
    expect(run.thread_id).toMatch(new RegExp(`^page:${id}:[A-Za-z0-9_-]{22}:visitor-thread-1$`));

    const plain = await chat(slug, { message: 'Plain please', thread_id: 'visitor-thread-2' }, { plain: true });
    expect(plain.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(plain.body).toBe('Plain please');
  });

  it('keeps a history per visitor and thread: another visitor with the same thread id starts fresh', async () => {
    const { slug } = await publishedPage();
    model.reset();
    const first = await chat(slug, { message: 'My name is Ada', thread_id: 'shared-thread-id' });
    const ada = visitorCookieOf(first)!;
    await chat(slug, { message: 'What is my name?', thread_id: 'shared-thread-id' }, { cookie: ada });
    const conversation = (i: number) => model.requests[i].body.messages.filter((m) => m.role !== 'system').map((m) => `${m.role}: ${textOf(m.content)}`);
    expect(conversation(1)).toEqual(['user: My name is Ada', 'assistant: My name is Ada', 'user: What is my name?']);

    // the same thread id from someone else (no cookie, or their own) sees nothing of Ada's
    const intruder = await chat(slug, { message: 'What did Ada say?', thread_id: 'shared-thread-id' });
    expect(visitorCookieOf(intruder)).not.toBe(ada);
    expect(conversation(2)).toEqual(['user: What did Ada say?']);
    // a new thread (CLEAR HISTORY) of Ada starts fresh too
    await chat(slug, { message: 'Hello again', thread_id: 'ada-second-thread' }, { cookie: ada });
    expect(conversation(3)).toEqual(['user: Hello again']);
  });

  it('validates the message and limits each visitor to PAGE_CHAT_RATE_LIMIT messages a minute per page', async () => {
    const { slug } = await publishedPage();
    const other = await publishedPage();
    const empty = await chat(slug, { message: '   ', thread_id: 'thread-rate' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'message: Type a message first' });
    const huge = await ctx.app.inject({ method: 'POST', url: `/api/public/pages/${slug}/chat`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ message: 'x'.repeat(40_000), thread_id: 'thread-rate' }) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large (limit 32 KB)' });

    // the two refused requests above counted too
    for (let i = 2; i < RATE_LIMIT; i += 1) expect((await chat(slug, { message: `m${i}`, thread_id: 'thread-rate' })).statusCode).toBe(200);
    const limited = await chat(slug, { message: 'one more', thread_id: 'thread-rate' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'Too many messages. Please wait a minute and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another page is counted apart
    expect((await chat(other.slug, { message: 'hello', thread_id: 'thread-rate' })).statusCode).toBe(200);
  });

  it("hides the runtime's configuration problems from visitors", async () => {
    const { slug } = await publishedPage({ agent_name: ADMIN_ONLY_AGENT });
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/agent?name=${encodeURIComponent(ADMIN_ONLY_AGENT)}`, headers: admin.headers });
    const response = await chat(slug, { message: 'hello', thread_id: 'thread-gone' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: "This page's assistant is unavailable right now. Please try again later." });
  });

  it('lets a page visitor run exactly the bound agent, whatever the access lists', () => {
    const visitor = pageVisitor('lib', AGENT);
    expect(canRun(['admin_only'], visitor, AGENT)).toBe(true);
    expect(canRun(['all_users'], visitor, 'Another agent')).toBe(false);
    expect(canRun(['all_users'], visitor)).toBe(false);
  });
});

describe('what an anonymous visitor cannot reach', () => {
  it('answers 401 on the API and the data gateway, with or without the visitor cookie', async () => {
    const { slug } = await publishedPage();
    const cookie = visitorCookieOf(await ctx.app.inject({ url: `/api/public/pages/${slug}` }))!;
    for (const headers of [{}, { cookie: `${VISITOR_COOKIE}=${cookie}` }]) {
      for (const url of ['/api/v1/agent/list', '/api/v1/pages/x/personalizations', '/api/auth/me', '/rest/v1/pages', '/rest/v1/page_versions', '/rest/v1/agent_runs']) {
        const response = await ctx.app.inject({ url, headers });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
      }
      expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/invoke', headers, payload: { name: AGENT, query: 'hi' } })).statusCode).toBe(401);
    }
  });
});

describe('GET /p/:slug', () => {
  it("serves the published bundle with the page's name as an escaped title and its data embedded", async () => {
    const name = 'Acme </title><script>alert(1)</script> $& co';
    const { id, slug } = await publishedPage({ name });
    const { token } = (await post(`/api/v1/pages/${id}/personalizations`, admin, { prospect_name: 'Globex', crm_data: { customerName: 'Globex </script>' } })).json<{ token: string }>();
    const response = await ctx.app.inject({ url: `/p/${slug}?p=${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache, private');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    const html = response.body;
    expect(html).toContain('<title>Acme &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; co</title>');
    expect(html).not.toContain('<title>Accent page</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<script defer src="/mfe/pages/published/main.js"></script>');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the bundle's and the data's: nothing injected
    const data = new RegExp(`<script type="application/json" id="${PUBLIC_PAGE_DATA_ELEMENT_ID}">(.*?)</script>`).exec(html)![1];
    const page = JSON.parse(data) as PublicPage;
    expect(page).toMatchObject({ slug, name, version: 1 });
    expect(page.components.find((c) => c.type === 'crmData')!.props.customerName).toBe('Globex </script>');

    const head = await ctx.app.inject({ method: 'HEAD', url: `/p/${slug}` });
    expect(head.statusCode).toBe(200);
  });

  it('sends the page compressed to browsers that accept it', async () => {
    const { slug } = await publishedPage({ name: 'Compressed for the wire' });
    const br = await ctx.app.inject({ url: `/p/${slug}`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain('<title>Compressed for the wire</title>');
    expect(html).toContain('<script defer src="/mfe/pages/published/main.js"></script>');
    const plain = await ctx.app.inject({ url: `/p/${slug}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Compressed for the wire</title>');
  });

  it('answers a plain 404 page for unknown and unpublished slugs, never the studio', async () => {
    for (const url of ['/p/no-such-page-abc123', '/p/Bad_Slug', '/p/']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('/mfe/pages/published/');
    }
    const html = await ctx.app.inject({ url: '/p/no-such-page-abc123' });
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('<h1>This page is not published.</h1>');
  });

  it('answers 503 while the pages app is not built', async () => {
    const { slug } = await publishedPage();
    rmSync(publishedBundlePath(staticRoot));
    try {
      const response = await ctx.app.inject({ url: `/p/${slug}` });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe(PUBLIC_PAGE_TEXTS.bundleMissing);
    } finally {
      // put the bundle back for any later test
      writeFileSync(publishedBundlePath(staticRoot), BUNDLE);
    }
  });
});

