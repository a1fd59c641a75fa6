import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { agentSaveRequestSchema, type AgentSaveRequest } from '@accent/agents-common';
import { sql, type Kysely } from 'kysely';
import { deleteAgent, restoreVersion, saveAgent } from '../agents/service.js';
import { createCredentialStore } from '../credentials/store.js';
import type { DB } from '../db/schema.js';
import { toJson } from '../db/values.js';
import { startModelServer, type ModelServer } from '../testing/model-server.js';
import { silentLog } from '../scheduler/scheduler.js';
import { waitFor } from '../testing/missions.js';
import { createTestContext, loginAdmin, type TestContext } from '../testing/test-app.js';
import { AGENTS_CHANGED_CHANNEL, createAgentCache } from './agent-cache.js';
import { createRuntime } from './run-agent.js';

const KEY = 'sk-test-agent-cache-0000';

describe('agent cache and run completion', () => {
  let ctx: TestContext;
  let model: ModelServer;
  let db: Kysely<DB>;
  let libraryId: string;
  let userId: string;

  const save = (agent: Partial<AgentSaveRequest> & { name: string }) => saveAgent(db, { libraryId, userId, config: agentSaveRequestSchema.parse(agent) });
  /** a write made by another server process: the row changes, this process is not told */
  const writeElsewhere = (name: string, query: string) =>
    db
      .updateTable('agents')
      .set({ config: toJson(agentSaveRequestSchema.parse({ name, query })) as never })
      .where('library_id', '=', libraryId)
      .where('name', '=', name)
      .execute();

  beforeAll(async () => {
    model = await startModelServer({ apiKey: KEY });
    ctx = await createTestContext({ env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: model.url }, jobs: { timing: { pollingIntervalSeconds: 0.5 }, stopTimeoutMs: 1000 } });
    db = ctx.database.db;
    const admin = await loginAdmin(ctx.app);
    libraryId = admin.body.library_id;
    userId = admin.body.user_id;
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    await model.close();
  });

  it('serves a read agent from memory and forgets it on save, restore and delete in this process', async () => {
    const cache = createAgentCache(db, { ttlMs: 60_000 });
    try {
      await save({ name: 'Cached', query: 'first', settings: { rate_limit: 7 } as AgentSaveRequest['settings'] });
      const first = await cache.get(libraryId, 'Cached');
      expect(first).toMatchObject({ version: 1, config: { query: 'first' }, settings: { rate_limit: 7 } });
      // the same object: nothing was read or validated again
      expect(await cache.get(libraryId, 'Cached')).toBe(first);

      await save({ name: 'Cached', query: 'second' });
      expect(await cache.get(libraryId, 'Cached')).toMatchObject({ version: 2, config: { query: 'second' } });

      await restoreVersion(db, { libraryId, userId, name: 'Cached', version: 1 });
      expect(await cache.get(libraryId, 'Cached')).toMatchObject({ version: 3, config: { query: 'first' } });

      expect(await deleteAgent(db, libraryId, 'Cached')).toBe(true);
      expect(await cache.get(libraryId, 'Cached')).toBeUndefined();
    } finally {
      await cache.close();
    }
  });

  it("hears another process's change through LISTEN/NOTIFY", async () => {
    // a TTL far beyond the test: only the notification can make it read again
    const cache = createAgentCache(db, { ttlMs: 600_000, listeningTtlMs: 600_000 });
    try {
      cache.listenWith(ctx.app.scheduler, silentLog);
      await save({ name: 'Shared', query: 'before' });
      expect((await cache.get(libraryId, 'Shared'))?.config.query).toBe('before');
      await writeElsewhere('Shared', 'after');
      // still the cached configuration: the other process's write was not announced yet
      expect((await cache.get(libraryId, 'Shared'))?.config.query).toBe('before');
      // what the other process's save sends after its commit (repeated until the listener is up)
      await waitFor(async () => {
        await sql`SELECT pg_notify(${AGENTS_CHANGED_CHANNEL}, ${`${libraryId}/Shared`})`.execute(db);
        await new Promise((r) => setTimeout(r, 100));
        return (await cache.get(libraryId, 'Shared'))?.config.query === 'after';
      }, 'the notification');
    } finally {
      await cache.close();
    }
  });

  it('without LISTEN, reads again after its short TTL', async () => {
    const cache = createAgentCache(db, { ttlMs: 300 });
    try {
      await save({ name: 'Brief', query: 'old' });
      expect((await cache.get(libraryId, 'Brief'))?.config.query).toBe('old');
      await writeElsewhere('Brief', 'new');
      expect((await cache.get(libraryId, 'Brief'))?.config.query).toBe('old');
      await new Promise((r) => setTimeout(r, 350));
      expect((await cache.get(libraryId, 'Brief'))?.config.query).toBe('new');
    } finally {
      await cache.close();
    }
  });

  it('creates the run row (running) before the model call and completes it only once the answer is out', async () => {
    const runtime = createRuntime({
      db,
      config: { providerEnv: { openai: { apiKey: KEY, baseUrl: model.url } }, connectorBaseUrls: {} as never },
      credentials: createCredentialStore(db, randomBytes(32)),
    });
    try {
      await save({ name: 'Deferred', steps: [{ name: 'Answer', query: 'Say {{query}}', model: { provider: 'openai', model: 'gpt-4o-mini' } }] as AgentSaveRequest['steps'] });
      const runRow = () => db.selectFrom('agent_runs').select(['id', 'status', 'output', 'model_ms', 'trace']).where('library_id', '=', libraryId).where('agent_name', '=', 'Deferred').executeTakeFirst();

      model.reply({ text: 'hello', delayMs: 400 });
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const user = { id: userId, email: 'admin', role: 'admin' as const, team: null, libraryId };
      const running = runtime.runAgent({ libraryId, user, agentName: 'Deferred', query: 'hi', params: {}, threadId: '', useHistory: false, saveHistory: false, maxHistoryItems: 0, source: 'api', answered });

      // while the model is still answering, the run is already recorded (a crash would leave it, marked running)
      await waitFor(async () => (await runRow()) !== undefined, 'the run row');
      expect(await runRow()).toMatchObject({ status: 'running', output: null });

      const result = await running;
      expect(result.output).toBe('hello');
      // answered, but the response is not out yet: the row is not completed
      await new Promise((r) => setTimeout(r, 50));
      expect(await runRow()).toMatchObject({ id: result.runId, status: 'running' });

      answer();
      await runtime.recorded();
      const done = await runRow();
      expect(done).toMatchObject({ status: 'succeeded', output: 'hello' });
      expect(done?.model_ms).toBeGreaterThanOrEqual(300);
      expect(done?.trace?.steps).toHaveLength(1);
    } finally {
      await runtime.close();
    }
  });
});
