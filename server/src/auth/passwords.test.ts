import { randomBytes, scryptSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from '@jest/globals';
import {
  ARGON2_PARAMS,
  createHashPool,
  HashPoolBusyError,
  hashPassword,
  hashPasswordScrypt,
  needsRehash,
  SCRYPT_PARAMS,
  verifyPassword,
} from './passwords.js';

describe('passwords', () => {
  it("hashes with Argon2id at OWASP's cost (19 MiB, t=2, p=1), the parameters stored beside the hash", async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(ARGON2_PARAMS).toEqual({ memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 });
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(await verifyPassword('correct horse', 'bcrypt$whatever')).toBe(false);
    // each hash has its own salt
    expect(await hashPassword('correct horse')).not.toBe(stored);
  });

  it("keeps verifying the scrypt hashes earlier versions stored (OWASP's scrypt cost), and marks them for an upgrade", async () => {
    const stored = await hashPasswordScrypt('correct horse');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=1,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  }, 30_000);

  it('keeps verifying hashes made at the earlier cost (N=2^14)', async () => {
    const salt = randomBytes(16);
    const old = [
      'scrypt',
      16384,
      8,
      1,
      salt.toString('base64'),
      scryptSync('accent-admin', salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64'),
    ].join('$');
    expect(await verifyPassword('accent-admin', old)).toBe(true);
    expect(await verifyPassword('accent-member', old)).toBe(false);
  });

  it("leaves libuv's thread pool free: a file read finishes while a burst of sign-ins is still hashing", async () => {
    const order: string[] = [];
    const hashes = Array.from({ length: 6 }, () => hashPasswordScrypt('burst').then(() => order.push('hash')));
    await readFile(new URL(import.meta.url)).then(() => order.push('read'));
    await Promise.all(hashes);
    expect(order[0]).toBe('read');
    expect(order).toHaveLength(7);
  }, 30_000);
});

describe('createHashPool', () => {
  const pool = createHashPool(1);
  afterAll(() => pool.close());

  it('queues hashes beyond its size and answers each with its own key', async () => {
    const salt = randomBytes(16);
    const options = { N: 1024, r: 8, p: 1 };
    const keys = ['a', 'b', 'c'].map((password) => pool.scrypt(password, salt, 32, options));
    expect(pool.queued).toBe(2);
    const got = await Promise.all(keys);
    expect(got.map((k) => k.toString('hex'))).toEqual(['a', 'b', 'c'].map((password) => scryptSync(password, salt, 32, options).toString('hex')));
    expect(pool.queued).toBe(0);
  });

  it('refuses at once what cannot finish in time, with the seconds to wait, once it has measured its hashes', async () => {
    const salt = randomBytes(16);
    const slow = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
    await pool.scrypt('measure', salt, 32, slow);
    const queued = Array.from({ length: 6 }, () => pool.scrypt('q', salt, 32, slow));
    const tooLong = pool.estimatedFinishMs('scrypt');
    expect(tooLong).toBeGreaterThan(0);
    const refused = pool.scrypt('late', salt, 32, slow, { maxWaitMs: tooLong / 2 });
    await expect(refused).rejects.toBeInstanceOf(HashPoolBusyError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: Math.max(1, Math.ceil(tooLong / 1000)) });
    // a generous limit queues it
    const accepted = pool.scrypt('late', salt, 32, slow, { maxWaitMs: tooLong * 10 });
    expect(pool.queued).toBe(6);
    await Promise.all([...queued, accepted]);
  }, 30_000);

  it('drops queued work whose caller left: the queue shrinks at once and the rest still run', async () => {
    const salt = randomBytes(16);
    const options = { N: 2 ** 14, r: 8, p: 1 };
    const first = pool.scrypt('first', salt, 32, options);
    const callers = Array.from({ length: 5 }, () => new AbortController());
    const left = callers.map((c) => pool.scrypt('left', salt, 32, options, { signal: c.signal }));
    expect(pool.queued).toBe(5);
    for (const c of callers) c.abort(new Error('the client closed the request'));
    expect(pool.queued).toBe(0);
    for (const p of left) await expect(p).rejects.toThrow('the client closed the request');
    expect((await first).length).toBe(32);
  }, 30_000);

  it('rejects impossible parameters with the reason, and keeps working', async () => {
    await expect(pool.scrypt('x', randomBytes(16), 32, { N: 3 })).rejects.toThrow(/^scrypt failed: Invalid scrypt params/);
    expect((await pool.scrypt('x', Buffer.from('salt'), 16, { N: 1024 })).length).toBe(16);
  });
});
