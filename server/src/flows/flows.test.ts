// Stored flows end to end on a real in-memory PGlite: the gateway (real supabase-js over HTTP) with the
// RLS of 007, Test Flow against the local model server, deployments (webhook, schedule with real pg-boss,
// form) and their runs.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { FlowRun } from '@accent/flows-common';
import { startModelServer, type ModelServer } from '../testing/model-server.js';
import { FAST_JOBS, TEST_KEY, waitFor } from '../testing/missions.js';
import { expectRlsRefused, useGatewayTestbed, type GatewayTestbed } from '../testing/gateway-testbed.js';
import { createTestContext, createUser, login, type SignedIn, type TestContext } from '../testing/test-app.js';
import { randomUUID } from 'node:crypto';
import { FLOW_SECRET_HEADER, scheduleKeyFor } from './deploy.js';
import { FLOW_QUEUE } from './runner.js';
import { withFlowTables } from './tables.js';

jest.setTimeout(30_000);

type Row = Record<string, unknown>;
let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer({ apiKey: TEST_KEY });
});
// typed by the testbed, assigned when it has started
let { ctx, baseUrl, admin, member, builder, otherBuilder, client, expectOnlyAdminSees } = {} as GatewayTestbed;
useGatewayTestbed((started) => ({ ctx, baseUrl, admin, member, builder, otherBuilder, client, expectOnlyAdminSees } = started), {
  // read when the testbed starts, after the model server above
  env: {
    OPENAI_API_KEY: TEST_KEY,
    get OPENAI_BASE_URL() {
      return model.url;
    },
  },
  builderEmail: 'builder@accent.local',
  otherBuilderEmail: 'other-builder@accent.local',
});
afterAll(async () => {
  await model?.close();
});

let seq = 0;
const newId = () => `flow-${Date.now()}-${(++seq).toString(36).padStart(9, 'x')}`;
const node = (id: string, type: string, data: Row, x = 0) => ({ id, type, position: { x, y: 100 }, data });
const edge = (source: string, target: string, sourceHandle?: string) => ({ id: `e-${source}-${target}`, source, target, ...(sourceHandle ? { sourceHandle } : {}) });

/** trigger (of a subtype and config) → llm (echoed by the model server) → condition */
function graph(trigger: { subtype: string; config?: Row } = { subtype: 'webhook' }) {
  return {
    nodes: [
      node('start', 'trigger', { label: 'Start Trigger', subtype: trigger.subtype, triggerType: trigger.subtype, config: trigger.config ?? {} }),
      node('ask', 'llm', { label: 'Agent', subtype: 'openai', model: 'gpt-4.1-mini', prompt: 'Summarise: {{payload.text}}' }, 250),
      node('check', 'condition', { label: 'Has text', subtype: 'if_else', conditionType: 'contains', field: 'ask.text', value: 'Summarise' }, 500),
    ],
    edges: [edge('start', 'ask'), edge('ask', 'check')],
    viewport: { x: 0, y: 0, zoom: 1 },
  };
}

/** A flow written as the table owner (what the gateway does with the caller's rights). */
async function insertFlow(owner: SignedIn, fields: Row = {}): Promise<string> {
  const id = newId();
  await withFlowTables(ctx.database.db)
    .insertInto('flows')
    .values({
      id,
      name: `Flow ${seq}`,
      library_id: owner.body.library_id,
      owner_id: owner.body.user_id,
      flow_data: JSON.stringify(fields.flow_data ?? graph()),
      node_count: 3,
    } as never)
    .execute();
  return id;
}
const flowRow = (id: string) => withFlowTables(ctx.database.db).selectFrom('flows').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const runsOf = (id: string) => withFlowTables(ctx.database.db).selectFrom('flow_runs').selectAll().where('flow_id', '=', id).orderBy('created_at').execute();
const post = (url: string, who: SignedIn | null, payload?: unknown) => ctx.app.inject({ method: 'POST', url, headers: who ? who.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('the flows table through the gateway (supabase-js)', () => {
  it('a builder inserts, lists, updates, duplicates and deletes flows in the stored form', async () => {
    const db = client(builder.token);
    const id = newId();
    const data = graph();
    const inserted = await db
      .from('flows')
      .insert({ id, name: 'Lead router', description: 'Routes leads', status: 'draft', node_count: 3, execution_count: 0, success_rate: 0, tags: ['sales'], author: 'current-user', flow_data: data, user_id: 'default-user' })
      .select()
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({
      id,
      name: 'Lead router',
      status: 'draft',
      tags: ['sales'],
      flow_data: data,
      success_rate: 0,
      library_id: builder.body.library_id,
      owner_id: builder.body.user_id,
      // always the owner and library, whatever was sent
      user_id: `user_${builder.body.user_id}_lib_${builder.body.library_id}`,
    });

    const list = await db.from('flows').select('id, name, description, status, node_count, execution_count, success_rate, created_at, updated_at').order('updated_at', { ascending: false });
    expect(list.error).toBeNull();
    expect((list.data as Row[]).map((r) => r.id)).toContain(id);

    const updated = await db.from('flows').update({ name: 'Lead router v2', tags: ['sales', 'crm'] }).eq('id', id).select('name, tags').single();
    expect(updated.data).toEqual({ name: 'Lead router v2', tags: ['sales', 'crm'] });

    // without an id the database makes one in the builder's format
    const generated = await db.from('flows').insert({ name: 'Copy (Copy)', flow_data: data }).select('id, status, user_id').single();
    expect(generated.error).toBeNull();
    expect((generated.data as Row).id).toMatch(/^flow-\d{13}-[a-z0-9]{9}$/);
    expect((generated.data as Row).status).toBe('draft');

    const search = await db.from('flows').select('id').or('name.ilike.*router*,description.ilike.*router*');
    expect((search.data as Row[]).map((r) => r.id)).toEqual([id]);

    const deleted = await db.from('flows').delete().eq('id', (generated.data as Row).id as string);
    expect(deleted.error).toBeNull();
    expect(deleted.status).toBe(204);
  });

  it("the status says whether the flow is deployed: an imported or copied 'active' flow is inactive until deployed", async () => {
    const db = client(builder.token);
    const id = newId();
    const imported = await db.from('flows').insert({ id, name: 'Imported', status: 'active', flow_data: graph() }).select('status').single();
    expect(imported.data).toEqual({ status: 'inactive' });
    expect((await db.from('flows').update({ status: 'active' }).eq('id', id).select('status').single()).data).toEqual({ status: 'inactive' });
    expect((await db.from('flows').select('id').eq('status', 'active').eq('id', id)).data).toEqual([]);

    expect((await post(`/api/v1/flows/${id}/deploy`, builder)).statusCode).toBe(200);
    expect((await db.from('flows').select('status').eq('id', id).single()).data).toEqual({ status: 'active' });
    // a deployed flow stays active whatever a client writes; its copy is not deployed
    expect((await db.from('flows').update({ status: 'draft' }).eq('id', id).select('status').single()).data).toEqual({ status: 'active' });
    const copy = await db
      .from('flows')
      .insert({ id: newId(), name: 'Imported (Copy)', status: 'active', flow_data: graph() })
      .select('status')
      .single();
    expect(copy.data).toEqual({ status: 'inactive' });

    expect((await post(`/api/v1/flows/${id}/undeploy`, builder)).statusCode).toBe(200);
    expect((await flowRow(id)).status).toBe('inactive');
  });

  it('members cannot write flows; other libraries and other builders cannot see them; admins see the library', async () => {
    const own = await insertFlow(builder);
    expectRlsRefused(await client(member.token).from('flows').insert({ id: newId(), name: 'Mine', flow_data: graph() }));
    await expectOnlyAdminSees('flows', own);
    // a member's update or delete finds nothing to change
    await client(member.token).from('flows').update({ name: 'hijacked' }).eq('id', own);
    await client(otherBuilder.token).from('flows').delete().eq('id', own);
    expect((await flowRow(own)).name).not.toBe('hijacked');

    // runs are read-only; deployments do not exist for the browser
    const runWrite = await client(builder.token).from('flow_runs').insert({ flow_id: own, trigger: 'test' });
    expect(runWrite.status).toBe(403);
    expect(runWrite.error).toMatchObject({ code: '42501' });
    const deployments = await client(admin.token).from('flow_deployments').select('*');
    expect(deployments.status).toBe(404);
    expect(deployments.error).toMatchObject({ code: 'PGRST205' });
  });
});

describe('POST /api/v1/flows/:id/test', () => {
  it('runs the flow with the test payload, answers every node and updates the counters', async () => {
    const id = await insertFlow(builder);
    const before = (await flowRow(id)).updated_at;
    const response = await post(`/api/v1/flows/${id}/test`, builder, { payload: { text: 'the Q3 pipeline' } });
    expect(response.statusCode).toBe(200);
    const run = response.json<FlowRun>();
    expect(run).toMatchObject({ flow_id: id, trigger: 'test', status: 'succeeded', error: null, payload: { text: 'the Q3 pipeline' } });
    expect(run.nodes.map((n) => [n.nodeId, n.status])).toEqual([
      ['start', 'succeeded'],
      ['ask', 'succeeded'],
      ['check', 'succeeded'],
    ]);
    const ask = run.nodes[1];
    expect(ask.output).toMatchObject({ text: 'Summarise: the Q3 pipeline' });
    expect(ask.input).toMatchObject({ payload: { text: 'the Q3 pipeline' } });
    expect(ask.duration_ms).toEqual(expect.any(Number));
    expect(run.nodes[2].handle).toBe('true');

    let row = await flowRow(id);
    expect([row.execution_count, Number(row.success_rate)]).toEqual([1, 100]);
    expect(row.updated_at.getTime()).toBe(before.getTime()); // counters do not reorder the dashboard
    const [stored] = await runsOf(id);
    expect(stored).toMatchObject({ id: run.id, trigger: 'test', status: 'succeeded', requested_by: builder.body.user_id });

    // an unsaved graph from the builder, failing on an SSRF refusal: counted as a failure
    const failing = { ...graph(), nodes: [...graph().nodes, node('call', 'action', { label: 'Call', subtype: 'api', actionType: 'api_call', url: 'http://10.0.0.1/x' })], edges: [...graph().edges, edge('check', 'call', 'true')] };
    const second = await post(`/api/v1/flows/${id}/test`, builder, { payload: { text: 'x' }, flowData: failing });
    expect(second.statusCode).toBe(200);
    expect(second.json<FlowRun>()).toMatchObject({ status: 'failed', error: expect.stringMatching(/"Call" failed: Refused to connect to 10\.0\.0\.1/) });
    row = await flowRow(id);
    expect([row.execution_count, Number(row.success_rate)]).toEqual([2, 50]);

    // the runs list
    const runs = await ctx.app.inject({ method: 'GET', url: `/api/v1/flows/${id}/runs`, headers: builder.headers });
    expect(runs.statusCode).toBe(200);
    expect(runs.json<{ runs: Row[] }>().runs.map((r) => r.status)).toEqual(['failed', 'succeeded']);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/flows/${id}/runs`, headers: member.headers })).statusCode).toBe(404);
  });

  it('answers 400 with the problems of an invalid graph (a cycle), recording nothing', async () => {
    const cyclic = graph();
    cyclic.edges.push(edge('check', 'ask', 'true'));
    const id = await insertFlow(builder, { flow_data: cyclic });
    const response = await post(`/api/v1/flows/${id}/test`, builder, { payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/The flow has a cycle: Agent → Has text → Agent\. Flows must not loop\./);
    expect(await runsOf(id)).toEqual([]);
  });

  it('is for admins and builders who can see the flow', async () => {
    const id = await insertFlow(builder);
    expect((await post(`/api/v1/flows/${id}/test`, member, { payload: {} })).statusCode).toBe(403);
    expect((await post(`/api/v1/flows/${id}/test`, otherBuilder, { payload: {} })).statusCode).toBe(404);
    expect((await post(`/api/v1/flows/${id}/test`, null, { payload: {} })).statusCode).toBe(401);
    expect((await post(`/api/v1/flows/${id}/test`, admin, { payload: { text: 'a' } })).statusCode).toBe(200);
  });
});

describe('deploying a webhook flow', () => {
  it('answers the URL and a secret once; the webhook with the secret runs the flow; a wrong one is 401', async () => {
    const id = await insertFlow(builder);
    const deployed = await post(`/api/v1/flows/${id}/deploy`, builder);
    expect(deployed.statusCode).toBe(200);
    const body = deployed.json<{ webhookUrl: string; secret: string; status: string; trigger: string; secretHeader: string }>();
    expect(body).toMatchObject({ deployed: true, status: 'active', trigger: 'webhook', secretHeader: FLOW_SECRET_HEADER, webhookUrl: `http://localhost:80/api/v1/flows/${id}/webhook` });
    expect(body.secret).toMatch(/^afs_[\w-]{43}$/);
    expect((await flowRow(id)).status).toBe('active');
    // the state later: never the secret
    const state = await ctx.app.inject({ method: 'GET', url: `/api/v1/flows/${id}/deployment`, headers: builder.headers });
    expect(state.json()).toMatchObject({ deployed: true, trigger: 'webhook' });
    expect(state.json()).not.toHaveProperty('secret');

    const url = `/api/v1/flows/${id}/webhook`;
    const accepted = await ctx.app.inject({ method: 'POST', url, headers: { [FLOW_SECRET_HEADER]: body.secret }, payload: { text: 'from the CRM' } });
    expect(accepted.statusCode).toBe(202);
    const { run_id } = accepted.json<{ run_id: string }>();
    const run = await waitFor(async () => (await runsOf(id)).find((r) => r.id === run_id && r.status === 'succeeded'), 'the webhook run');
    expect(run).toMatchObject({ trigger: 'webhook', payload: { text: 'from the CRM' }, requested_by: null });
    expect(run.nodes).toHaveLength(3);
    expect((await flowRow(id)).execution_count).toBe(1);

    expect((await ctx.app.inject({ method: 'POST', url: `${url}?secret=${encodeURIComponent(body.secret)}`, payload: {} })).statusCode).toBe(202);
    for (const headers of [{ [FLOW_SECRET_HEADER]: `${body.secret}x` }, {}]) {
      const refused = await ctx.app.inject({ method: 'POST', url, headers, payload: {} });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: expect.stringContaining(FLOW_SECRET_HEADER) });
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/flows/flow-unknown/webhook', headers: { [FLOW_SECRET_HEADER]: body.secret }, payload: {} })).statusCode).toBe(401);

    // redeploying rotates the secret; undeploying removes it
    const again = (await post(`/api/v1/flows/${id}/deploy`, builder)).json<{ secret: string }>();
    expect(again.secret).not.toBe(body.secret);
    expect((await ctx.app.inject({ method: 'POST', url, headers: { [FLOW_SECRET_HEADER]: body.secret }, payload: {} })).statusCode).toBe(401);
    const undeployed = await post(`/api/v1/flows/${id}/undeploy`, builder);
    expect(undeployed.json()).toMatchObject({ deployed: false, status: 'inactive' });
    expect((await ctx.app.inject({ method: 'POST', url, headers: { [FLOW_SECRET_HEADER]: again.secret }, payload: {} })).statusCode).toBe(401);
    await ctx.app.flows.runner.drain();
  });

  it('refuses members, invalid graphs and triggers that cannot be deployed', async () => {
    const id = await insertFlow(builder);
    expect((await post(`/api/v1/flows/${id}/deploy`, member)).statusCode).toBe(403);
    const email = await insertFlow(builder, { flow_data: graph({ subtype: 'email' }) });
    expect((await post(`/api/v1/flows/${email}/deploy`, builder)).json()).toEqual({ detail: expect.stringMatching(/"email" trigger cannot be deployed/) });
    const badCron = await insertFlow(builder, { flow_data: graph({ subtype: 'schedule', config: { cron: 'every day' } }) });
    const refused = await post(`/api/v1/flows/${badCron}/deploy`, builder);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toMatch(/^The cron expression "every day" is not valid/);
  });
});

describe('deploying a form flow', () => {
  it('serves the HTML form built from the trigger config; a submission runs the flow', async () => {
    const config = { title: 'Request a demo', fields: [{ name: 'text', label: 'What do you need?', type: 'textarea', required: true }, 'email'] };
    const id = await insertFlow(builder, { flow_data: graph({ subtype: 'form', config }) });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/flows/${id}/form` })).statusCode).toBe(404);
    const deployed = await post(`/api/v1/flows/${id}/deploy`, builder);
    expect(deployed.json()).toMatchObject({ trigger: 'form', formUrl: `http://localhost:80/api/v1/flows/${id}/form` });
    expect(deployed.json()).not.toHaveProperty('secret');

    const form = await ctx.app.inject({ method: 'GET', url: `/api/v1/flows/${id}/form` });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(form.headers['content-security-policy']).toContain("default-src 'none'");
    expect(form.body).toContain('<h1>Request a demo</h1>');
    expect(form.body).toContain(`<form method="post" action="/api/v1/flows/${id}/form">`);
    expect(form.body).toContain('<textarea id="f-text" name="text" required></textarea>');
    expect(form.body).toContain('<input type="text" id="f-email" name="email">');

    const submitted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/flows/${id}/form`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'text=a+demo+%26+pricing&email=ada%40example.com&extra=dropped',
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body).toContain('Thank you!');
    const runId = submitted.headers['x-run-id'] as string;
    const run = await waitFor(async () => (await runsOf(id)).find((r) => r.id === runId && r.status === 'succeeded'), 'the form run');
    expect(run).toMatchObject({ trigger: 'form', payload: { text: 'a demo & pricing', email: 'ada@example.com' } });
    await ctx.app.flows.runner.drain();
  });
});

describe('deploying a schedule flow (pg-boss)', () => {
  let jobs: TestContext;
  let builderJ: SignedIn;
  beforeAll(async () => {
    jobs = await createTestContext({ env: { OPENAI_API_KEY: TEST_KEY, OPENAI_BASE_URL: model.url }, jobs: FAST_JOBS });
    await createUser(jobs.database, { environment: 'lo-n02', library: 'sales2', email: 'builder@accent.local', password: 'builder-password', role: 'builder' });
    builderJ = await login(jobs.app, { email: 'builder@accent.local', password: 'builder-password' });
  }, 60_000);
  afterAll(async () => {
    await jobs?.close();
  });

  it('creates the schedule keyed by the flow id, runs its occurrences through the worker, and undeploy removes it', async () => {
    const id = newId();
    await withFlowTables(jobs.database.db)
      .insertInto('flows')
      .values({ id, name: 'Morning brief', library_id: builderJ.body.library_id, owner_id: builderJ.body.user_id, flow_data: JSON.stringify(graph({ subtype: 'schedule', config: { cron: '0 7 * * 1-5', timezone: 'Europe/Berlin' } })) } as never)
      .execute();
    const deployed = await jobs.app.inject({ method: 'POST', url: `/api/v1/flows/${id}/deploy`, headers: builderJ.headers });
    expect(deployed.statusCode).toBe(200);
    expect(deployed.json()).toMatchObject({ trigger: 'schedule', schedule: { cron: '0 7 * * 1-5', timezone: 'Europe/Berlin' }, status: 'active' });
    const boss = jobs.app.scheduler.boss();
    const schedules = await boss.getSchedules(FLOW_QUEUE, scheduleKeyFor(id));
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ cron: '0 7 * * 1-5', timezone: 'Europe/Berlin', data: { flowId: id } });

    // an occurrence (what the schedule sends): the worker records a schedule run
    await boss.send(FLOW_QUEUE, { flowId: id });
    const run = await waitFor(async () => (await withFlowTables(jobs.database.db).selectFrom('flow_runs').selectAll().where('flow_id', '=', id).execute()).find((r) => r.status === 'succeeded'), 'the scheduled run');
    expect(run.trigger).toBe('schedule');

    // the same occurrence sent twice (two servers' cron passes racing) runs once; the next minute's runs again
    const at = new Date('2026-11-28T12:27:00.676Z');
    const occurrence = (createdOn: Date) => ({ id: randomUUID(), name: FLOW_QUEUE, data: { flowId: id }, retryCount: 0, createdOn, signal: new AbortController().signal });
    const handle = (job: ReturnType<typeof occurrence>) => jobs.app.flows.runner.handleJob(job as unknown as Parameters<typeof jobs.app.flows.runner.handleJob>[0]);
    await Promise.all([handle(occurrence(at)), handle(occurrence(new Date(at.getTime() + 1000)))]);
    await handle(occurrence(new Date(at.getTime() + 60_000)));
    const scheduled = await withFlowTables(jobs.database.db).selectFrom('flow_runs').select('payload').where('flow_id', '=', id).where('trigger', '=', 'schedule').execute();
    expect(scheduled.map((r) => (r.payload as { scheduledAt: string }).scheduledAt).filter((t) => t.startsWith('2026-11-28T12:2'))).toHaveLength(2);

    // a queued webhook-style run also goes through the worker
    const queued = await jobs.app.flows.runner.enqueue({ id, library_id: builderJ.body.library_id, owner_id: builderJ.body.user_id, flow_data: null }, 'manual', { text: 'now' });
    await waitFor(async () => (await withFlowTables(jobs.database.db).selectFrom('flow_runs').select('status').where('id', '=', queued).executeTakeFirst())?.status === 'succeeded', 'the queued run');

    const undeployed = await jobs.app.inject({ method: 'POST', url: `/api/v1/flows/${id}/undeploy`, headers: builderJ.headers });
    expect(undeployed.statusCode).toBe(200);
    expect(await boss.getSchedules(FLOW_QUEUE, scheduleKeyFor(id))).toEqual([]);

    // a deployment left without its schedule (or a schedule without its deployment) is reconciled
    await boss.schedule(FLOW_QUEUE, '* * * * *', { flowId: 'gone' }, { key: 'gone' });
    expect(await jobs.app.flows.reconcile()).toEqual({ scheduled: [], unscheduled: ['gone'], failed: [] });
  });
});
