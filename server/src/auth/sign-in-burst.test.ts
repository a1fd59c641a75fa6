// A burst of sign-ins: each is answered within seconds (signed in, or 503 with Retry-After and words), a
// sign-in after the burst is quick, and the hashes of callers who left are dropped from the queue.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { waitFor } from '../testing/missions.js';
import { createTestContext, createUser, type TestContext } from '../testing/test-app.js';
import { hashPasswordScrypt, passwordHashPool, verifyPassword } from './passwords.js';
import { AUTH_MESSAGES, SIGN_IN_MAX_WAIT_MS, signInQueue } from './routes.js';
import { POOL_SIZE } from './passwords.js';

const { admin, environment, library } = DEMO_CREDENTIALS;
const BURST = 200;

describe('a burst of sign-ins', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      auth: {
        loginFailureDelayMs: 0,
        loginRateLimit: { max: 10_000, windowMs: 60_000 },
        loginAddressRateLimit: { max: 10_000, windowMs: 60_000 },
        signInMaxWaitMs: SIGN_IN_MAX_WAIT_MS,
      },
    });
  }, 120_000);
  afterAll(() => ctx.close());

  const signIn = async (address: string) => {
    const started = performance.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      payload: { environment, library, email: admin.email, password: admin.password },
    });
    return {
      ms: performance.now() - started,
      status: response.statusCode,
      retryAfter: response.headers['retry-after'],
      detail: response.statusCode === 200 ? '' : (response.json() as { detail: string }).detail,
    };
  };

  it(`answers ${BURST} simultaneous sign-ins from ${BURST} addresses within 10 s: signed in, or 503 with Retry-After in words`, async () => {
    expect((await signIn('10.1.0.1')).status).toBe(200); // measured once
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => signIn(`10.2.${i >> 8}.${i & 255}`)));
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(10);
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 503);
    expect(ok.length + busy.length).toBe(BURST);
    expect(ok.length).toBeGreaterThan(0);
    for (const a of busy) {
      const wait = Number(a.retryAfter);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(a.detail).toBe(AUTH_MESSAGES.busy(wait));
    }
    // and right after, one more person signs in without waiting behind the burst
    const later = await signIn('10.3.0.1');
    expect(later.status).toBe(200);
    expect(later.ms).toBeLessThan(1000);
  }, 60_000);

  it('lets a burst wait in its own line: at most one sign-in more than the hashing workers works at once', async () => {
    // a server that lets sign-ins wait, so the whole burst is admitted and lines up
    const patient = await createTestContext({ auth: { loginFailureDelayMs: 0, signInMaxWaitMs: 120_000 } });
    let most = 0;
    let longest = 0;
    let sampling = true;
    const sample = async () => {
      while (sampling) {
        most = Math.max(most, signInQueue.active);
        longest = Math.max(longest, signInQueue.waiting);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const sampled = sample();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        patient.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: `10.4.0.${i}`, payload: { environment, library, email: admin.email, password: admin.password } }),
      ),
    );
    sampling = false;
    await sampled;
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    // before the line, each sign-in sent its lookup at once: another user's query waited behind all of them
    expect(most).toBe(POOL_SIZE + 1);
    expect(longest).toBeGreaterThan(30);
    await patient.close();
  }, 120_000);

  it('drops the hashes of sign-ins whose client closed the connection', async () => {
    // a server that lets sign-ins wait, and a user whose hash is slow (scrypt, as earlier versions stored
    // it): its checks stay queued long enough to see them go
    const patient = await createTestContext({ auth: { loginFailureDelayMs: 0, signInMaxWaitMs: 120_000 } });
    const email = 'slow-hash@accent.local';
    const id = await createUser(patient.database, { environment, library, email, password: 'slow-password', role: 'member' });
    await patient.database.db
      .updateTable('users')
      .set({ password_hash: await hashPasswordScrypt('slow-password') })
      .where('id', '=', id)
      .execute();
    const address = await patient.app.listen({ port: 0, host: '127.0.0.1' });
    const callers = Array.from({ length: 8 }, () => new AbortController());
    const requests = callers.map((c) =>
      fetch(`${address}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ environment, library, email, password: 'wrong-password' }),
        signal: c.signal,
      }).then(
        (response) => response.status,
        () => 'left',
      ),
    );
    // in line for their turn (the ones working wait for their hash)
    await waitFor(async () => signInQueue.waiting >= 6, 'sign-ins waiting for their turn');
    for (const c of callers) c.abort();
    expect(await Promise.all(requests)).toEqual(callers.map(() => 'left'));
    // at once, not a scrypt hash (~0.3 s) per abandoned sign-in later
    await waitFor(async () => signInQueue.waiting === 0 && passwordHashPool.queued === 0, 'the abandoned sign-ins to leave the line and the hash queue', 300);
    await patient.close();
  }, 120_000);

  it("upgrades a scrypt hash to Argon2id at the user's next sign-in, and the password keeps working", async () => {
    const email = 'old-hash@accent.local';
    const id = await createUser(ctx.database, { environment, library, email, password: 'old-password', role: 'member' });
    const old = await hashPasswordScrypt('old-password');
    await ctx.database.db.updateTable('users').set({ password_hash: old }).where('id', '=', id).execute();
    const storedHash = () => ctx.database.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();

    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { environment, library, email, password: 'not-it' } });
    expect(wrong.statusCode).toBe(401);
    expect((await storedHash()).password_hash).toBe(old); // only a right password upgrades

    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { environment, library, email, password: 'old-password' },
    });
    expect(first.statusCode).toBe(200);
    const upgraded = await waitFor(async () => {
      const { password_hash } = await storedHash();
      return password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$') && password_hash;
    }, 'the upgraded hash');
    expect(await verifyPassword('old-password', upgraded)).toBe(true);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { environment, library, email, password: 'old-password' },
    });
    expect(again.statusCode).toBe(200);
  }, 30_000);
});
