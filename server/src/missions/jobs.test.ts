// Mission runs as pg-boss jobs: due missions run once with several workers/processes, duplicate jobs of an
// occurrence are skipped, DST repeats are skipped, and a job whose worker died is retried on its row.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadConfig, masterKeyFor } from '../config.js';
import { createCredentialStore } from '../credentials/store.js';
import { createRuntime } from '../runtime/run-agent.js';
import { createScheduler, silentLog, type JobWithMetadata, type Scheduler } from '../scheduler/index.js';
import { lastUserMessage, startModelServer, type ModelServer } from '../testing/model-server.js';
import { FAST_JOBS, FAST_MISSIONS, insertMission, missionRow, runsOf, saveAgent, sleep, TEST_KEY, waitFor, wallTime } from '../testing/missions.js';
import { createTestContext, loginAdmin, TEST_JWT_SECRET, type SignedIn, type TestContext } from '../testing/test-app.js';
import { createMissions } from './index.js';
import { MISSION_QUEUES, occurrenceKey, type ManualRunJob, type ScheduledRunJob } from './run.js';
import { nextRun } from './schedule.js';
import { withMissionTables } from './tables.js';

// real pg-boss, real protocols: give slow (loaded) machines room
jest.setTimeout(30_000);


/** A job as pg-boss hands it to a worker (the fields the runner reads). */
const fakeJob = <T extends object>(data: T, createdOn: Date, id = randomUUID()) =>
  ({ id, data, createdOn, signal: new AbortController().signal, retryCount: 0, retryLimit: 3 }) as unknown as JobWithMetadata<T>;

describe('mission jobs', () => {
  let model: ModelServer;
  beforeAll(async () => {
    model = await startModelServer({ apiKey: TEST_KEY });
  });
  afterAll(async () => {
    await model.close();
  });
  const env = () => ({ OPENAI_API_KEY: TEST_KEY, OPENAI_BASE_URL: model.url });

  describe('two server processes on one database', () => {
    let ctx: TestContext;
    let admin: SignedIn;
    let second: Scheduler;

    beforeAll(async () => {
      ctx = await createTestContext({ env: env(), jobs: FAST_JOBS, missions: FAST_MISSIONS });
      admin = await loginAdmin(ctx.app);
      await saveAgent(ctx, admin, { name: 'Reporter', steps: [{ name: 'A', query: '', model: { max_retries: 0 } }] });
      // a second "process": its own pg-boss (cron pass, workers), runtime and mission workers on the same database
      const config = loadConfig({
        ...env(),
        NODE_ENV: 'test',
        JWT_SECRET: TEST_JWT_SECRET,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'accent-data-')),
        STATIC_ROOT: mkdtempSync(join(tmpdir(), 'accent-static-')),
      });
      second = createScheduler(ctx.database, { ...FAST_JOBS, instanceName: 'second-process' });
      const runtime = createRuntime({ db: ctx.database.db, config, credentials: createCredentialStore(ctx.database.db, masterKeyFor(config)) });
      createMissions({ db: ctx.database.db, scheduler: second, runtime, config, log: silentLog, options: FAST_MISSIONS });
      await second.start();
    }, 60_000);
    afterAll(async () => {
      await second.stop();
      await ctx.close();
    });

    it('runs a mission that is due now exactly once', async () => {
      // pg-boss sends an occurrence for up to 60 s after it: start early in a minute
      if (new Date().getUTCSeconds() > 40) await sleep((61 - new Date().getUTCSeconds()) * 1000);
      const timezone = 'Asia/Kolkata'; // UTC+05:30
      const schedule = { type: 'scheduled', frequency: 'daily', time: wallTime(new Date(), timezone), timezone };
      model.reset();
      const id = await insertMission(ctx, { name: 'Due now', agent: 'Reporter', owner: admin, prompt: 'due-now report', schedule });

      const run = await waitFor(async () => (await runsOf(ctx, id)).find((r) => r.status === 'succeeded'), 'the scheduled run', 30_000);
      expect(run).toMatchObject({ trigger: 'schedule', output: 'due-now report', user_id: admin.body.user_id });
      const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000);
      expect([minute.getTime(), minute.getTime() - 60_000]).toContain(run.scheduled_for!.getTime());

      // several more cron passes and polls of both processes
      await sleep(4000);
      expect(await runsOf(ctx, id)).toHaveLength(1);
      expect(model.requests.filter((r) => lastUserMessage(r.body) === 'due-now report')).toHaveLength(1);
      const mission = await missionRow(ctx, id);
      expect(mission.execution_count).toBe(1);
      expect(mission.next_run!.getTime()).toBe(nextRun(schedule)!.getTime());
      // one schedule for the mission, whichever process wrote it
      expect((await ctx.app.scheduler.boss().getSchedules(MISSION_QUEUES.run)).filter((s) => s.key === id)).toHaveLength(1);
    }, 90_000);

    it('runs an occurrence once when several jobs carry it (both processes take one each)', async () => {
      const schedule = { type: 'scheduled', frequency: 'daily', time: '04:20', timezone: 'Europe/Berlin' };
      const id = await insertMission(ctx, { name: 'Duplicated', agent: 'Reporter', owner: admin, prompt: 'dup', schedule });
      const occurrence = nextRun(schedule, new Date(Date.now() - 86_400_000))!;
      const data: ScheduledRunJob = { missionId: id, libraryId: admin.body.library_id, scheduledFor: occurrence.toISOString() };
      const boss = ctx.app.scheduler.boss();
      await Promise.all([0, 1, 2, 3].map(() => boss.send(MISSION_QUEUES.run, data)));
      await waitFor(async () => (await runsOf(ctx, id)).find((r) => r.status === 'succeeded'), 'the run');
      await waitFor(async () => (await boss.findJobs(MISSION_QUEUES.run, { data: { missionId: id } })).every((j) => j.state === 'completed'), 'all four jobs');
      const runs = await runsOf(ctx, id);
      expect(runs).toHaveLength(1);
      expect(runs[0].scheduled_for!.getTime()).toBe(occurrence.getTime());
      expect((await missionRow(ctx, id)).execution_count).toBe(1);

      // the sweep's sends of one occurrence carry a singleton key: the second is refused at once
      const key = { singletonKey: occurrenceKey(id, occurrence), singletonSeconds: 3600 };
      expect(await boss.send(MISSION_QUEUES.run, data, key)).toEqual(expect.any(String));
      expect(await boss.send(MISSION_QUEUES.run, data, key)).toBeNull();
    });

    it('skips the repeat of a time the autumn DST change shows twice, and extra days of a clamped month', async () => {
      const runner = ctx.app.missions.runner;
      const schedule = { type: 'scheduled', frequency: 'daily', time: '01:30', timezone: 'America/New_York' };
      const id = await insertMission(ctx, { name: 'DST', agent: 'Reporter', owner: admin, prompt: 'dst', schedule });
      const data: ScheduledRunJob = { missionId: id, libraryId: admin.body.library_id };
      // pg-boss's cron pass sends 01:30 EDT (05:30 UTC) and again 01:30 EST (06:30 UTC) on 2026-11-01
      const first = await runner.handleScheduled(fakeJob(data, new Date('2026-11-01T05:30:12Z')));
      expect(first).toMatchObject({ outcome: 'ran', status: 'succeeded' });
      expect(await runner.handleScheduled(fakeJob(data, new Date('2026-11-01T06:30:12Z')))).toEqual({ outcome: 'skipped', reason: 'not an occurrence of the mission schedule' });
      // the same occurrence again (another process's job)
      expect(await runner.handleScheduled(fakeJob(data, new Date('2026-11-01T05:30:40Z')))).toEqual({
        outcome: 'skipped',
        reason: 'the occurrence 2026-11-01T05:30:00.000Z already has a run',
      });
      expect(await runsOf(ctx, id)).toHaveLength(1);

      const monthly = { type: 'scheduled', frequency: 'monthly', time: '09:00', dayOfMonth: 30 };
      const clamped = await insertMission(ctx, { name: 'Clamped', agent: 'Reporter', owner: admin, prompt: 'month end', schedule: monthly });
      const job = (at: string) => fakeJob<ScheduledRunJob>({ missionId: clamped, libraryId: admin.body.library_id }, new Date(at));
      expect(await runner.handleScheduled(job('2027-01-28T09:00:05Z'))).toMatchObject({ outcome: 'skipped' }); // cron 28-30 matches the 28th
      expect(await runner.handleScheduled(job('2027-02-28T09:00:05Z'))).toMatchObject({ outcome: 'ran' }); // February: the last day
    });

    it('does not run paused missions or deleted ones', async () => {
      const runner = ctx.app.missions.runner;
      const schedule = { type: 'scheduled', frequency: 'daily', time: '05:05' };
      const id = await insertMission(ctx, { name: 'Paused', agent: 'Reporter', owner: admin, schedule, status: 'paused' });
      const data: ScheduledRunJob = { missionId: id, libraryId: admin.body.library_id };
      expect(await runner.handleScheduled(fakeJob(data, new Date('2026-05-05T05:05:03Z')))).toEqual({ outcome: 'skipped', reason: 'the mission is paused' });
      await withMissionTables(ctx.database.db).deleteFrom('missions').where('id', '=', id).execute();
      expect(await runner.handleScheduled(fakeJob(data, new Date('2026-05-05T05:05:03Z')))).toEqual({ outcome: 'skipped', reason: 'the mission was deleted' });
    });
  });

  describe('crash safety', () => {
    let ctx: TestContext;
    let admin: SignedIn;

    beforeAll(async () => {
      // workers are registered by the test, after a "dead" worker has taken the job; jobs expire after 1 s
      ctx = await createTestContext({
        env: env(),
        jobs: FAST_JOBS,
        missions: { ...FAST_MISSIONS, work: false, runQueue: { ...FAST_MISSIONS.runQueue, expireInSeconds: 1, heartbeatSeconds: undefined } },
      });
      admin = await loginAdmin(ctx.app);
      await saveAgent(ctx, admin, { name: 'Reporter', steps: [{ name: 'A', query: '', model: { max_retries: 0 } }] });
    }, 60_000);
    afterAll(async () => {
      await ctx.close();
    });

    it('retries a job whose worker died, on the same run row, and runs it once', async () => {
      const boss = ctx.app.scheduler.boss();
      const db = withMissionTables(ctx.database.db);
      const manualMission = await insertMission(ctx, { name: 'Crash now', agent: 'Reporter', owner: admin, prompt: 'after the crash' });
      const schedule = { type: 'scheduled', frequency: 'daily', time: '06:06' };
      const scheduledMission = await insertMission(ctx, { name: 'Crash scheduled', agent: 'Reporter', owner: admin, prompt: 'scheduled after the crash', schedule });

      // 1. run now: the row is queued and its job sent
      const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/missions/${manualMission}/run`, headers: admin.headers });
      expect(response.statusCode).toBe(202);
      const { run_id } = response.json<{ run_id: string }>();
      expect((await runsOf(ctx, manualMission))[0]).toMatchObject({ id: run_id, status: 'queued', trigger: 'manual' });
      // 2. a scheduled occurrence's job
      const occurrence = nextRun(schedule, new Date(Date.now() - 86_400_000))!;
      const scheduledJobId = await boss.send(MISSION_QUEUES.run, { missionId: scheduledMission, libraryId: admin.body.library_id, scheduledFor: occurrence.toISOString() } satisfies ScheduledRunJob);

      // a worker takes both jobs, starts the runs, and dies
      const [manualJob] = await boss.fetch<ManualRunJob>(MISSION_QUEUES.runNow);
      const [scheduledJob] = await boss.fetch<ScheduledRunJob>(MISSION_QUEUES.run);
      expect(manualJob.id).toBe(run_id);
      expect(scheduledJob.id).toBe(scheduledJobId);
      await db.updateTable('mission_runs').set({ status: 'running', started_at: new Date() }).where('id', '=', run_id).execute();
      await db
        .insertInto('mission_runs')
        .values({ id: scheduledJob.id, mission_id: scheduledMission, library_id: admin.body.library_id, user_id: admin.body.user_id, trigger: 'schedule', status: 'running', scheduled_for: occurrence, started_at: new Date(), deliveries: '[]' })
        .execute();

      // a live worker (as registered by createMissions)
      const runner = ctx.app.missions.runner;
      const options = { includeMetadata: true, pollingIntervalSeconds: 0.5 } as const;
      await boss.work(MISSION_QUEUES.runNow, options, async (jobs: JobWithMetadata<ManualRunJob>[]) => {
        for (const job of jobs) await runner.handleManual(job);
      });
      await boss.work(MISSION_QUEUES.run, options, async (jobs: JobWithMetadata<ScheduledRunJob>[]) => {
        for (const job of jobs) await runner.handleScheduled(job);
      });

      // the jobs expire (1 s), pg-boss retries them and the live worker finishes the same rows
      const manualRun = await waitFor(async () => (await runsOf(ctx, manualMission)).find((r) => r.status === 'succeeded' && r.deliveries.length), 'the retried manual run', 30_000);
      const scheduledRun = await waitFor(async () => (await runsOf(ctx, scheduledMission)).find((r) => r.status === 'succeeded' && r.deliveries.length), 'the retried scheduled run', 30_000);
      expect(manualRun).toMatchObject({ id: run_id, output: 'after the crash' });
      expect(scheduledRun).toMatchObject({ id: scheduledJob.id, output: 'scheduled after the crash' });
      expect(scheduledRun.scheduled_for!.getTime()).toBe(occurrence.getTime());
      expect(await runsOf(ctx, manualMission)).toHaveLength(1);
      expect(await runsOf(ctx, scheduledMission)).toHaveLength(1);
      expect((await missionRow(ctx, manualMission)).execution_count).toBe(1);
      expect((await missionRow(ctx, scheduledMission)).execution_count).toBe(1);

      const [retried] = await boss.findJobs(MISSION_QUEUES.runNow, { id: run_id });
      expect(retried.retryCount).toBeGreaterThanOrEqual(1);
      await waitFor(async () => (await boss.findJobs(MISSION_QUEUES.runNow, { id: run_id }))[0]?.state === 'completed', 'the job to complete');
    }, 60_000);
  });
});
