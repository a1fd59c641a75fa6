import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { lastUserMessage } from '../testing/model-server.js';
import {
  FAST_JOBS,
  FAST_MISSIONS,
  insertMission,
  missionRow,
  runNow,
  runRow,
  runsOf,
  saveAgent,
  waitFor,
} from '../testing/missions.js';
import { useDeliveryApp, type DeliveryApp } from '../testing/delivery-app.js';
import { createUser, login, type SignedIn } from '../testing/test-app.js';
import { DELIVERY_MESSAGES } from './deliver.js';
import { MISSION_QUEUES } from './run.js';
import { nextRun } from './schedule.js';
import { withMissionTables } from './tables.js';

// real pg-boss, real protocols: give slow (loaded) machines room
jest.setTimeout(30_000);

describe('missions on the server', () => {
  // typed by the app, assigned when it has started
  let { ctx, model, smtp, hooks, admin, member } = {} as DeliveryApp;

  useDeliveryApp(
    (started) => {
      ({ ctx, model, smtp, hooks, admin, member } = started);
    },
    { from: 'Accent Tests <missions@accent.test>', jobs: FAST_JOBS, missions: FAST_MISSIONS },
  );
  beforeAll(async () => {
    // max_retries 0: a failing model call fails at once
    const steps = [{ name: 'Answer', query: '', model: { max_retries: 0 } }];
    await saveAgent(ctx, admin, { name: 'Mission Writer', steps });
    await saveAgent(ctx, admin, { name: 'Admins Only', steps, settings: { access: ['admin_only'] } });
  });

  describe('POST /api/v1/missions/:id/run', () => {
    it('queues a run (202 {run_id}) that a worker carries out as the owner: output, agent run, counters, feed', async () => {
      const id = await insertMission(ctx, { name: 'Daily brief', agent: 'Mission Writer', owner: admin, prompt: 'Brief me on {{topic}}', parameters: { topic: 'pricing' } });
      const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/missions/${id}/run`, headers: admin.headers });
      expect(response.statusCode).toBe(202);
      const { run_id } = response.json<{ run_id: string }>();
      const queued = await runRow(ctx, run_id);
      expect(queued).toMatchObject({ mission_id: id, trigger: 'manual', user_id: admin.body.user_id, requested_by: admin.body.user_id });

      const run = await waitFor(async () => {
        const r = await runRow(ctx, run_id);
        return r?.status === 'succeeded' && r.deliveries.length ? r : null;
      }, 'the run');
      expect(run.output).toBe('Brief me on pricing');
      expect(run.error).toBeNull();
      expect(run.started_at).toBeInstanceOf(Date);
      expect(run.finished_at).toBeInstanceOf(Date);
      expect(run.deliveries).toEqual([{ channel: 'feed', status: 'sent', detail: DELIVERY_MESSAGES.feed }]);
      expect(lastUserMessage(model.requests[0].body)).toBe('Brief me on pricing');

      const agentRun = await ctx.database.db.selectFrom('agent_runs').selectAll().where('id', '=', run.agent_run_id!).executeTakeFirstOrThrow();
      expect(agentRun).toMatchObject({ source: 'mission', status: 'succeeded', user_id: admin.body.user_id, agent_name: 'Mission Writer' });

      const mission = await missionRow(ctx, id);
      expect(mission.execution_count).toBe(1);
      expect(Number(mission.success_rate)).toBe(100);
      expect(mission.last_run?.getTime()).toBe(run.started_at!.getTime());
      expect(mission.next_run).toBeNull(); // on-demand
    });

    it('counts failed agent runs: 2 of 3 succeeded → success_rate 66.67', async () => {
      const id = await insertMission(ctx, { name: 'Flaky', agent: 'Mission Writer', owner: admin, prompt: 'go' });
      model.reply({ text: 'first' }, { text: 'second' }, { status: 500, error: 'the model exploded' });
      const runs = [await runNow(ctx, admin, id), await runNow(ctx, admin, id), await runNow(ctx, admin, id)];
      expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'failed']);
      expect(runs.map((r) => r.output)).toEqual(['first', 'second', null]);
      expect(runs[2].error).toContain('the model exploded');
      // the failed agent run is linked (its fallback answer and trace are there)
      const agentRun = await ctx.database.db.selectFrom('agent_runs').selectAll().where('id', '=', runs[2].agent_run_id!).executeTakeFirstOrThrow();
      expect(agentRun.status).toBe('failed');

      const mission = await missionRow(ctx, id);
      expect(mission.execution_count).toBe(3);
      expect(Number(mission.success_rate)).toBe(66.67);

      model.reply({ status: 500, error: 'again' });
      await runNow(ctx, admin, id);
      expect(Number((await missionRow(ctx, id)).success_rate)).toBe(50);
    });

    it('records a run whose agent cannot run (deleted agent) as failed', async () => {
      await saveAgent(ctx, admin, { name: 'Short Lived', steps: [{ name: 'A', query: '' }] });
      const id = await insertMission(ctx, { name: 'Orphan', agent: 'Short Lived', owner: admin, prompt: 'x' });
      // Deleted after the run is queued and before any worker can take it: the queued run row's insert deletes
      // the agent (an HTTP DELETE after the 202 raced the worker on a fast machine).
      await sql`CREATE FUNCTION test_delete_short_lived() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN DELETE FROM agents WHERE name = 'Short Lived'; RETURN NEW; END $$`.execute(ctx.database.db);
      await sql`CREATE TRIGGER test_delete_short_lived AFTER INSERT ON mission_runs FOR EACH ROW EXECUTE FUNCTION test_delete_short_lived()`.execute(ctx.database.db);
      const queued = await ctx.app.inject({ method: 'POST', url: `/api/v1/missions/${id}/run`, headers: admin.headers });
      await sql`DROP TRIGGER test_delete_short_lived ON mission_runs`.execute(ctx.database.db);
      await sql`DROP FUNCTION test_delete_short_lived()`.execute(ctx.database.db);
      expect(queued.statusCode).toBe(202);
      const run = await waitFor(async () => {
        const r = await runRow(ctx, queued.json<{ run_id: string }>().run_id);
        return r && r.status !== 'queued' && r.status !== 'running' ? r : null;
      }, 'the failed run');
      expect(run).toMatchObject({ status: 'failed', error: 'Agent "Short Lived" not found', output: null });
      expect((await missionRow(ctx, id)).execution_count).toBe(1);
    });

    it('only for missions the caller can see, and agents the caller may run', async () => {
      const privateOfAdmin = await insertMission(ctx, { name: 'Admin private', agent: 'Mission Writer', owner: admin });
      const libraryOfAdmin = await insertMission(ctx, { name: 'Admin shared', agent: 'Mission Writer', owner: admin, scope: 'library', prompt: 'shared' });
      const ownOfMember = await insertMission(ctx, { name: 'Member own', agent: 'Mission Writer', owner: member, prompt: 'mine' });
      const restricted = await insertMission(ctx, { name: 'Restricted', agent: 'Admins Only', owner: admin, scope: 'library' });
      const run = (id: string, who?: SignedIn) => ctx.app.inject({ method: 'POST', url: `/api/v1/missions/${id}/run`, headers: who?.headers ?? {} });

      expect((await run(privateOfAdmin)).statusCode).toBe(401);
      expect((await run(privateOfAdmin, member)).statusCode).toBe(404);
      expect((await run(privateOfAdmin, member)).json()).toEqual({ detail: 'Mission not found' });
      expect((await run('no-such-mission', admin)).statusCode).toBe(404);
      expect((await run(restricted, member)).json()).toEqual({ detail: 'You do not have access to run agent "Admins Only".' });
      expect((await run(restricted, member)).statusCode).toBe(403);

      // a library mission of someone else: runs (as its owner)
      const shared = await runNow(ctx, member, libraryOfAdmin);
      expect(shared).toMatchObject({ status: 'succeeded', user_id: admin.body.user_id, requested_by: member.body.user_id });
      expect((await runNow(ctx, member, ownOfMember)).user_id).toBe(member.body.user_id);
      // admins see every mission of their library
      expect((await runNow(ctx, admin, ownOfMember)).status).toBe('succeeded');
    });

    // the route judges the caller by the guard's read of their current state (no read of its own): a change
    // made in the database while the token and the sign-in stay valid must still count at the next request
    it('judges the caller as they are now: a demoted admin is refused the agent, a deactivated user is not signed in', async () => {
      const email = `mission-caller-${Date.now()}@accent.local`;
      const id = await createUser(ctx.database, { environment: DEMO_CREDENTIALS.environment, library: DEMO_CREDENTIALS.library, email, password: 'long-enough-password', role: 'admin' });
      const who = await login(ctx.app, { email, password: 'long-enough-password' });
      const restricted = await insertMission(ctx, { name: 'Admins only, shared', agent: 'Admins Only', owner: admin, scope: 'library', prompt: 'go' });
      const run = () => ctx.app.inject({ method: 'POST', url: `/api/v1/missions/${restricted}/run`, headers: who.headers });
      expect(await runNow(ctx, who, restricted)).toMatchObject({ status: 'succeeded', error: null, user_id: admin.body.user_id, requested_by: id });

      await ctx.database.db.updateTable('users').set({ role: 'member' }).where('id', '=', id).execute();
      const demoted = await run();
      expect(demoted.statusCode).toBe(403);
      expect(demoted.json()).toEqual({ detail: 'You do not have access to run agent "Admins Only".' });

      await ctx.database.db.updateTable('users').set({ active: false }).where('id', '=', id).execute();
      const deactivated = await run();
      expect(deactivated.statusCode).toBe(401);
      expect(deactivated.json()).toEqual({ detail: 'Not signed in' });
      expect(await runsOf(ctx, restricted)).toHaveLength(1);
    });
  });

  describe('GET /api/v1/missions/stats', () => {
    it("summarises the missions of an agent the caller can see (success rate over their runs, 2 decimals)", async () => {
      await saveAgent(ctx, admin, { name: 'Stats Agent', steps: [{ name: 'A', query: '' }] });
      await insertMission(ctx, { name: 'S1', agent: 'Stats Agent', owner: admin, status: 'active', execution_count: 3, success_rate: 66.67 });
      await insertMission(ctx, { name: 'S2', agent: 'Stats Agent', owner: member, status: 'paused', execution_count: 1, success_rate: 100 });
      await insertMission(ctx, { name: 'S3', agent: 'Stats Agent', owner: admin, scope: 'library', status: 'active', execution_count: 0, success_rate: 0 });
      await insertMission(ctx, { name: 'S4', agent: 'Stats Agent', owner: admin, status: 'draft', execution_count: 2, success_rate: 50 });
      const stats = (who: SignedIn, agent = 'Stats Agent') => ctx.app.inject({ method: 'GET', url: `/api/v1/missions/stats?agent=${encodeURIComponent(agent)}`, headers: who.headers });

      const forAdmin = await stats(admin);
      expect(forAdmin.statusCode).toBe(200);
      // 2 + 1 + 0 + 1 of 6 runs succeeded (S3 never ran and does not count as 0%)
      expect(forAdmin.json()).toEqual({ totalMissions: 4, activeMissions: 2, totalExecutions: 6, averageSuccessRate: 66.67 });
      // the member sees their own and the library-scope ones
      expect((await stats(member)).json()).toEqual({ totalMissions: 2, activeMissions: 1, totalExecutions: 1, averageSuccessRate: 100 });
      expect((await stats(admin, 'Nobody')).json()).toEqual({ totalMissions: 0, activeMissions: 0, totalExecutions: 0, averageSuccessRate: null });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/missions/stats' })).statusCode).toBe(401);
    });
  });

  describe('delivery', () => {
    it('emails the result over SMTP to the mission address', async () => {
      const id = await insertMission(ctx, {
        name: 'Mailer',
        agent: 'Mission Writer',
        owner: admin,
        prompt: 'Weekly numbers are up',
        delivery: { channels: ['feed', 'email'], email: 'boss@example.com' },
      });
      const run = await runNow(ctx, admin, id);
      expect(run.deliveries).toEqual([
        { channel: 'feed', status: 'sent', detail: DELIVERY_MESSAGES.feed },
        { channel: 'email', status: 'sent', detail: 'Sent to boss@example.com' },
      ]);
      expect(smtp.messages).toHaveLength(1);
      const [mail] = smtp.messages;
      expect(mail.from).toBe('missions@accent.test');
      expect(mail.to).toEqual(['boss@example.com']);
      expect(mail.headers.subject).toBe('Mission "Mailer": new result');
      expect(mail.headers.from).toBe('Accent Tests <missions@accent.test>');
      expect(mail.headers['x-accent-run-id']).toBe(run.id);
      expect(mail.headers['x-accent-mission-id']).toBe(id);
      expect(mail.body).toContain('Weekly numbers are up');
    });

    it("emails the owner when the mission names no address, and reports a failed run", async () => {
      const id = await insertMission(ctx, { name: 'Owner mail', agent: 'Mission Writer', owner: member, prompt: 'x', delivery: { channels: ['email'] } });
      model.reply({ status: 500, error: 'down' });
      const run = await runNow(ctx, member, id);
      expect(run.status).toBe('failed');
      expect(run.deliveries.map((d) => [d.channel, d.status])).toEqual([
        ['feed', 'sent'],
        ['email', 'sent'],
      ]);
      expect(smtp.messages[0].to).toEqual([member.body.email]);
      expect(smtp.messages[0].headers.subject).toBe('Mission "Owner mail" failed');
      expect(smtp.messages[0].body).toContain('The mission failed: OpenAI request failed: down');
    });

    it('POSTs {mission, run, output} to the webhook, signed with the library secret', async () => {
      const id = await insertMission(ctx, {
        name: 'Hooked',
        agent: 'Mission Writer',
        owner: admin,
        prompt: 'ping',
        delivery: { channels: ['feed', 'webhook'], webhookUrl: `${hooks.url}/hooks/accent?x=1` },
      });
      const run = await runNow(ctx, admin, id);
      expect(run.deliveries[1]).toEqual({ channel: 'webhook', status: 'sent', detail: 'Delivered (HTTP 200)' });
      expect(hooks.requests).toHaveLength(1);
      const [hook] = hooks.requests;
      expect(hook.method).toBe('POST');
      expect(hook.path).toBe('/hooks/accent?x=1');
      expect(hook.headers['content-type']).toBe('application/json');
      expect(hook.headers['x-accent-delivery']).toBe(run.id);
      const body = JSON.parse(hook.body);
      expect(body).toMatchObject({
        mission: { id, name: 'Hooked', agent_id: 'Mission Writer', agent_name: 'Mission Writer' },
        run: { id: run.id, status: 'succeeded', trigger: 'manual', error: null, agent_run_id: run.agent_run_id },
        output: 'ping',
      });

      const secretResponse = await ctx.app.inject({ method: 'GET', url: '/api/v1/missions/webhook-secret', headers: admin.headers });
      expect(secretResponse.statusCode).toBe(200);
      const { secret, header } = secretResponse.json<{ secret: string; header: string }>();
      expect(header).toBe('X-Accent-Signature');
      const expected = `sha256=${createHmac('sha256', secret).update(hook.body).digest('hex')}`;
      expect(hook.headers['x-accent-signature']).toBe(expected);
      // members cannot read the secret
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/missions/webhook-secret', headers: member.headers })).statusCode).toBe(403);
    });

    it('records a webhook that answers an error status as a failed delivery', async () => {
      hooks.status = 500;
      const id = await insertMission(ctx, { name: 'Hook down', agent: 'Mission Writer', owner: admin, prompt: 'p', delivery: { channels: ['webhook'], webhookUrl: hooks.url } });
      const run = await runNow(ctx, admin, id);
      expect(run.status).toBe('succeeded');
      expect(run.deliveries[1]).toMatchObject({ channel: 'webhook', status: 'failed' });
      expect(run.deliveries[1].detail).toMatch(/^The webhook answered HTTP 500/);
    });
  });

  describe('reconciling pg-boss schedules with the missions table', () => {
    const boss = () => ctx.app.scheduler.boss();
    const scheduleOf = (id: string) => boss().getSchedule(MISSION_QUEUES.run, id);
    // far from now, so nothing here comes due during the test
    const later = () => `${String((new Date().getUTCHours() + 6) % 24).padStart(2, '0')}:15`;

    it('gives each active scheduled mission one schedule, and removes it when paused, on-demand or deleted (through NOTIFY)', async () => {
      const time = later();
      const schedule = { type: 'scheduled', frequency: 'weekly', time, daysOfWeek: [1, 4], timezone: 'Europe/Berlin' };
      const id = await insertMission(ctx, { name: 'Weekly', agent: 'Mission Writer', owner: member, schedule });
      // no explicit call: the insert NOTIFYs and the server reconciles
      const created = await waitFor(() => scheduleOf(id), 'the schedule');
      const [hh, mm] = time.split(':').map(Number);
      expect(created).toMatchObject({ name: 'mission-run', key: id, cron: `${mm} ${hh} * * 1,4`, timezone: 'Europe/Berlin', data: { missionId: id, libraryId: member.body.library_id } });
      const withNext = await waitFor(async () => (await missionRow(ctx, id)).next_run, 'next_run');
      expect(withNext.toISOString()).toBe(nextRun(schedule)!.toISOString());

      const db = withMissionTables(ctx.database.db);
      const setStatus = (status: 'active' | 'paused' | 'draft') => db.updateTable('missions').set({ status }).where('id', '=', id).execute();

      await setStatus('paused');
      await waitFor(async () => (await scheduleOf(id)) === null, 'the schedule to go');
      expect((await missionRow(ctx, id)).next_run).toBeNull();

      await setStatus('active');
      await waitFor(() => scheduleOf(id), 'the schedule to come back');

      await setStatus('draft');
      await waitFor(async () => (await scheduleOf(id)) === null, 'the schedule of a draft to go');
      await setStatus('active');
      await waitFor(() => scheduleOf(id), 'the schedule to come back again');

      // a new time: the schedule and next_run follow
      const daily = { type: 'scheduled', frequency: 'daily', time: '03:45', timezone: 'America/New_York' };
      await db.updateTable('missions').set({ schedule: JSON.stringify(daily) }).where('id', '=', id).execute();
      await waitFor(async () => (await scheduleOf(id))?.cron === '45 3 * * *', 'the new cron');
      expect((await scheduleOf(id))?.timezone).toBe('America/New_York');
      await waitFor(async () => (await missionRow(ctx, id)).next_run?.getTime() === nextRun(daily)!.getTime(), 'the new next_run');

      await db.updateTable('missions').set({ schedule: JSON.stringify({ type: 'on-demand' }) }).where('id', '=', id).execute();
      await waitFor(async () => (await scheduleOf(id)) === null, 'the schedule of an on-demand mission to go');
      expect((await missionRow(ctx, id)).next_run).toBeNull();

      await db.updateTable('missions').set({ schedule: JSON.stringify(daily) }).where('id', '=', id).execute();
      await waitFor(() => scheduleOf(id), 'the schedule once more');
      await db.deleteFrom('missions').where('id', '=', id).execute();
      await waitFor(async () => (await scheduleOf(id)) === null, 'the schedule of a deleted mission to go');
    });

    it('reconcile() reports what it changed; invalid schedules get none', async () => {
      const id = await insertMission(ctx, { name: 'Monthly', agent: 'Mission Writer', owner: admin, schedule: { type: 'scheduled', frequency: 'monthly', time: later(), dayOfMonth: 31 } });
      const bad = await insertMission(ctx, { name: 'Bad', agent: 'Mission Writer', owner: admin, schedule: { type: 'scheduled', frequency: 'weekly', time: '09:00', daysOfWeek: [] } });
      await ctx.app.missions.reconciler.reconcile(admin.body.library_id);
      expect((await scheduleOf(id))?.cron).toMatch(/^15 \d+ L \* \*$/);
      expect(await scheduleOf(bad)).toBeNull();
      expect((await missionRow(ctx, bad)).next_run).toBeNull();
      // nothing left to do
      const again = await ctx.app.missions.reconciler.reconcile(admin.body.library_id);
      expect(again).toEqual({ scheduled: [], unscheduled: [], nextRunUpdated: [], caughtUp: [] });
    });

    it('catches up an occurrence that came due without a run, once', async () => {
      // an occurrence 10 minutes ago that no run took (the server was down): too old for pg-boss's cron pass
      const missed = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000);
      const time = `${String(missed.getUTCHours()).padStart(2, '0')}:${String(missed.getUTCMinutes()).padStart(2, '0')}`;
      const id = await insertMission(ctx, { name: 'Missed', agent: 'Mission Writer', owner: admin, prompt: 'catch up', schedule: { type: 'scheduled', frequency: 'daily', time } });
      await ctx.app.missions.reconciler.reconcile(admin.body.library_id);
      expect((await missionRow(ctx, id)).next_run!.getTime()).toBe(missed.getTime() + 86_400_000);
      // what a server that died before the occurrence leaves behind (next_run only: no NOTIFY)
      await withMissionTables(ctx.database.db).updateTable('missions').set({ next_run: missed }).where('id', '=', id).execute();
      await ctx.app.missions.reconciler.reconcile(admin.body.library_id);
      const run = await waitFor(async () => (await runsOf(ctx, id)).find((r) => r.status === 'succeeded' && r.deliveries.length > 0), 'the catch-up run');
      expect(run).toMatchObject({ trigger: 'schedule', output: 'catch up' });
      expect(run.scheduled_for?.getTime()).toBe(missed.getTime());
      // next_run moved on to tomorrow; reconciling again sends nothing
      expect((await missionRow(ctx, id)).next_run!.getTime()).toBe(missed.getTime() + 86_400_000);
      expect((await ctx.app.missions.reconciler.reconcile(admin.body.library_id)).caughtUp).toEqual([]);
      expect(await runsOf(ctx, id)).toHaveLength(1);
      expect((await missionRow(ctx, id)).execution_count).toBe(1);
    });
  });
});
