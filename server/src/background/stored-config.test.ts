// Configurations are checked by the database (migration 014), and a malformed stored row (written before
// the check, or by hand) stops neither the reconciler nor the API: it is skipped and reported.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  BACKGROUND_DATA_SOURCES,
  BACKGROUND_DELIVERY_CHANNELS,
  BACKGROUND_INTERVALS,
  BACKGROUND_OUTPUT_FORMATS,
  BACKGROUND_PERMISSIONS,
  BACKGROUND_SCHEDULE_TYPES,
  BACKGROUND_STEP_TYPES,
  backgroundAgentConfigSchema,
} from '@accent/background-common';
import { FLOW_NODE_TYPES, flowToRow, newFlow, newFlowEdge, newFlowNode } from '@accent/flows-common';
import { sql } from 'kysely';
import { toJson } from '../db/values.js';
import { FAST_JOBS, waitFor } from '../testing/missions.js';
import { createTestContext, createUser, login, loginAdmin, type SignedIn, type TestContext } from '../testing/test-app.js';
import { BACKGROUND_QUEUES } from './run.js';
import { STORED_CONFIG_MESSAGES } from './stored-config.js';
import { withBackgroundTables } from './tables.js';

jest.setTimeout(60_000);

describe('stored configurations', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let other: SignedIn;
  const db = () => withBackgroundTables(ctx.database.db);

  beforeAll(async () => {
    ctx = await createTestContext({ jobs: FAST_JOBS, background: { retryMinuteSeconds: 1, debounceMs: 10 } });
    admin = await loginAdmin(ctx.app);
    await createUser(ctx.database, { environment: 'lo-n02', library: 'other-lib', email: 'other-admin@accent.local', password: 'other-admin-password', role: 'admin' });
    other = await login(ctx.app, { email: 'other-admin@accent.local', password: 'other-admin-password', library: 'other-lib' });
  }, 90_000);
  afterAll(() => ctx?.close());

  const gatewayInsert = (table: string, who: SignedIn, row: object) =>
    ctx.app.inject({ method: 'POST', url: `/rest/v1/${table}`, headers: { ...who.headers, prefer: 'return=representation' }, payload: row });

  const problem = async (fn: string, value: unknown) =>
    (await sql<{ problem: string | null }>`SELECT public.${sql.raw(fn)}(${toJson(value)}::jsonb) AS problem`.execute(ctx.database.db)).rows[0].problem;

  it('the database refuses a malformed background agent, flow or page written through the gateway, with a message to act on', async () => {
    const agent = await gatewayInsert('background_agents', admin, { name: 'Bad', config: { dataSources: ['news'] } });
    expect(agent.statusCode).toBe(400);
    expect(agent.json()).toMatchObject({ code: '23514', message: `Invalid background agent configuration: dataSources: "news" is not one of ${BACKGROUND_DATA_SOURCES.join(', ')}` });
    expect(await db().selectFrom('background_agents').select('id').where('name', '=', 'Bad').execute()).toEqual([]);

    const flow = await gatewayInsert('flows', admin, { name: 'Bad flow', flow_data: { nodes: [{ id: 'n1', type: 'teleport' }], edges: [] } });
    expect(flow.statusCode).toBe(400);
    expect(flow.json().message).toBe('Invalid flow: node n1: type "teleport" is not one of trigger, llm, condition, action');

    const page = await gatewayInsert('pages', admin, { name: 'Bad page', components: [{ id: 'c1', type: 'text', props: 'x', layout: {} }] });
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toBe('Invalid page: component c1: props must be an object');
  });

  it('the database accepts every value the editors offer (its lists and the code agree)', async () => {
    const full = backgroundAgentConfigSchema.parse({
      dataSources: [...BACKGROUND_DATA_SOURCES],
      deliveryChannels: [...BACKGROUND_DELIVERY_CHANNELS],
      permissions: [...BACKGROUND_PERMISSIONS],
      processingSteps: BACKGROUND_STEP_TYPES.map((type) => ({ type, description: type })),
      maxRetries: 10,
      retryDelay: 60,
    });
    expect(await problem('accent_background_config_problem', full)).toBeNull();
    expect(await problem('accent_background_config_problem', {})).toBeNull();
    for (const scheduleType of BACKGROUND_SCHEDULE_TYPES) expect(await problem('accent_background_config_problem', { scheduleType })).toBeNull();
    for (const interval of [...BACKGROUND_INTERVALS, '']) expect(await problem('accent_background_config_problem', { interval })).toBeNull();
    for (const outputFormat of BACKGROUND_OUTPUT_FORMATS) expect(await problem('accent_background_config_problem', { outputFormat })).toBeNull();
    expect(await problem('accent_background_config_problem', { maxRetries: 11 })).toBe('maxRetries must be a whole number from 0 to 10');
    expect(await problem('accent_background_config_problem', { retryDelay: 1.5 })).toBe('retryDelay must be a whole number of minutes from 1 to 60');
    expect(await problem('accent_background_config_problem', { runOnDemand: 'yes' })).toBe('runOnDemand must be true or false');

    const flow = flowToRow(newFlow(), admin.body.user_id);
    expect(await problem('accent_flow_data_problem', flow.flow_data)).toBeNull();
    const nodes = FLOW_NODE_TYPES.map((type, i) => newFlowNode({ id: `n${i}`, type, subtype: '', position: { x: i, y: 0 } }));
    expect(await problem('accent_flow_data_problem', { nodes, edges: [newFlowEdge({ source: 'n0', target: 'n1' })] })).toBeNull();
    expect(await problem('accent_flow_data_problem', { nodes: [], edges: {} })).toBe('edges must be a list');
  });

  it('a malformed stored agent is skipped by the reconciler, reported, and answered 422 by Run now', async () => {
    const warnings: string[] = [];
    const warn = jest.spyOn(ctx.app.log, 'warn').mockImplementation(((message: unknown) => void warnings.push(String(message))) as never);
    // as a row stored before migration 014 (or written by hand with the check switched off)
    await sql`ALTER TABLE public.background_agents DISABLE TRIGGER background_agents_check_config`.execute(ctx.database.db);
    const bad = await db()
      .insertInto('background_agents')
      .values({ name: 'Legacy agent', status: 'active', config: toJson({ dataSources: ['news'], runOnDemand: true }), library_id: admin.body.library_id, owner_id: admin.body.user_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`ALTER TABLE public.background_agents ENABLE TRIGGER background_agents_check_config`.execute(ctx.database.db);
    const good = await db()
      .insertInto('background_agents')
      .values({ name: 'Good agent', status: 'active', config: toJson(backgroundAgentConfigSchema.parse({ interval: 'daily' })), library_id: other.body.library_id, owner_id: other.body.user_id })
      .returning('id')
      .executeTakeFirstOrThrow();

    await ctx.app.background.reconciler.reconcile();
    const keys = (await ctx.app.scheduler.boss().getSchedules(BACKGROUND_QUEUES.run)).map((s) => s.key);
    expect(keys).toContain(good.id);
    expect(keys).not.toContain(bad.id);
    const message = STORED_CONFIG_MESSAGES.invalid('Legacy agent', 'dataSources.0: Invalid option: expected one of "salesforce"|"hubspot"|"pipedrive"|"gmail"|"outlook"|"slack"|"web_scraping"|"news_apis"|"social_media"');
    await waitFor(async () => warnings.some((w) => w.includes(`Background agent ${bad.id} will not run on schedule: ${message}`)), 'the warning');

    const run = await ctx.app.inject({ method: 'POST', url: `/api/v1/background-agents/${bad.id}/run`, headers: admin.headers });
    expect(run.statusCode).toBe(422);
    expect(run.json()).toEqual({ detail: message });
    warn.mockRestore();
  });
});
