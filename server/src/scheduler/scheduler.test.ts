import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { openDatabase, type Database } from '../db/database.js';
import { insertMission, saveAgent } from '../testing/missions.js';
import { createTestContext, loginAdmin, type TestContext } from '../testing/test-app.js';
import { createScheduler, ensureQueue, SCHEDULER_MESSAGES, SchedulerUnavailableError, type PgBoss } from './index.js';

// real pg-boss, real protocols: give slow (loaded) machines room
jest.setTimeout(30_000);

describe('the job scheduler', () => {
  describe('on its own database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({ kind: 'pglite' });
    }, 60_000);
    afterAll(async () => {
      await database.close();
    });

    it('does nothing when disabled', async () => {
      const scheduler = createScheduler(database, { enabled: false });
      await scheduler.start();
      expect(scheduler.running).toBe(false);
      expect(() => scheduler.boss()).toThrow(SchedulerUnavailableError);
      expect(() => scheduler.boss()).toThrow(SCHEDULER_MESSAGES.notRunning);
      await scheduler.stop();
    });

    it('starts pg-boss on the database, runs start hooks in order, works jobs (in arrays), stops', async () => {
      const scheduler = createScheduler(database, { timing: { pollingIntervalSeconds: 0.5 }, stopTimeoutMs: 1000 });
      const calls: string[] = [];
      const received: unknown[] = [];
      scheduler.onStart(async (boss: PgBoss) => {
        calls.push('first');
        await ensureQueue(boss, 'scheduler-test', { retryLimit: 1, expireInSeconds: 60 });
        await boss.work('scheduler-test', { pollingIntervalSeconds: 0.5 }, async (jobs) => {
          received.push(...jobs.map((j) => j.data));
        });
      });
      scheduler.onStart(async () => {
        calls.push('second');
      });
      let stopped = 0;
      scheduler.onStop(() => {
        stopped++;
      });
      await Promise.all([scheduler.start(), scheduler.start()]); // idempotent
      expect(scheduler.running).toBe(true);
      expect(calls).toEqual(['first', 'second']);
      // the queue's options were applied
      expect(await scheduler.boss().getQueue('scheduler-test')).toMatchObject({ retryLimit: 1, expireInSeconds: 60 });

      await scheduler.boss().send('scheduler-test', { hello: 'world' });
      const deadline = Date.now() + 10_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(received).toEqual([{ hello: 'world' }]);

      // a hook added while running runs at once
      const late = new Promise<void>((resolve) => scheduler.onStart(async () => resolve()));
      await late;

      await scheduler.stop();
      expect(scheduler.running).toBe(false);
      expect(stopped).toBe(1);
      expect(() => scheduler.boss()).toThrow(SchedulerUnavailableError);
      await scheduler.stop(); // twice is fine
    }, 30_000);
  });

  describe('in the app', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(); // tests get no background jobs unless they ask
    }, 60_000);
    afterAll(async () => {
      await ctx.close();
    });

    it('is off in tests by default: run now answers 503', async () => {
      expect(ctx.app.scheduler.enabled).toBe(false);
      expect(ctx.app.scheduler.running).toBe(false);
      const admin = await loginAdmin(ctx.app);
      await saveAgent(ctx, admin, { name: 'Idle', steps: [{ name: 'A', query: '' }] });
      const id = await insertMission(ctx, { name: 'Never', agent: 'Idle', owner: admin });
      const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/missions/${id}/run`, headers: admin.headers });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: SCHEDULER_MESSAGES.notRunning });
      // nothing was queued
      const runs = await ctx.database.db
        .selectFrom('mission_runs' as never)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(runs.n)).toBe(0);
      // and changes are ignored quietly
      await expect(ctx.app.missions.onMissionsChanged(admin.body.library_id)).resolves.toBeUndefined();
    }, 30_000);
  });
});
