// Deploying a flow (DESIGN §4 Runtime): its start trigger decides what deployment means.
// - webhook: a secret (shown once; only its SHA-256 is stored) that POST /flows/:id/webhook checks;
// - schedule: a pg-boss schedule on queue `flow-run` keyed by the flow id (the trigger's config {cron,
//   timezone}); schedules are reconciled with flow_deployments at scheduler start, so a deployment made
//   while the scheduler was down still gets its schedule, and one whose flow was deleted loses it;
// - form: a public HTML form at GET /flows/:id/form whose submissions run the flow.
// Undeploying deletes the row (and the schedule). Runs use the flow's saved graph at run time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CronExpressionParser } from 'cron-parser';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { isValidTimeZone } from '../missions/schedule.js';
import type { PgBoss } from '../scheduler/index.js';
import type { PreparedFlow } from './engine.js';
import { FLOW_QUEUE, type FlowRunJob } from './runner.js';
import { withFlowTables, type DeployedTrigger } from './tables.js';

export const FLOW_SECRET_HEADER = 'X-Accent-Flow-Secret';
export const DEFAULT_FLOW_TIMEZONE = 'UTC';

export const DEPLOY_MESSAGES = {
  notDeployable: (type: string) => `A flow started by a "${type}" trigger cannot be deployed yet: use a Webhook, Schedule or Form Submit trigger.`,
  noCron: 'The schedule trigger needs a cron expression (config.cron), e.g. "0 7 * * 1-5" for 7 AM on weekdays.',
  badCron: (cron: string, reason: string) => `The cron expression "${cron}" is not valid: ${reason}`,
  badTimezone: (tz: string) => `Unknown time zone "${tz}": use an IANA name such as UTC or Europe/Berlin.`,
} as const;

export class DeployError extends Error {
  override name = 'DeployError';
}

export interface StartTrigger {
  type: string;
  config: Record<string, unknown>;
}

/** The start node's trigger type (triggerType, else subtype) and config. */
export function startTriggerOf(prepared: PreparedFlow): StartTrigger {
  const node = prepared.nodes.get(prepared.startId)!;
  if (node.type !== 'trigger') return { type: node.type, config: {} };
  const type = (node.data.triggerType || node.data.subtype || 'webhook').trim();
  return { type, config: node.data.config ?? {} };
}

/** The trigger's schedule, validated: {cron, timezone} (also accepts cronExpression and tz). */
export function scheduleOf(config: Record<string, unknown>): { cron: string; timezone: string } {
  const raw = config.cron ?? config.cronExpression;
  const cron = typeof raw === 'string' ? raw.trim().replace(/\s+/g, ' ') : '';
  if (!cron) throw new DeployError(DEPLOY_MESSAGES.noCron);
  const tzRaw = config.timezone ?? config.tz;
  const timezone = typeof tzRaw === 'string' && tzRaw.trim() ? tzRaw.trim() : DEFAULT_FLOW_TIMEZONE;
  if (!isValidTimeZone(timezone)) throw new DeployError(DEPLOY_MESSAGES.badTimezone(timezone));
  const fields = cron.split(' ').length;
  if (fields !== 5) throw new DeployError(DEPLOY_MESSAGES.badCron(cron, `it has ${fields} fields; use 5 (minute hour day-of-month month day-of-week)`));
  try {
    CronExpressionParser.parse(cron, { tz: timezone, strict: false }).next();
  } catch (error) {
    throw new DeployError(DEPLOY_MESSAGES.badCron(cron, error instanceof Error ? error.message : String(error)));
  }
  return { cron, timezone };
}

export const newFlowSecret = () => `afs_${randomBytes(32).toString('base64url')}`;
export const hashFlowSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Constant-time comparison of a presented secret with the stored hash (both hashed to 32 bytes first). */
export function flowSecretMatches(presented: string | undefined, storedHash: string | null | undefined): boolean {
  if (!presented || !storedHash || !/^[0-9a-f]{64}$/.test(storedHash)) return false;
  return timingSafeEqual(Buffer.from(hashFlowSecret(presented), 'hex'), Buffer.from(storedHash, 'hex'));
}

/** pg-boss schedule keys allow [A-Za-z0-9_.-/]: flow ids usually qualify (flow-<ms>-<random>); others are hashed. */
export function scheduleKeyFor(flowId: string): string {
  if (/^[\w.\-/]+$/.test(flowId) && flowId.length <= 200) return flowId;
  return `flow-${createHash('sha256').update(flowId).digest('hex').slice(0, 32)}`;
}

export async function scheduleFlow(boss: PgBoss, flowId: string, schedule: { cron: string; timezone: string }) {
  const data: FlowRunJob = { flowId };
  await boss.schedule(FLOW_QUEUE, schedule.cron, data, { tz: schedule.timezone, key: scheduleKeyFor(flowId) });
}

export async function unscheduleFlow(boss: PgBoss, flowId: string) {
  await boss.unschedule(FLOW_QUEUE, scheduleKeyFor(flowId));
}

/** Makes the `flow-run` schedules exactly those of the deployments with a cron. */
export async function reconcileFlowSchedules(database: Kysely<DB>, boss: PgBoss): Promise<{ scheduled: string[]; unscheduled: string[]; failed: { flowId: string; reason: string }[] }> {
  const db = withFlowTables(database);
  const wanted = await db.selectFrom('flow_deployments').select(['flow_id', 'schedule_cron', 'schedule_tz']).where('schedule_cron', 'is not', null).execute();
  const byKey = new Map(wanted.map((d) => [scheduleKeyFor(d.flow_id), d]));
  const existing = await boss.getSchedules(FLOW_QUEUE);
  const result = { scheduled: [] as string[], unscheduled: [] as string[], failed: [] as { flowId: string; reason: string }[] };
  for (const s of existing) {
    if (!byKey.has(s.key)) {
      await boss.unschedule(FLOW_QUEUE, s.key);
      result.unscheduled.push(s.key);
    }
  }
  for (const [key, d] of byKey) {
    const have = existing.find((s) => s.key === key);
    const tz = d.schedule_tz ?? DEFAULT_FLOW_TIMEZONE;
    if (have && have.cron === d.schedule_cron && have.timezone === tz) continue;
    // one deployment pg-boss refuses is reported; the others still get their schedules
    try {
      await scheduleFlow(boss, d.flow_id, { cron: d.schedule_cron!, timezone: tz });
      result.scheduled.push(key);
    } catch (error) {
      result.failed.push({ flowId: d.flow_id, reason: (error as Error).message });
    }
  }
  return result;
}

export interface Deployment {
  trigger: DeployedTrigger;
  /** webhook: the new secret (shown once) */
  secret?: string;
  schedule?: { cron: string; timezone: string };
}

/** Creates or replaces a flow's deployment row (rotating a webhook secret). */
export async function saveDeployment(database: Kysely<DB>, flow: { id: string; library_id: string }, trigger: StartTrigger, deployedBy: string): Promise<Deployment> {
  const db = withFlowTables(database);
  let deployment: Deployment;
  if (trigger.type === 'webhook') deployment = { trigger: 'webhook', secret: newFlowSecret() };
  else if (trigger.type === 'schedule') deployment = { trigger: 'schedule', schedule: scheduleOf(trigger.config) };
  else if (trigger.type === 'form') deployment = { trigger: 'form' };
  else throw new DeployError(DEPLOY_MESSAGES.notDeployable(trigger.type));
  const values = {
    library_id: flow.library_id,
    trigger_type: deployment.trigger,
    webhook_secret_hash: deployment.secret ? hashFlowSecret(deployment.secret) : null,
    schedule_cron: deployment.schedule?.cron ?? null,
    schedule_tz: deployment.schedule?.timezone ?? null,
    deployed_at: new Date(),
    deployed_by: deployedBy,
  };
  await db
    .insertInto('flow_deployments')
    .values({ flow_id: flow.id, ...values })
    .onConflict((oc) => oc.column('flow_id').doUpdateSet(values))
    .execute();
  return deployment;
}
