// Missions through the data gateway (PostgREST-style /rest/v1, row-level security from the caller's
// token: docs/missions-contract.md) and the scheduler's Run now endpoint, for seeding and checking the
// missions suite.
import { expect, type APIRequestContext } from '@playwright/test';
import { apiLogin, type Who } from './app.js';
import type { Headers } from './runtime.js';

export interface Caller {
  who: Who;
  userId: string;
  headers: Headers;
}

/** Signs in through the API: the bearer token the gateway reads its claims from, and the user's id. */
export async function caller(request: APIRequestContext, who: Who): Promise<Caller> {
  const login = (await apiLogin(request, who)) as unknown as { token: string; user_id: string };
  expect(login.user_id).toMatch(/^[0-9a-f-]{36}$/);
  return { who, userId: login.user_id, headers: { Authorization: `Bearer ${login.token}` } };
}

export interface MissionSeed {
  name: string;
  agent: string;
  prompt?: string;
  scope?: 'private' | 'library';
  schedule?: Record<string, unknown>;
}

export interface MissionRow {
  id: string;
  name: string;
  agent_id: string;
  scope: string;
  user_id: string;
  execution_count: number;
  success_rate: number | string;
  schedule: Record<string, unknown>;
}

export interface MissionRunRow {
  id: string;
  mission_id: string;
  user_id: string;
  trigger: string;
  status: string;
  output: string | null;
  error: string | null;
  deliveries: { channel: string; status: string; detail: string }[];
}

/** POST /rest/v1/missions as the caller (owner, library: from the token). */
export async function insertMission(request: APIRequestContext, as: Caller, seed: MissionSeed): Promise<MissionRow> {
  const res = await request.post('/rest/v1/missions', {
    headers: { ...as.headers, Prefer: 'return=representation' },
    data: {
      name: seed.name,
      agent_id: seed.agent,
      agent_name: seed.agent,
      prompt: seed.prompt ?? `Report for ${seed.name}`,
      scope: seed.scope ?? 'private',
      status: 'active',
      schedule: seed.schedule ?? { type: 'on-demand' },
      delivery: { channels: ['feed'] },
      created_by: `${as.who}@accent.local`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const rows = (await res.json()) as MissionRow[];
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ name: seed.name, user_id: as.userId, scope: seed.scope ?? 'private' });
  return rows[0]!;
}

/** GET /rest/v1/<path> as the caller; the parsed rows. */
export async function select<T>(request: APIRequestContext, as: Caller, path: string): Promise<T[]> {
  const res = await request.get(`/rest/v1/${path}`, { headers: as.headers });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** POST /api/v1/missions/:id/run: 202 and the queued run's id. */
export async function runMissionNow(request: APIRequestContext, as: Caller, missionId: string): Promise<string> {
  const res = await request.post(`/api/v1/missions/${encodeURIComponent(missionId)}/run`, { headers: as.headers });
  expect(res.status(), await res.text()).toBe(202);
  const { run_id } = await res.json();
  expect(typeof run_id).toBe('string');
  return run_id;
}

/** Polls the run until it has finished and its deliveries are recorded. */
export async function waitForRun(request: APIRequestContext, as: Caller, runId: string): Promise<MissionRunRow> {
  let run: MissionRunRow | undefined;
  await expect(async () => {
    [run] = await select<MissionRunRow>(request, as, `mission_runs?id=eq.${runId}`);
    expect(run?.status).toMatch(/^(succeeded|failed)$/);
    expect(run?.deliveries.length).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000, intervals: [250, 500, 1000] });
  return run!;
}

export async function deleteMissions(request: APIRequestContext, as: Caller, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const res = await request.delete(`/rest/v1/missions?id=in.(${ids.map((id) => `"${id}"`).join(',')})`, { headers: as.headers });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** HH:MM (UTC) twelve hours from now: no scheduled occurrence of a daily mission falls inside a test. */
export function farTime(now = new Date()): string {
  const h = (now.getUTCHours() + 12) % 24;
  return `${String(h).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`;
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
