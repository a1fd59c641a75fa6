// Web and worker roles on one PostgreSQL, as real processes: the web server (SERVER_ROLE=web, here in the
// test's process) serves people and runs no jobs; the worker (SERVER_ROLE=worker, `node server/dist/main.js`,
// built by `pnpm run typecheck` or `pnpm build`) runs the jobs and answers only its probes. A scheduled
// mission runs exactly once although the worker is killed (SIGKILL) before its time and started again
// after it. Both register in the database; a server whose storage folder is not theirs refuses to start.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import type { ServersResponse } from '@accent/shell-common';
import { MISSION_QUEUES } from '../missions/run.js';
import { StorageSplitError } from '../servers/registry.js';
import { WORKER_MESSAGES } from '../servers/routes.js';
import { FAST_JOBS, insertMission, runsOf, saveAgent, sleep, TEST_KEY, waitFor } from '../testing/missions.js';
import { startModelServer, type ModelServer } from '../testing/model-server.js';
import { createPostgresAdmin, POSTGRES_ADMIN as ADMIN, throwawayPostgresSuite } from '../testing/postgres-suite.js';
import { login, startPostgresServer, TEST_JWT_SECRET, type SignedIn, type TestContext } from '../testing/test-app.js';

jest.setTimeout(240_000);

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const { pg, describeWithPostgres } = await throwawayPostgresSuite('roles.test');

const MASTER_KEY = Buffer.alloc(32, 5).toString('base64');

interface Worker {
  child: ChildProcess;
  url: string;
  output: () => string;
}

describeWithPostgres('a web server and a worker on one PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'accent-roles-'));
  let model: ModelServer;
  let web: TestContext;
  let worker: Worker;
  let admin: SignedIn;

  /** The worker as a process of its own, on the web server's database and storage folder. */
  async function startWorker(): Promise<Worker> {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the server first (pnpm run typecheck, or pnpm build)`);
    const child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        SERVER_ROLE: 'worker',
        DATABASE_URL: pg.url,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_ROOT: mkdtempSync(join(tmpdir(), 'accent-static-')),
        JWT_SECRET: TEST_JWT_SECRET,
        ACCENT_MASTER_KEY: MASTER_KEY,
        LOG_LEVEL: 'warn',
        OPENAI_API_KEY: TEST_KEY,
        OPENAI_BASE_URL: model.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the worker exited (${child.exitCode}): ${output}`);
        return /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      },
      'the worker to listen',
      60_000,
    );
    return { child, url: `http://127.0.0.1:${port}`, output: () => output };
  }

  async function kill(target: Worker) {
    if (target.child.exitCode !== null || target.child.signalCode !== null) return;
    const exited = new Promise((resolve) => target.child.once('exit', resolve));
    target.child.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    await createPostgresAdmin(pg.url);
    model = await startModelServer({ apiKey: TEST_KEY });
    web = await startPostgresServer(pg.url, {
      jobs: FAST_JOBS,
      env: { SERVER_ROLE: 'web', DATA_DIR: dataDir, ACCENT_MASTER_KEY: MASTER_KEY, OPENAI_API_KEY: TEST_KEY, OPENAI_BASE_URL: model.url },
    });
    admin = await login(web.app, ADMIN);
    worker = await startWorker();
  }, 120_000);
  afterAll(async () => {
    if (worker) await kill(worker);
    await web?.close();
    await model?.close();
    await pg.stop();
  });

  it('the worker answers its probes and nothing else', async () => {
    const health = await fetch(`${worker.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    for (const path of ['/api/v1/agent/list', '/api/auth/login', '/', '/agents']) {
      const answer = await fetch(`${worker.url}${path}`);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(await answer.json()).toEqual({ detail: WORKER_MESSAGES.notServed });
    }
  });

  it('Admin → Settings lists both servers: role, version, storage, last seen', async () => {
    const answer = await web.app.inject({ method: 'GET', url: '/api/v1/admin/servers', headers: admin.headers });
    expect(answer.statusCode).toBe(200);
    const { servers } = answer.json<ServersResponse>();
    expect(servers.map((s) => s.role).sort()).toEqual(['web', 'worker']);
    for (const server of servers) {
      expect(server).toMatchObject({ live: true, storage_kind: 'folder', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
      expect(server.storage_location).toContain(join(dataDir, 'storage'));
    }
    expect(servers.find((s) => s.this_server)?.role).toBe('web');
    expect(servers.find((s) => s.role === 'worker')?.pid).toBe(worker.child.pid);
    // and a member may not read it
    const member = await web.app.inject({ method: 'GET', url: '/api/v1/admin/servers' });
    expect(member.statusCode).toBe(401);
  });

  it('a server keeping files in another folder refuses to start, naming STORAGE_S3_*', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'accent-elsewhere-'));
    const refused = startPostgresServer(pg.url, { env: { DATA_DIR: elsewhere } });
    await expect(refused).rejects.toThrow(StorageSplitError);
    await expect(refused).rejects.toThrow(
      /keeps files in its own folder \(.*accent-elsewhere-.*\).* keeps them in .*accent-roles-.*STORAGE_S3_BUCKET, STORAGE_S3_ENDPOINT/,
    );
  });

  it('runs a scheduled mission exactly once while the worker is killed before its time and restarted after it', async () => {
    await saveAgent(web, admin, { name: 'Roles Writer', steps: [{ name: 'Answer', query: '', model: { max_retries: 0 } }] });
    // the next minute at least 40 s away
    const at = new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000);
    const time = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
    const id = await insertMission(web, {
      name: 'Worker-killed',
      agent: 'Roles Writer',
      owner: admin,
      prompt: 'exactly once',
      schedule: { type: 'scheduled', frequency: 'daily', time, timezone: 'UTC' },
    });
    // the worker (through NOTIFY) gives it its schedule; the web server keeps none
    await waitFor(() => web.app.scheduler.boss().getSchedule(MISSION_QUEUES.run, id), 'the schedule');

    await sleep(at.getTime() - 15_000 - Date.now());
    await kill(worker);
    await sleep(at.getTime() + 5_000 - Date.now());
    // the occurrence came while no worker ran: the web server did not run it
    expect(await runsOf(web, id)).toEqual([]);
    const restarted = Date.now();
    worker = await startWorker();

    const run = await waitFor(async () => (await runsOf(web, id)).find((r) => r.status === 'succeeded'), 'the scheduled run', 90_000);
    expect(run).toMatchObject({ trigger: 'schedule', output: 'exactly once' });
    expect(run.scheduled_for?.getTime()).toBe(at.getTime());
    expect(run.created_at.getTime()).toBeGreaterThanOrEqual(restarted - 1000);
    // both cron passes and the catch-up had time to double it
    await sleep(10_000);
    expect(await runsOf(web, id)).toHaveLength(1);
  });
});
