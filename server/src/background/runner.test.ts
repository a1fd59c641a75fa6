import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import { BACKGROUND_INTERVAL_CRON, BACKGROUND_INTERVALS, backgroundAgentConfigSchema, type BackgroundAgentConfigInput, type BackgroundTestResult } from '@accent/background-common';
import { CronExpressionParser } from 'cron-parser';
import { sql } from 'kysely';
import { toJson } from '../db/values.js';
import { RUN_INTERRUPTED } from '../run-leases/leases.js';
import { FAST_JOBS, waitFor, wallTime } from '../testing/missions.js';
import { useDeliveryApp, type DeliveryApp } from '../testing/delivery-app.js';
import { BACKGROUND_QUEUES } from './run.js';
import { resolveBackgroundSchedule } from './schedule.js';
import { withBackgroundTables } from './tables.js';

// real pg-boss, real protocols: give slow (loaded) machines room
jest.setTimeout(40_000);

describe('background agents on the server', () => {
  // typed by the app, assigned when it has started
  let { ctx, model, smtp, hooks, admin, member } = {} as DeliveryApp;
  const db = () => withBackgroundTables(ctx.database.db);

  useDeliveryApp(
    (started) => {
      ({ ctx, model, smtp, hooks, admin, member } = started);
    },
    {
      from: 'Accent Tests <background@accent.test>',
      env: ({ hooks }) => ({ HUBSPOT_API_BASE_URL: hooks.url }),
      jobs: FAST_JOBS,
      // a retryDelay minute lasts one second
      background: { retryMinuteSeconds: 1, debounceMs: 10 },
    },
  );

  const baseConfig = (over: BackgroundAgentConfigInput = {}) =>
    backgroundAgentConfigSchema.parse({
      name: 'Deal Watcher',
      category: 'CRM Monitoring',
      description: 'Watches stalled deals',
      systemPrompt: 'You are a careful sales analyst.',
      dataSources: ['hubspot'],
      deliveryChannels: ['dashboard'],
      status: 'active',
      ...over,
    });

  /** A row written as the table owner (what the gateway does with the caller's rights). */
  async function insertAgent(over: BackgroundAgentConfigInput = {}, status: 'draft' | 'active' | 'paused' = 'active', owner = admin) {
    const config = baseConfig(over);
    const row = await db()
      .insertInto('background_agents')
      .values({ name: config.name, description: config.description, category: config.category, status, config: toJson(config), library_id: owner.body.library_id, owner_id: owner.body.user_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const runRow = (id: string) => db().selectFrom('background_runs').selectAll().where('id', '=', id).executeTakeFirst();
  const runsOf = (agentId: string) => db().selectFrom('background_runs').selectAll().where('agent_id', '=', agentId).orderBy('created_at').orderBy('attempt').execute();
  const agentRow = (id: string) => db().selectFrom('background_agents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function runNow(agentId: string, who = admin) {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/background-agents/${agentId}/run`, headers: who.headers });
    expect(response.statusCode).toBe(202);
    const { run_id } = response.json<{ run_id: string }>();
    return waitFor(async () => {
      const run = await runRow(run_id);
      return run && (run.status === 'succeeded' || run.status === 'failed') ? run : null;
    }, `run ${run_id}`);
  }

  async function setCredential(key: string, values: Record<string, string>) {
    const response = await ctx.app.inject({ method: 'PUT', url: `/api/v1/admin/credentials/connector/${key}`, headers: admin.headers, payload: { values } });
    expect(response.statusCode).toBe(200);
  }

  describe('scheduling', () => {
    it('turns every interval into its cron and a cron expression into itself, in the agent time zone', () => {
      for (const interval of BACKGROUND_INTERVALS) {
        expect(resolveBackgroundSchedule({ scheduleType: 'interval', interval, cronExpression: '', timezone: 'Europe/Berlin' })).toEqual({
          kind: 'scheduled',
          cron: BACKGROUND_INTERVAL_CRON[interval],
          timezone: 'Europe/Berlin',
        });
      }
      expect(resolveBackgroundSchedule({ scheduleType: 'cron', interval: '', cronExpression: ' 0  7 * * 1-5 ', timezone: 'Asia/Tokyo' })).toEqual({ kind: 'scheduled', cron: '0 7 * * 1-5', timezone: 'Asia/Tokyo' });
      expect(resolveBackgroundSchedule({ scheduleType: 'cron', interval: '', cronExpression: '61 * * * *', timezone: 'UTC' }).kind).toBe('invalid');
      expect(resolveBackgroundSchedule({ scheduleType: 'event', interval: '', cronExpression: '', timezone: 'UTC' })).toEqual({ kind: 'event' });
      expect(resolveBackgroundSchedule({ scheduleType: 'interval', interval: '', cronExpression: '', timezone: 'UTC' }).kind).toBe('none');
    });

    it('gives each active agent a pg-boss schedule of every interval, with its retries, and its next run', async () => {
      const ids = new Map<string, string>();
      for (const interval of BACKGROUND_INTERVALS) ids.set(await insertAgent({ name: `Every ${interval}`, interval, timezone: 'America/Chicago', maxRetries: 2, retryDelay: 7 }), interval);
      await ctx.app.background.reconciler.reconcile(admin.body.library_id);
      const schedules = await ctx.app.scheduler.boss().getSchedules(BACKGROUND_QUEUES.run);
      for (const [id, interval] of ids) {
        const schedule = schedules.find((s) => s.key === id);
        expect(schedule).toMatchObject({ cron: BACKGROUND_INTERVAL_CRON[interval as keyof typeof BACKGROUND_INTERVAL_CRON], timezone: 'America/Chicago', data: { agentId: id, trigger: 'schedule' } });
        // retryDelay minutes × 1 s in this test
        expect(schedule!.options).toMatchObject({ retryLimit: 2, retryDelay: 7, retryBackoff: false });
        const row = await agentRow(id);
        const expected = CronExpressionParser.parse(BACKGROUND_INTERVAL_CRON[interval as keyof typeof BACKGROUND_INTERVAL_CRON], { tz: 'America/Chicago', currentDate: new Date(Date.now() - 5000) }).next().toDate();
        expect(Math.abs(row.next_run_at!.getTime() - expected.getTime())).toBeLessThanOrEqual(60 * 60_000 * 24 * 31);
        expect(row.next_run_at!.getTime()).toBeGreaterThan(Date.now() - 1000);
      }
      // daily is 09:00 in Chicago, whatever UTC says
      const daily = [...ids].find(([, i]) => i === 'daily')![0];
      expect(wallTime((await agentRow(daily)).next_run_at!, 'America/Chicago')).toBe('09:00');
      // pausing removes the schedule (through the change notification, as a gateway write would)
      await db().updateTable('background_agents').set({ status: 'paused' }).where('id', '=', daily).execute();
      await waitFor(async () => !(await ctx.app.scheduler.boss().getSchedules(BACKGROUND_QUEUES.run)).some((s) => s.key === daily), 'the paused agent to lose its schedule');
      expect((await agentRow(daily)).next_run_at).toBeNull();
      await db().deleteFrom('background_agents').where('id', 'in', [...ids.keys()]).execute();
    });

    it('schedules a cron expression in a non-UTC time zone: 7 AM on weekdays in Tokyo', async () => {
      const id = await insertAgent({ scheduleType: 'cron', interval: '', cronExpression: '0 7 * * 1-5', timezone: 'Asia/Tokyo' });
      await ctx.app.background.reconciler.reconcile(admin.body.library_id);
      const schedule = (await ctx.app.scheduler.boss().getSchedules(BACKGROUND_QUEUES.run)).find((s) => s.key === id);
      expect(schedule).toMatchObject({ cron: '0 7 * * 1-5', timezone: 'Asia/Tokyo' });
      const next = (await agentRow(id)).next_run_at!;
      expect(wallTime(next, 'Asia/Tokyo')).toBe('07:00');
      const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', weekday: 'short' }).format(next);
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(weekday);
      // 07:00 Tokyo is 22:00 UTC the day before
      expect(next.getUTCHours()).toBe(22);
      await db().deleteFrom('background_agents').where('id', '=', id).execute();
    });

    it('runs an agent when its schedule fires (every minute, through pg-boss’s cron pass)', async () => {
      const id = await insertAgent({ scheduleType: 'cron', interval: '', cronExpression: '* * * * *', timezone: 'Europe/London' });
      await ctx.app.background.reconciler.reconcile(admin.body.library_id);
      const run = await waitFor(async () => (await runsOf(id)).find((r) => r.trigger === 'schedule' && r.status === 'succeeded'), 'a scheduled run', 75_000);
      expect(run.in_feed).toBe(true);
      await db().deleteFrom('background_agents').where('id', '=', id).execute();
    }, 90_000);

    it('refuses an invalid cron expression or time zone when saved, with a clear message, and keeps nothing', async () => {
      const post = (config: BackgroundAgentConfigInput) =>
        ctx.app.inject({
          method: 'POST',
          url: '/rest/v1/background_agents',
          headers: { ...admin.headers, prefer: 'return=representation' },
          payload: { name: 'Bad schedule', category: 'CRM Monitoring', status: 'draft', config: baseConfig({ name: 'Bad schedule', ...config }) },
        });
      const before = await db().selectFrom('background_agents').select('id').where('name', '=', 'Bad schedule').execute();
      for (const [cronExpression, problem] of [
        ['99 * * * *', 'minute must be between 0 and 59 (got "99")'],
        ['0 7 * *', 'it needs 5 fields (minute hour day-of-month month day-of-week), got 4'],
        ['0 25 * * *', 'hour must be between 0 and 23 (got "25")'],
        ['0 7 * * MON-XYZ', 'day of week has an invalid value "MON-XYZ"'],
        ['*/0 * * * *', 'minute has an invalid step "*/0"'],
      ]) {
        const response = await post({ scheduleType: 'cron', interval: '', cronExpression });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: '23514', message: `Invalid cron expression "${cronExpression}": ${problem}` });
        expect(response.json().hint).toMatch(/0 7 \* \* 1-5/);
      }
      const badZone = await post({ timezone: 'Mars/Olympus' });
      expect(badZone.statusCode).toBe(400);
      expect(badZone.json().message).toBe('Unknown time zone "Mars/Olympus"');
      expect(await db().selectFrom('background_agents').select('id').where('name', '=', 'Bad schedule').execute()).toEqual(before);
      // valid ones save: names, ranges, lists, steps
      for (const cronExpression of ['0 7 * * 1-5', '*/15 9-17 * * MON-FRI', '0 0 1,15 JAN,JUL *', '30 6 * * 7']) {
        const ok = await post({ scheduleType: 'cron', interval: '', cronExpression });
        expect(ok.statusCode).toBe(201);
        expect(resolveBackgroundSchedule({ scheduleType: 'cron', interval: '', cronExpression, timezone: 'UTC' }).kind).toBe('scheduled');
      }
      await db().deleteFrom('background_agents').where('name', '=', 'Bad schedule').execute();
    });
  });

  describe('runs', () => {
    it('runs now: sources through the connectors, the steps through the runtime, and the result in the feed', async () => {
      const id = await insertAgent({
        dataSources: ['hubspot', 'pipedrive', 'salesforce'],
        processingSteps: [{ type: 'filtering', description: 'Keep deals idle for 14 days' }],
      });
      // HubSpot connected (against the local receiver); Salesforce not; Pipedrive has no connector
      await setCredential('hubspot', { accessToken: 'hs-token' });
      const run = await runNow(id);
      expect(run).toMatchObject({ status: 'succeeded', trigger: 'manual', attempt: 1, max_attempts: 4, in_feed: true, error: null, agent_name: 'Deal Watcher' });
      expect(run.sources).toEqual([
        { source: 'hubspot', status: 'collected', detail: 'HubSpot: 20 deals' },
        { source: 'pipedrive', status: 'not_connected', detail: 'Pipedrive is not connected: this studio has no Pipedrive connector yet.' },
        { source: 'salesforce', status: 'not_connected', detail: 'Salesforce API is not connected. An administrator can add its credentials in Admin → Connectors.' },
      ]);
      expect(run.deliveries).toEqual([{ channel: 'dashboard', status: 'sent', detail: 'Added to the results feed' }]);
      expect(hooks.requests.find((r) => r.path === '/crm/v3/objects/deals/search')?.headers.authorization).toBe('Bearer hs-token');
      // two model calls: the processing step, then the output step with the system prompt and the data
      expect(model.requests).toHaveLength(2);
      const first = model.requests[0].body.messages;
      expect(first.find((m) => m.role === 'system')?.content).toContain('You are a careful sales analyst.');
      expect(JSON.stringify(first)).toContain('Processing step 1 (Filtering): Keep deals idle for 14 days');
      expect(JSON.stringify(first)).toContain('## HubSpot (collected)');
      expect(run.output).toContain('Write the final result.');
      // the runtime recorded the run with its trace
      const agentRun = await ctx.database.db.selectFrom('agent_runs').select(['source', 'agent_id', 'status']).where('id', '=', run.agent_run_id!).executeTakeFirstOrThrow();
      expect(agentRun).toEqual({ source: 'background', agent_id: null, status: 'succeeded' });
      expect(await agentRow(id)).toMatchObject({ run_count: 1 });
      await ctx.app.inject({ method: 'DELETE', url: '/api/v1/admin/credentials/connector/hubspot', headers: admin.headers });
    });

    it('refuses Run now for drafts, members and other libraries’ agents', async () => {
      const draft = await insertAgent({}, 'draft');
      const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/background-agents/${draft}/run`, headers: admin.headers });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: 'Publish the agent before running it.' });
      const active = await insertAgent();
      expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/background-agents/${active}/run`, headers: member.headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/background-agents/${active}/run` })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/background-agents/nope/run`, headers: admin.headers })).statusCode).toBe(404);
    });

    it('delivers by email (SMTP, the PDF attached), Slack, SMS and a signed webhook', async () => {
      await setCredential('slack_webhook', { webhookUrl: `${hooks.url}/slack` });
      await setCredential('sms', { accountSid: 'AC123', authToken: 'sms-secret', from: '+15550001111', baseUrl: `${hooks.url}/sms` });
      const id = await insertAgent({
        outputFormat: 'pdf',
        deliveryChannels: ['email', 'slack', 'sms', 'webhook', 'dashboard'],
        emailRecipients: 'ops@accent.test, lead@accent.test',
        smsRecipients: '+15557654321',
        webhookUrl: `${hooks.url}/hook`,
        dataSources: ['pipedrive'],
      });
      model.setDefaultReply({ text: '3 deals are stalled: Acme, Globex, Initech.' });
      const run = await runNow(id);
      expect(run.status).toBe('succeeded');
      expect(run.deliveries.map((d) => [d.channel, d.status])).toEqual([
        ['dashboard', 'sent'],
        ['email', 'sent'],
        ['slack', 'sent'],
        ['sms', 'sent'],
        ['webhook', 'sent'],
      ]);

      // email: both recipients, the PDF attached
      const mail = smtp.messages[0];
      expect(mail.to.sort()).toEqual(['lead@accent.test', 'ops@accent.test']);
      expect(mail.headers.subject).toBe('Deal Watcher: new result');
      expect(mail.raw).toContain('application/pdf');
      const pdfBase64 = /Content-Disposition: attachment; filename=Deal-Watcher\.pdf\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/i.exec(mail.raw)?.[1];
      expect(Buffer.from(pdfBase64!.replace(/\s/g, ''), 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // slack: Block Kit to the stored incoming webhook
      const slack = hooks.requests.find((r) => r.path === '/slack')!;
      expect(JSON.parse(slack.body).blocks[0]).toMatchObject({ type: 'header', text: { text: 'Deal Watcher' } });

      // sms: the Twilio Messages API with basic auth
      const sms = hooks.requests.find((r) => r.path === '/sms/2010-04-01/Accounts/AC123/Messages.json')!;
      expect(sms.headers.authorization).toBe(`Basic ${Buffer.from('AC123:sms-secret').toString('base64')}`);
      expect(Object.fromEntries(new URLSearchParams(sms.body))).toEqual({ To: '+15557654321', From: '+15550001111', Body: 'Deal Watcher: 3 deals are stalled: Acme, Globex, Initech.' });

      // webhook: the signature verifies with the library's secret (as an administrator reads it)
      const hook = hooks.requests.find((r) => r.path === '/hook')!;
      const { secret } = (await ctx.app.inject({ method: 'GET', url: '/api/v1/missions/webhook-secret', headers: admin.headers })).json<{ secret: string }>();
      expect(hook.headers['x-accent-signature']).toBe(`sha256=${createHmac('sha256', secret).update(hook.body).digest('hex')}`);
      const payload = JSON.parse(hook.body);
      expect(payload).toMatchObject({ event: 'background_agent.run.finished', agent: { id, name: 'Deal Watcher' }, output: '3 deals are stalled: Acme, Globex, Initech.', document: { format: 'pdf', content_type: 'application/pdf' } });
      expect(Buffer.from(payload.document.body_base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // the run's document downloads as the PDF
      const doc = await ctx.app.inject({ method: 'GET', url: `/api/v1/background-agents/${id}/runs/${run.id}/document`, headers: admin.headers });
      expect(doc.statusCode).toBe(200);
      expect(doc.headers['content-type']).toBe('application/pdf');
      expect(doc.headers['content-disposition']).toMatch(/^attachment; filename="Deal-Watcher-\d{4}-\d\d-\d\d-\d\d-\d\d\.pdf"$/);
      expect(doc.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      for (const key of ['slack_webhook', 'sms']) await ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/credentials/connector/${key}`, headers: admin.headers });
    });

    it('formats a list of records as csv and json that parse', async () => {
      const records = [
        { company: 'Acme, Inc.', score: 92, note: 'said "soon"' },
        { company: 'Globex', score: 71, note: 'idle' },
      ];
      model.setDefaultReply({ text: '```json\n' + JSON.stringify(records) + '\n```' });
      for (const format of ['csv', 'json'] as const) {
        const id = await insertAgent({ outputFormat: format, dataSources: ['pipedrive'] });
        const run = await runNow(id);
        const doc = await ctx.app.inject({ method: 'GET', url: `/api/v1/background-agents/${id}/runs/${run.id}/document`, headers: admin.headers });
        expect(doc.statusCode).toBe(200);
        if (format === 'json') {
          expect(JSON.parse(doc.body).rows).toEqual(records);
        } else {
          expect(doc.headers['content-type']).toMatch(/^text\/csv/);
          expect(doc.body).toBe('company,score,note\r\n"Acme, Inc.",92,"said ""soon"""\r\nGlobex,71,idle\r\n');
        }
      }
    });

    it('retries a failing run maxRetries times, retryDelay apart, then pauses the agent and emails errorNotifications', async () => {
      model.setDefaultReply({ status: 500, error: 'model exploded' });
      const id = await insertAgent({ maxRetries: 2, retryDelay: 1, pauseOnError: true, errorNotifications: 'oncall@accent.test', dataSources: ['pipedrive'] });
      // max_retries of the step is the runtime's own retry; the agent's retries are jobs
      const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/background-agents/${id}/run`, headers: admin.headers });
      expect(response.statusCode).toBe(202);
      // one run row: each retry continues it and counts its attempt
      const seen: number[] = [];
      const runs = await waitFor(async () => {
        const all = await runsOf(id);
        if (all[0] && !seen.includes(all[0].attempt)) seen.push(all[0].attempt);
        return all.length === 1 && all[0].attempt === 3 && all[0].status === 'failed' ? all : null;
      }, 'three failed attempts', 35_000);
      expect(runs.map((r) => [r.attempt, r.max_attempts])).toEqual([[3, 3]]);
      expect(seen[0]).toBeLessThan(3);
      expect(runs[0].error).toMatch(/model exploded/);
      // retryDelay 1 "minute" = 1 s here: attempts (each an agent run) are at least that far apart
      const attempts = await db()
        .selectFrom('agent_runs')
        .select(['started_at', 'finished_at'])
        .where('id', 'in', (await db().selectFrom('agent_runs').select('id').where('agent_name', '=', 'background: Deal Watcher').where('started_at', '>=', runs[0].created_at).execute()).map((r) => r.id))
        .orderBy('started_at')
        .execute();
      expect(attempts).toHaveLength(3);
      for (let i = 1; i < attempts.length; i++) expect(attempts[i].started_at.getTime() - attempts[i - 1].finished_at!.getTime()).toBeGreaterThanOrEqual(900);
      await waitFor(async () => (await agentRow(id)).status === 'paused', 'the agent to be paused');
      const mail = await waitFor(async () => smtp.messages.find((m) => m.to.includes('oncall@accent.test')), 'the error notification');
      expect(mail.headers.subject).toBe('Background agent "Deal Watcher" failed and was paused');
      expect(mail.body).toContain('model exploded');
      // paused agents are not scheduled
      expect((await ctx.app.scheduler.boss().getSchedules(BACKGROUND_QUEUES.run)).some((s) => s.key === id)).toBe(false);
    });

    it('a retry delivers only to the channels earlier attempts did not reach', async () => {
      hooks.status = 500;
      const id = await insertAgent({ maxRetries: 1, retryDelay: 1, deliveryChannels: ['dashboard', 'webhook'], webhookUrl: `${hooks.url}/flaky`, dataSources: ['pipedrive'] });
      await ctx.app.inject({ method: 'POST', url: `/api/v1/background-agents/${id}/run`, headers: admin.headers });
      const [first] = await waitFor(async () => {
        const all = await runsOf(id);
        return all.length === 1 && all[0].status === 'failed' ? all : null;
      }, 'the first attempt to fail');
      hooks.status = 200;
      expect(first.deliveries.map((d) => [d.channel, d.status])).toEqual([
        ['dashboard', 'sent'],
        ['webhook', 'failed'],
      ]);
      expect(first.error).toBe('Delivery failed: webhook');
      const second = await waitFor(async () => (await runsOf(id)).find((r) => r.attempt === 2 && r.status === 'succeeded'), 'the retry to succeed');
      // the same row, attempt 2: the feed entry of the first attempt is kept, the webhook is sent now
      expect(second.id).toBe(first.id);
      expect(await runsOf(id)).toHaveLength(1);
      expect(second.deliveries).toEqual([
        { channel: 'dashboard', status: 'sent', detail: 'Added to the results feed' },
        { channel: 'webhook', status: 'sent', detail: 'Delivered (HTTP 200)' },
      ]);
      expect(hooks.requests.filter((r) => r.path === '/flaky')).toHaveLength(2);
    });

    it('a job retried after its process died continues the same run row (attempt 2), which the sweep had marked interrupted', async () => {
      const id = await insertAgent({ dataSources: ['pipedrive'] });
      const agent = await agentRow(id);
      const jobId = randomUUID();
      // the first attempt's process died mid-run: its row is left running, its lease expired
      const lost = await db()
        .insertInto('background_runs')
        .values({ agent_id: id, library_id: agent.library_id, owner_id: agent.owner_id, agent_name: 'Deal Watcher', trigger: 'schedule', status: 'running', format: 'markdown', started_at: new Date(), attempt: 1, max_attempts: 4, job_id: jobId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`UPDATE background_runs SET lease_expires_at = now() - interval '1 second' WHERE id = ${lost.id}`.execute(db());
      expect(await ctx.app.runLeases.sweep()).toContainEqual({ table: 'background_runs', id: lost.id });
      expect(await runRow(lost.id)).toMatchObject({ status: 'failed', error: RUN_INTERRUPTED });
      // pg-boss hands the job out again (its heartbeat was lost): the same job, retryCount 1
      const job = { id: jobId, name: BACKGROUND_QUEUES.run, data: { agentId: id, libraryId: agent.library_id, trigger: 'schedule' as const }, retryCount: 1, retryLimit: 3, createdOn: new Date(), signal: new AbortController().signal };
      await ctx.app.background.runner.handleJob(job as unknown as Parameters<typeof ctx.app.background.runner.handleJob>[0]);
      const runs = await runsOf(id);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ id: lost.id, status: 'succeeded', attempt: 2, max_attempts: 4, error: null, job_id: jobId });
    });

    it('pauses even when pauseOnError was stored false: loading turns it into true (spec §4.4)', async () => {
      model.setDefaultReply({ status: 500, error: 'still broken' });
      const id = await insertAgent({ maxRetries: 1, retryDelay: 1, pauseOnError: false, dataSources: ['pipedrive'] });
      await ctx.app.inject({ method: 'POST', url: `/api/v1/background-agents/${id}/run`, headers: admin.headers });
      await waitFor(async () => (await runsOf(id)).some((r) => r.attempt === 2 && r.status === 'failed'), 'two failed attempts', 30_000);
      await waitFor(async () => (await agentRow(id)).status === 'paused', 'the agent to be paused');
    });
  });

  describe('permissions', () => {
    it('offers only the tools the permissions allow, and refuses CRM writes without write_crm', async () => {
      const id = await insertAgent({ permissions: ['read_crm'], dataSources: ['pipedrive'] });
      model.reply({ toolCalls: [{ name: 'hubspot_api', arguments: { action: 'create', object_type: 'deals', properties: { dealname: 'Fake' } } }] }, { text: 'Could not write.' });
      const run = await runNow(id);
      const offered = model.requests[0].body.tools?.map((t) => t.function.name).sort();
      expect(offered).toEqual(['find_document', 'hubspot_api', 'internal_knowledge_base_search', 'library_file_reader', 'salesforce_api'].sort());
      const trace = await ctx.database.db.selectFrom('agent_runs').select('trace').where('id', '=', run.agent_run_id!).executeTakeFirstOrThrow();
      const call = (trace.trace as { steps: { tool_calls: { tool: string; error: string | null }[] }[] }).steps[0].tool_calls[0];
      expect(call).toMatchObject({ tool: 'HubSpot API', error: 'This background agent may read the CRM but not write to it (permission write_crm).' });
      // no request reached HubSpot
      expect(hooks.requests.filter((r) => r.path.startsWith('/crm'))).toHaveLength(0);

      model.reset();
      const none = await insertAgent({ permissions: [], dataSources: ['pipedrive'] });
      await runNow(none);
      expect(model.requests[0].body.tools?.map((t) => t.function.name).sort()).toEqual(['find_document', 'internal_knowledge_base_search', 'library_file_reader']);

      model.reset();
      const slack = await insertAgent({ permissions: ['post_slack', 'web_scraping'], dataSources: ['pipedrive'] });
      await runNow(slack);
      expect(model.requests[0].body.tools?.map((t) => t.function.name)).toEqual(expect.arrayContaining(['slack_send_channel_message', 'google_search', 'serp_api']));
      expect(model.requests[0].body.tools?.map((t) => t.function.name)).not.toContain('hubspot_api');
    });
  });

  describe('Test Configuration', () => {
    it('runs the unsaved configuration once and says what each channel would do, delivering and storing nothing', async () => {
      await setCredential('slack_webhook', { webhookUrl: `${hooks.url}/slack` });
      const runsBefore = await db().selectFrom('background_runs').select('id').execute();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/background-agents/test',
        headers: admin.headers,
        payload: {
          config: baseConfig({ name: 'Unsaved', outputFormat: 'html', deliveryChannels: ['email', 'slack', 'webhook', 'dashboard', 'sms'], webhookUrl: `${hooks.url}/hook`, dataSources: ['news_apis'] }),
        },
      });
      expect(response.statusCode).toBe(200);
      const result = response.json<BackgroundTestResult>();
      expect(result.status).toBe('failed'); // sms: no provider connected
      expect(result.formatted).toMatch(/^<!doctype html>/);
      // no Serp API, then no Google Search credentials
      expect(result.sources).toEqual([{ source: 'news_apis', status: 'not_connected', detail: 'Google Search is not connected. An administrator can add its credentials in Admin → Connectors.' }]);
      expect(result.deliveries).toEqual([
        { channel: 'dashboard', status: 'dry_run', detail: 'Would add the result to the results feed' },
        { channel: 'email', status: 'dry_run', detail: 'Would email admin@accent.local' },
        { channel: 'slack', status: 'dry_run', detail: 'Would post to the library’s Slack incoming webhook' },
        { channel: 'sms', status: 'failed', detail: 'SMS is not connected: an administrator can add the SMS provider in Admin → Credentials.' },
        { channel: 'webhook', status: 'dry_run', detail: `Would POST the signed result to ${hooks.url}/hook` },
      ]);
      expect(smtp.messages).toHaveLength(0);
      expect(hooks.requests).toHaveLength(0);
      expect(await db().selectFrom('background_runs').select('id').execute()).toEqual(runsBefore);
      // members cannot
      expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/background-agents/test', headers: member.headers, payload: { config: baseConfig() } })).statusCode).toBe(403);
      await ctx.app.inject({ method: 'DELETE', url: '/api/v1/admin/credentials/connector/slack_webhook', headers: admin.headers });
    });
  });

  describe('events', () => {
    it('runs an event agent on a signed POST, with the event given to the agent; refuses bad signatures', async () => {
      const id = await insertAgent({ scheduleType: 'event', interval: '', dataSources: ['pipedrive'] });
      const { secret } = (await ctx.app.inject({ method: 'GET', url: '/api/v1/background-agents/event-secret', headers: admin.headers })).json<{ secret: string }>();
      // the outgoing webhook secret is another one: a receiver of webhooks cannot start agents
      const webhook = (await ctx.app.inject({ method: 'GET', url: '/api/v1/missions/webhook-secret', headers: admin.headers })).json<{ secret: string }>();
      expect(webhook.secret).not.toBe(secret);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/background-agents/event-secret', headers: member.headers })).statusCode).toBe(403);
      const trigger = (await ctx.app.inject({ method: 'GET', url: `/api/v1/background-agents/${id}/event-trigger`, headers: admin.headers })).json<{ url: string; signature_header: string }>();
      expect(trigger.url).toMatch(new RegExp(`/api/v1/background-agents/${id}/events$`));
      const body = JSON.stringify({ deal: 'Acme', stage: 'lost' });
      const sign = (text: string) => `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`;
      const post = (signature: string, payload = body) =>
        ctx.app.inject({ method: 'POST', url: `/api/v1/background-agents/${id}/events`, headers: { 'content-type': 'application/json', [trigger.signature_header]: signature }, payload });
      expect((await post('sha256=nope')).statusCode).toBe(401);
      expect((await post(`sha256=${createHmac('sha256', webhook.secret).update(body).digest('hex')}`)).statusCode).toBe(401);
      expect((await post(sign(body), JSON.stringify({ deal: 'Acme', stage: 'won' }))).statusCode).toBe(401);
      const accepted = await post(sign(body));
      expect(accepted.statusCode).toBe(202);
      const run = await waitFor(async () => {
        const r = await runRow(accepted.json<{ run_id: string }>().run_id);
        return r && r.status === 'succeeded' ? r : null;
      }, 'the event run');
      expect(run.trigger).toBe('event');
      expect(JSON.stringify(model.requests[0].body.messages)).toContain('\\"deal\\": \\"Acme\\"');
      // an interval agent takes no events
      const interval = await insertAgent({ dataSources: ['pipedrive'] });
      const refused = await ctx.app.inject({ method: 'POST', url: `/api/v1/background-agents/${interval}/events`, headers: { 'content-type': 'application/json', [trigger.signature_header]: sign(body) }, payload: body });
      expect(refused.statusCode).toBe(404);
    });
  });
});
