import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { createScheduler, ensureQueue, type PgBoss } from '../scheduler/index.js';
import { createTestContext, type TestContext } from '../testing/test-app.js';
import { runStarted } from './metrics.js';
import { runWithContext } from './request-context.js';

jest.setTimeout(60_000);

const METRICS_TOKEN = 'metrics-token-for-the-tests-1234';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('health, readiness, metrics and request ids', () => {
  let ctx: TestContext;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    ctx = await createTestContext({ env: { METRICS_TOKEN, LOG_LEVEL: 'info' }, logStream });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers liveness with status, version and uptime', async () => {
    for (const url of ['/api/health', '/healthz']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = res.json();
      expect(body).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/), uptime: expect.any(Number) });
    }
  });

  it('is ready when the database is reachable and migrated and storage writable; else 503 naming the check', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ready', checks: { database: { status: 'ok' }, storage: { status: 'ok' } } });

    // a newer server on an older schema: not ready until migrated
    const latest = await sql<{ version: string; name: string }>`SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1`.execute(
      ctx.database.db,
    );
    const { version, name } = latest.rows[0];
    await sql`DELETE FROM schema_migrations WHERE version = ${version}`.execute(ctx.database.db);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'not_ready',
        failed: ['database'],
        checks: { database: { status: 'failed' }, storage: { status: 'ok' } },
      });
      expect(res.json().detail).toMatch(new RegExp(`^Not ready: database \\(migrations pending: .* needs ${version}\\)$`));
    } finally {
      await sql`INSERT INTO schema_migrations (version, name) VALUES (${version}, ${name})`.execute(ctx.database.db);
    }
  });

  it('serves Prometheus metrics to loopback callers, with METRICS_TOKEN to others, and to no proxied request without it', async () => {
    runStarted('flow')({ failed: true });
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'accent_http_request_duration_seconds_bucket',
      'accent_http_requests_in_flight',
      'nodejs_eventloop_lag_seconds',
      'accent_runs_started_total{kind="flow"}',
      'accent_runs_failed_total{kind="flow"}',
    ]) {
      expect(res.body).toContain(name);
    }
    expect(res.body).toMatch(/accent_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/);

    // a reverse proxy on this machine connects from loopback: its requests are the internet's
    const proxied = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(401);
    const remote = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer not-the-token-at-all-123' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toMatch(/METRICS_TOKEN/);
    // sign-ins count by method and outcome
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { environment: 'lo-n02', library: 'sales2', email: 'admin@accent.local', password: 'wrong-password' },
    });
    const after = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(after.body).toMatch(/accent_sign_ins_total\{method="password",outcome="refused"\} [1-9]/);
    const right = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('accent_http_requests_in_flight');
  });

  it('never answers an unknown /api path with the HTML page', async () => {
    for (const url of ['/api/nope', '/api/v1/healthz', '/api', '/storage/v1/nope', '/metrics/x']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: expect.stringMatching(/^Not found: GET /) });
    }
  });

  it('takes a sane X-Request-Id, else makes a unique one, sends it back and logs with it', async () => {
    const given = await ctx.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42');
    expect(lines.some((line) => line.reqId === 'lb-7f3a.42')).toBe(true);

    const hostile = await ctx.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': `a b\n${'x'.repeat(10)}` } });
    expect(hostile.headers['x-request-id']).toMatch(UUID);
    const long = await ctx.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'x'.repeat(129) } });
    expect(long.headers['x-request-id']).toMatch(UUID);

    const a = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const b = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
  });
});

describe('jobs queued by a request', () => {
  it('carry its id in their data, and their start and end are logged in its context', async () => {
    const { openDatabase } = await import('../db/database.js');
    const database = await openDatabase({ kind: 'pglite' });
    const logged: { message: string; context: unknown }[] = [];
    const { currentContext } = await import('./request-context.js');
    const log = {
      info: (message: string) => logged.push({ message, context: currentContext() }),
      warn: (message: string) => logged.push({ message, context: currentContext() }),
      error: () => undefined,
    };
    const scheduler = createScheduler(database, { timing: { pollingIntervalSeconds: 0.5 }, stopTimeoutMs: 1000, log });
    const seen: { data: unknown; context: unknown }[] = [];
    scheduler.onStart(async (boss: PgBoss) => {
      await ensureQueue(boss, 'context-test', { retryLimit: 0 });
      await boss.work('context-test', { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) seen.push({ data: job.data, context: currentContext() });
      });
    });
    try {
      await scheduler.start();
      const jobId = await runWithContext({ reqId: 'req-from-lb-1' }, () => scheduler.boss().send('context-test', { what: 'x' }));
      const started = Date.now();
      while (seen.length === 0 && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual([{ data: { what: 'x', requestId: 'req-from-lb-1' }, context: { queue: 'context-test', jobId, reqId: 'req-from-lb-1' } }]);
      while (!logged.some((l) => / ended in /.test(l.message)) && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 50));
      const jobLines = logged.filter((l) => l.message.startsWith('Job context-test'));
      expect(jobLines.map((l) => l.message)).toEqual([
        `Job context-test ${jobId} (request req-from-lb-1) started`,
        expect.stringMatching(new RegExp(`^Job context-test ${jobId} \\(request req-from-lb-1\\) ended in \\d+ ms$`)),
      ]);
      expect(jobLines[0].context).toEqual({ queue: 'context-test', jobId, reqId: 'req-from-lb-1' });
    } finally {
      await scheduler.stop();
      await database.close();
    }
  });
});
