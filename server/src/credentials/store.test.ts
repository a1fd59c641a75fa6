// The credential store's read cache: a model call does not read its provider's key from the database
// each time, yet a key saved or removed is used at once in this process and, through LISTEN/NOTIFY,
// in every other process sharing the database.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { silentLog } from '../scheduler/scheduler.js';
import { waitFor } from '../testing/missions.js';
import { createTestContext, loginAdmin, type TestContext } from '../testing/test-app.js';
import { seal } from './crypto.js';
import { CREDENTIALS_CHANGED_CHANNEL, createCredentialStore } from './store.js';


describe('credential store cache', () => {
  let ctx: TestContext;
  let db: Kysely<DB>;
  let libraryId: string;
  const masterKey = randomBytes(32);

  /** a write made by another server process: the row changes, this process is not told */
  const writeElsewhere = async (key: string, apiKey: string) => {
    const sealed = seal(masterKey, JSON.stringify({ apiKey }), `${libraryId}/provider/${key}`);
    await db
      .insertInto('library_credentials')
      .values({ library_id: libraryId, kind: 'provider', key, ciphertext: sealed.ciphertext, iv: sealed.iv, auth_tag: sealed.authTag, hint: '' })
      .onConflict((oc) => oc.columns(['library_id', 'kind', 'key']).doUpdateSet({ ciphertext: sealed.ciphertext, iv: sealed.iv, auth_tag: sealed.authTag }))
      .execute();
  };

  beforeAll(async () => {
    ctx = await createTestContext({ jobs: { timing: { pollingIntervalSeconds: 0.5 }, stopTimeoutMs: 1000 } });
    db = ctx.database.db;
    libraryId = (await loginAdmin(ctx.app)).body.library_id;
  }, 60_000);
  afterAll(() => ctx.close());

  it('reads a key once, then from memory, and uses a saved or removed key at once', async () => {
    const store = createCredentialStore(db, masterKey, { ttlMs: 600_000 });
    try {
      // absence is kept too (the environment's key is used then)
      expect(await store.get(libraryId, 'provider', 'openai')).toBeUndefined();
      await writeElsewhere('openai', 'sk-elsewhere-0000000001');
      expect(await store.get(libraryId, 'provider', 'openai')).toBeUndefined();

      await store.put({ libraryId, kind: 'provider', key: 'openai', values: { apiKey: 'sk-saved-here-00000001' }, userId: null });
      expect(await store.get(libraryId, 'provider', 'openai')).toEqual({ apiKey: 'sk-saved-here-00000001' });
      await writeElsewhere('openai', 'sk-elsewhere-0000000002');
      expect(await store.get(libraryId, 'provider', 'openai')).toEqual({ apiKey: 'sk-saved-here-00000001' });

      // another store of this process (e.g. the admin routes') saves: every cache here forgets the key
      const other = createCredentialStore(db, masterKey);
      await other.put({ libraryId, kind: 'provider', key: 'openai', values: { apiKey: 'sk-saved-here-00000002' }, userId: null });
      expect(await store.get(libraryId, 'provider', 'openai')).toEqual({ apiKey: 'sk-saved-here-00000002' });
      await other.remove(libraryId, 'provider', 'openai');
      expect(await store.get(libraryId, 'provider', 'openai')).toBeUndefined();
      await other.close();
    } finally {
      await store.close();
    }
  });

  it('keeps the sealed row, never the opened value: a wrong master key still fails on every read', async () => {
    const writer = createCredentialStore(db, masterKey);
    const wrongKey = createCredentialStore(db, randomBytes(32), { ttlMs: 600_000 });
    try {
      await writer.put({ libraryId, kind: 'provider', key: 'anthropic', values: { apiKey: 'sk-ant-0000000000000001' }, userId: null });
      await expect(wrongKey.get(libraryId, 'provider', 'anthropic')).rejects.toThrow();
      await expect(wrongKey.get(libraryId, 'provider', 'anthropic')).rejects.toThrow();
    } finally {
      await writer.close();
      await wrongKey.close();
    }
  });

  it("hears another process's change through LISTEN/NOTIFY", async () => {
    // a TTL far beyond the test: only the notification can make it read again
    const store = createCredentialStore(db, masterKey, { ttlMs: 600_000, listeningTtlMs: 600_000 });
    try {
      store.listenWith(ctx.app.scheduler, silentLog);
      await writeElsewhere('google', 'before-0000000000000001');
      await waitFor(async () => (await store.get(libraryId, 'provider', 'google'))?.apiKey === 'before-0000000000000001', 'the first read');
      await writeElsewhere('google', 'after-00000000000000001');
      expect((await store.get(libraryId, 'provider', 'google'))?.apiKey).toBe('before-0000000000000001');
      // what the other process's save sends after its write (repeated until the listener is up)
      await waitFor(async () => {
        await sql`SELECT pg_notify(${CREDENTIALS_CHANGED_CHANNEL}, ${`${libraryId}/provider/google`})`.execute(db);
        await new Promise((r) => setTimeout(r, 100));
        return (await store.get(libraryId, 'provider', 'google'))?.apiKey === 'after-00000000000000001';
      }, 'the notification');
    } finally {
      await store.close();
    }
  });

  it('without LISTEN, reads again after its short TTL', async () => {
    const store = createCredentialStore(db, masterKey, { ttlMs: 300 });
    try {
      await writeElsewhere('mistral', 'old-0000000000000000001');
      expect((await store.get(libraryId, 'provider', 'mistral'))?.apiKey).toBe('old-0000000000000000001');
      await writeElsewhere('mistral', 'new-0000000000000000001');
      expect((await store.get(libraryId, 'provider', 'mistral'))?.apiKey).toBe('old-0000000000000000001');
      await new Promise((r) => setTimeout(r, 350));
      expect((await store.get(libraryId, 'provider', 'mistral'))?.apiKey).toBe('new-0000000000000000001');
    } finally {
      await store.close();
    }
  });
});
