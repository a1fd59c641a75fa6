import { beforeAll, describe, expect, it } from '@jest/globals';
import { analyticsResponseSchema, modelPricesResponseSchema, type AnalyticsQueryInput, type AnalyticsResponse } from '@accent/shell-common';
import { sql } from 'kysely';
import { type ModelServer } from '../testing/model-server.js';
import { useModelApp } from '../testing/model-app.js';
import { type SignedIn, type TestContext } from '../testing/test-app.js';
import { withFlowTables } from '../flows/tables.js';
import { analytics } from './aggregates.js';


/** gpt-4o-mini's seeded list price: 0.15 / 0.60 USD per million tokens */
const miniCost = (tin: number, tout: number) => (tin * 0.15 + tout * 0.6) / 1e6;

describe('analytics', () => {
  let ctx: TestContext;
  let model: ModelServer;
  let admin: SignedIn;
  let member: SignedIn;
  let libraryId: string;

  useModelApp((started) => ({ ctx, model, admin, member } = started));
  beforeAll(async () => {
    const row = await ctx.database.db.selectFrom('users').select('library_id').where('id', '=', admin.body.user_id).executeTakeFirstOrThrow();
    libraryId = row.library_id;
  }, 60_000);

  const db = () => ctx.database.db;

  /** A finished run recorded as the runtime records it (the triggers compute its cost and facts). */
  async function addRun(run: { at: string; agent?: string; user?: string | null; source?: string; status?: string; ms?: number; tin?: number; tout?: number; model?: string; error?: string }) {
    const tin = run.tin ?? 100;
    const tout = run.tout ?? 50;
    const trace = { steps: [{ provider: 'openai', model: run.model ?? 'gpt-4o-mini', usage: { inputTokens: tin, outputTokens: tout, totalTokens: tin + tout } }] };
    const { rows } = await sql<{ id: string }>`
      INSERT INTO agent_runs (library_id, agent_name, user_id, source, status, started_at, finished_at, duration_ms, usage, trace, error)
      VALUES (${libraryId}, ${run.agent ?? 'Scorer'}, ${run.user === undefined ? admin.body.user_id : run.user}, ${run.source ?? 'chatbot'},
              ${run.status ?? 'succeeded'}, ${run.at}, ${run.at}, ${run.ms ?? 1000},
              ${JSON.stringify({ inputTokens: tin, outputTokens: tout, totalTokens: tin + tout })}::jsonb, ${JSON.stringify(trace)}::jsonb, ${run.error ?? null})
      RETURNING id`.execute(db());
    return rows[0].id;
  }
  const view = (q: AnalyticsQueryInput, now: string, userId: string | null = null) =>
    analytics(db(), { period: '7d', tz: 'UTC', ...q } as never, { libraryId, userId, scope: userId ? 'own' : 'library' }, new Date(now));
  const get = async (who: SignedIn, query: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/analytics?${query}`, headers: who.headers });
  const bucket = (r: AnalyticsResponse, label: string) => r.series.find((b) => b.label === label);

  describe('cost at record time', () => {
    it('stores the cost of a run made through the runtime from the price of its model, and null with the reason for a model with no price', async () => {
      for (const [name, stepModel] of [
        ['Priced', 'gpt-4o-mini'],
        ['Unpriced', 'mystery-model-9'],
      ]) {
        const saved = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/agent/save',
          headers: admin.headers,
          payload: { name, steps: [{ name: 'Answer', query: '{{query}}', model: { provider: 'openai', model: stepModel } }] },
        });
        expect(saved.statusCode).toBe(200);
      }
      const priced = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/invoke', headers: admin.headers, payload: { name: 'Priced', query: 'How much does this cost?' } });
      expect(priced.statusCode).toBe(200);
      const unpriced = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/invoke', headers: admin.headers, payload: { name: 'Unpriced', query: 'And this?' } });
      expect(unpriced.statusCode).toBe(200);

      const runs = await sql<{ id: string; usage: { inputTokens: number; outputTokens: number }; cost_usd: string | number | null; cost_note: string | null }>`
        SELECT id, usage, cost_usd, cost_note FROM agent_runs WHERE id IN (${String(priced.headers['x-run-id'])}, ${String(unpriced.headers['x-run-id'])})
        ORDER BY started_at`.execute(db());
      const [a, b] = runs.rows;
      expect(a.usage.inputTokens).toBeGreaterThan(0);
      expect(Number(a.cost_usd)).toBeCloseTo(miniCost(a.usage.inputTokens, a.usage.outputTokens), 6);
      expect(a.cost_note).toBeNull();
      expect(b.cost_usd).toBeNull();
      expect(b.cost_note).toBe('No price for openai / mystery-model-9 (Admin → Settings → Model prices)');

      // the runs list carries each run's cost and, when unknown, why
      const listed = await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/runs?name=Unpriced', headers: admin.headers });
      expect(listed.json().runs[0]).toMatchObject({ cost_usd: null, cost_note: 'No price for openai / mystery-model-9 (Admin → Settings → Model prices)' });
      const pricedList = await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/runs?name=Priced', headers: admin.headers });
      expect(pricedList.json().runs[0].cost_usd).toBeCloseTo(Number(a.cost_usd), 6);

      // both are in today's figures: one priced, one counted as unpriced
      const today = analyticsResponseSchema.parse((await get(admin, 'period=24h&agent=Unpriced')).json());
      expect(today.totals).toMatchObject({ runs: 1, unpriced: 1, cost_usd: 0 });
    });

    it('lets an administrator edit the price table (validated, audited); runs recorded afterwards use the new price, earlier runs keep theirs', async () => {
      const before = modelPricesResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/model-prices', headers: admin.headers })).json());
      expect(before.list_prices_on).toBe('2026-11-23');
      expect(before.prices.find((p) => p.provider === 'anthropic' && p.model === 'claude-3-haiku')).toMatchObject({ input_usd_per_mtok: 0.25, output_usd_per_mtok: 1.25, priced_on: '2026-11-23' });

      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/model-prices', headers: member.headers })).statusCode).toBe(403);
      const bad = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/model-prices',
        headers: admin.headers,
        payload: { prices: [{ provider: 'openai', model: 'x', input_usd_per_mtok: -1, output_usd_per_mtok: 1, priced_on: '2026-11-23' }] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toBe('prices.0.input_usd_per_mtok: must not be negative');
      const twice = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/model-prices',
        headers: admin.headers,
        payload: { prices: [...before.prices.slice(0, 1), ...before.prices.slice(0, 1)].map(({ updated_at: _, ...p }) => p) },
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().detail).toMatch(/is listed twice/);

      const next = before.prices.map(({ updated_at: _, ...p }) => p).filter((p) => p.model !== 'palm-2');
      next.push({ provider: 'openai', model: 'mystery-model-9', input_usd_per_mtok: 1, output_usd_per_mtok: 2, priced_on: '2026-11-24' });
      const put = await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/model-prices', headers: admin.headers, payload: { prices: next } });
      expect(put.statusCode).toBe(200);
      const after = modelPricesResponseSchema.parse(put.json());
      expect(after.prices).toHaveLength(before.prices.length);
      expect(after.prices.some((p) => p.model === 'palm-2')).toBe(false);

      const audit = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/audit?action=settings.model_prices', headers: admin.headers });
      expect(audit.json().entries[0].details).toEqual({ added: ['openai / mystery-model-9'], removed: ['google / palm-2'], changed: [] });

      const again = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/invoke', headers: admin.headers, payload: { name: 'Unpriced', query: 'Now?' } });
      const { rows } = await sql<{ cost_usd: string | null; usage: { inputTokens: number; outputTokens: number } }>`
        SELECT cost_usd, usage FROM agent_runs WHERE agent_name = 'Unpriced' ORDER BY started_at`.execute(db());
      expect(again.statusCode).toBe(200);
      expect(rows[0].cost_usd).toBeNull();
      expect(Number(rows[1].cost_usd)).toBeCloseTo((rows[1].usage.inputTokens * 1 + rows[1].usage.outputTokens * 2) / 1e6, 6);
    });
    it("records a flow run with its model nodes' tokens and cost, as source 'flow' under the flow's name", async () => {
      const node = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, data });
      const graph = {
        nodes: [
          node('start', 'trigger', { label: 'Start', subtype: 'webhook', triggerType: 'webhook', config: {} }),
          node('ask', 'llm', { label: 'Agent', subtype: 'openai', model: 'gpt-4.1-mini', prompt: 'Summarise: {{payload.text}}' }),
        ],
        edges: [{ id: 'e1', source: 'start', target: 'ask' }],
        viewport: { x: 0, y: 0, zoom: 1 },
      };
      await withFlowTables(db())
        .insertInto('flows')
        .values({ id: 'flow-analytics-1', name: 'Pipeline digest', library_id: libraryId, owner_id: admin.body.user_id, flow_data: JSON.stringify(graph), node_count: 2 } as never)
        .execute();
      const run = await ctx.app.inject({ method: 'POST', url: '/api/v1/flows/flow-analytics-1/test', headers: admin.headers, payload: { payload: { text: 'the Q3 pipeline' } } });
      expect(run.statusCode).toBe(200);
      const { rows } = await sql<{ tokens_in: string; tokens_out: string; cost_usd: string; fact_source: string; fact_name: string; fact_cost: string }>`
        SELECT r.tokens_in, r.tokens_out, r.cost_usd, f.source AS fact_source, f.name AS fact_name, f.cost_usd AS fact_cost
        FROM flow_runs r JOIN run_facts f ON f.run_id = r.id WHERE r.id = ${run.json().id}`.execute(db());
      const [row] = rows;
      expect(Number(row.tokens_in)).toBeGreaterThan(0);
      // gpt-4.1-mini's list price: 0.40 / 1.60 USD per million tokens
      expect(Number(row.cost_usd)).toBeCloseTo((Number(row.tokens_in) * 0.4 + Number(row.tokens_out) * 1.6) / 1e6, 6);
      expect(row).toMatchObject({ fact_source: 'flow', fact_name: 'Pipeline digest' });
      expect(Number(row.fact_cost)).toBe(Number(row.cost_usd));
      const flows = await get(admin, 'period=24h&source=flow');
      expect(analyticsResponseSchema.parse(flows.json()).totals.runs).toBe(1);
    });
  });

  describe('aggregates', () => {
    beforeAll(async () => {
      // a quiet past week (2026-03-02 … 03-08) for the period tests
      await addRun({ at: '2026-03-05T10:15:00Z', agent: 'Scorer', ms: 100 });
      await addRun({ at: '2026-03-05T10:45:00Z', agent: 'Scorer', ms: 300, status: 'failed', error: 'The model timed out' });
      await addRun({ at: '2026-03-05T11:05:00Z', agent: 'Writer', ms: 200, user: member.body.user_id, source: 'agent-test' });
      await addRun({ at: '2026-03-07T23:30:00Z', agent: 'Writer', ms: 400, user: member.body.user_id, source: 'test', status: 'failed', error: 'The model timed out' });
      await addRun({ at: '2026-03-08T01:00:00Z', agent: 'Scorer', ms: 1000, model: 'unknown-model' });
    });

    it('sums a 7-day view by day with every day present, the success rate, p50/p95, tokens and cost', async () => {
      const r = await view({ period: '7d' }, '2026-03-08T12:00:00Z');
      expect(r.period).toEqual({ from: '2026-03-02T00:00:00.000Z', to: '2026-03-09T00:00:00.000Z', tz: 'UTC', bucket: 'day' });
      expect(r.series.map((b) => b.label)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
      expect(r.series.map((b) => b.runs)).toEqual([0, 0, 0, 3, 0, 1, 1]);
      expect(bucket(r, '2026-03-05')).toMatchObject({ succeeded: 2, failed: 1, tokens_in: 300, tokens_out: 150 });
      expect(r.totals).toMatchObject({ runs: 5, succeeded: 3, failed: 2, tokens_in: 500, tokens_out: 250, unpriced: 1, success_rate: 0.6 });
      expect(r.totals.cost_usd).toBeCloseTo(4 * miniCost(100, 50), 6);
      // percentile_cont over 100, 200, 300, 400, 1000
      expect(r.totals.p50_ms).toBe(300);
      expect(r.totals.p95_ms).toBe(880);
      expect(r.top_agents.map((a) => [a.name, a.runs, a.failed])).toEqual([
        ['Scorer', 3, 1],
        ['Writer', 2, 1],
      ]);
      expect(r.top_failures).toHaveLength(2);
      expect(r.top_failures[0]).toMatchObject({ error: 'The model timed out', count: 1 });
      expect(r.top_failures.map((f) => f.source).sort()).toEqual(['agent-test', 'chatbot']);
    });

    it('buckets by the viewer\'s days: a run at 23:30 UTC is the next day in Paris', async () => {
      const r = await view({ period: '7d', tz: 'Europe/Paris' }, '2026-03-08T12:00:00Z');
      expect(r.period.from).toBe('2026-03-01T23:00:00.000Z');
      expect(bucket(r, '2026-03-07')?.runs).toBe(0);
      expect(bucket(r, '2026-03-08')?.runs).toBe(2);
    });

    it('counts a DST day as its 23 or 25 hours (Europe/Paris, 2026-03-29 and 2026-10-25)', async () => {
      await addRun({ at: '2026-03-29T21:30:00Z', agent: 'Dst' }); // 23:30 CEST, still the 29th
      await addRun({ at: '2026-03-29T22:30:00Z', agent: 'Dst' }); // 00:30 on the 30th
      await addRun({ at: '2026-10-24T22:30:00Z', agent: 'Dst' }); // 00:30 CEST on the 25th
      await addRun({ at: '2026-10-25T22:30:00Z', agent: 'Dst' }); // 23:30 CET, still the 25th
      const spring = await view({ period: 'custom', from: '2026-03-28', to: '2026-04-05', tz: 'Europe/Paris', agent: 'Dst' }, '2026-12-01T00:00:00Z');
      const day29 = bucket(spring, '2026-03-29');
      const day30 = bucket(spring, '2026-03-30');
      expect(day29?.runs).toBe(1);
      expect(day30?.runs).toBe(1);
      expect(Date.parse(day30!.start) - Date.parse(day29!.start)).toBe(23 * 3_600_000);
      const autumn = await view({ period: 'custom', from: '2026-10-20', to: '2026-10-31', tz: 'Europe/Paris', agent: 'Dst' }, '2026-12-01T00:00:00Z');
      expect(bucket(autumn, '2026-10-25')?.runs).toBe(2);
      expect(Date.parse(bucket(autumn, '2026-10-26')!.start) - Date.parse(bucket(autumn, '2026-10-25')!.start)).toBe(25 * 3_600_000);
      expect(autumn.series).toHaveLength(12);
    });

    it('shows 24 hours by hour and a short custom range by hour, empty hours included', async () => {
      const day = await view({ period: '24h' }, '2026-03-05T11:20:00Z');
      expect(day.period.bucket).toBe('hour');
      expect(day.series).toHaveLength(24);
      expect(day.series.at(-1)).toMatchObject({ label: '2026-03-05T11:00', runs: 1 });
      expect(day.series.at(-2)).toMatchObject({ label: '2026-03-05T10:00', runs: 2 });
      expect(day.series.slice(0, -2).every((b) => b.runs === 0)).toBe(true);
      const custom = await view({ period: 'custom', from: '2026-03-05', to: '2026-03-06', tz: 'UTC' }, '2026-12-01T00:00:00Z');
      expect(custom.period.bucket).toBe('hour');
      expect(custom.series).toHaveLength(48);
      expect(custom.totals.runs).toBe(3);
    });

    it('answers an empty period with zero buckets, no rate and no percentiles', async () => {
      const r = await view({ period: '30d' }, '2025-06-30T12:00:00Z');
      expect(r.series).toHaveLength(30);
      expect(r.series.every((b) => b.runs === 0 && b.cost_usd === 0)).toBe(true);
      expect(r.totals).toMatchObject({ runs: 0, success_rate: null, p50_ms: null, p95_ms: null });
      expect(r.top_agents).toEqual([]);
      expect(r.top_failures).toEqual([]);
    });

    it('filters by source, agent and user', async () => {
      const now = '2026-03-08T12:00:00Z';
      expect((await view({ source: 'agent-test' }, now)).totals.runs).toBe(2); // 'test' and 'agent-test'
      expect((await view({ agent: 'Writer' }, now)).totals.runs).toBe(2);
      const own = await view({}, now, member.body.user_id);
      expect(own.totals).toMatchObject({ runs: 2, failed: 1 });
      expect(own.totals.p50_ms).toBe(300);
    });

    it('gives a member their own runs only, and an administrator the library or one user', async () => {
      // today's runs of the demo users, through the HTTP API
      await addRun({ at: new Date().toISOString(), agent: 'Today', user: member.body.user_id });
      await addRun({ at: new Date().toISOString(), agent: 'Today' });
      const mine = analyticsResponseSchema.parse((await get(member, 'period=24h&agent=Today')).json());
      expect(mine).toMatchObject({ scope: 'own', totals: { runs: 1 } });
      const all = analyticsResponseSchema.parse((await get(admin, 'period=24h&agent=Today')).json());
      expect(all).toMatchObject({ scope: 'library', totals: { runs: 2 } });
      const one = analyticsResponseSchema.parse((await get(admin, `period=24h&agent=Today&user=${member.body.user_id}`)).json());
      expect(one.totals.runs).toBe(1);
      const refused = await get(member, `period=24h&user=${admin.body.user_id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe('Only administrators can look at the runs of other users.');
    });

    it('refuses a bad query with a message a person understands', async () => {
      const tz = await get(admin, 'tz=Mars/Olympus');
      expect(tz.statusCode).toBe(400);
      expect(tz.json().detail).toBe('tz: "Mars/Olympus" is not a time zone this server knows (use an IANA name such as Europe/Paris)');
      expect((await get(admin, 'period=custom&from=2026-03-01')).json().detail).toBe('to: is required for a custom range');
      expect((await get(admin, 'period=custom&from=2026-03-05&to=2026-03-01')).json().detail).toBe('to: must not be before from');
      expect((await get(admin, 'period=year')).statusCode).toBe(400);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/analytics' })).statusCode).toBe(401);
    });
  });
});
