// Helpers of the mission tests: missions written as the table owner, run now and wait, a webhook receiver
// that keeps the raw body (to check signatures).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentSaveRequest } from '@accent/agents-common';
import { toJson } from '../db/values.js';
import type { SignedIn, TestContext } from './test-app.js';
import { withMissionTables } from '../missions/tables.js';

export const TEST_KEY = 'sk-test-missions-0123456789';

/** Pg-boss as fast as it goes, for tests. */
export const FAST_JOBS = { timing: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, superviseIntervalSeconds: 1, monitorIntervalSeconds: 1, pollingIntervalSeconds: 0.5 }, stopTimeoutMs: 2000 };
export const FAST_MISSIONS = { runQueue: { retryDelay: 0, retryBackoff: false }, debounceMs: 10 };

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function saveAgent(ctx: TestContext, admin: SignedIn, agent: AgentSaveRequest): Promise<void> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/save', headers: admin.headers, payload: agent });
  if (response.statusCode !== 200) throw new Error(`saving agent ${agent.name}: ${response.statusCode} ${response.body}`);
}

export interface NewMission {
  name: string;
  agent: string;
  owner: SignedIn;
  prompt?: string;
  parameters?: Record<string, string>;
  schedule?: Record<string, unknown>;
  delivery?: Record<string, unknown>;
  scope?: 'private' | 'library';
  status?: 'active' | 'paused' | 'draft';
  execution_count?: number;
  success_rate?: number;
}

/** A mission row written as the table owner (what the gateway does with the caller's rights). */
export async function insertMission(ctx: TestContext, m: NewMission): Promise<string> {
  const db = withMissionTables(ctx.database.db);
  const row = await db
    .insertInto('missions')
    .values({
      library_id: m.owner.body.library_id,
      user_id: m.owner.body.user_id,
      name: m.name,
      agent_id: m.agent,
      agent_name: m.agent,
      prompt: m.prompt ?? '',
      parameters: toJson(m.parameters ?? {}),
      schedule: toJson(m.schedule ?? { type: 'on-demand' }),
      delivery: toJson(m.delivery ?? { channels: ['feed'] }),
      scope: m.scope ?? 'private',
      status: m.status ?? 'active',
      created_by: m.owner.body.email,
      execution_count: m.execution_count,
      success_rate: m.success_rate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const missionRow = (ctx: TestContext, id: string) => withMissionTables(ctx.database.db).selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const runRow = (ctx: TestContext, id: string) => withMissionTables(ctx.database.db).selectFrom('mission_runs').selectAll().where('id', '=', id).executeTakeFirst();
export const runsOf = (ctx: TestContext, missionId: string) =>
  withMissionTables(ctx.database.db).selectFrom('mission_runs').selectAll().where('mission_id', '=', missionId).orderBy('created_at').execute();

/** POST /missions/:id/run, then waits for the run to finish and be delivered. */
export async function runNow(ctx: TestContext, who: SignedIn, missionId: string) {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/missions/${missionId}/run`, headers: who.headers });
  if (response.statusCode !== 202) throw new Error(`run now: ${response.statusCode} ${response.body}`);
  const { run_id } = response.json<{ run_id: string }>();
  return waitFor(async () => {
    const run = await runRow(ctx, run_id);
    return run && (run.status === 'succeeded' || run.status === 'failed') && run.deliveries.length > 0 ? run : null;
  }, `run ${run_id} to finish`);
}

/** The UTC-offset-free wall clock "HH:MM" of `at` in a time zone. */
export function wallTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

// ---- a local webhook receiver -------------------------------------------------------------------

export interface ReceivedHook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HookSink {
  url: string;
  requests: ReceivedHook[];
  /** status to answer with */
  status: number;
  close(): Promise<void>;
}

export async function startHookSink(): Promise<HookSink> {
  const sink = { requests: [] as ReceivedHook[], status: 200 } as HookSink;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      sink.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(sink.status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: sink.status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  sink.url = `http://127.0.0.1:${port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
