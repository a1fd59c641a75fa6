import { randomBytes, scryptSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createHashPool, hashPassword, SCRYPT_PARAMS, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it("hashes at OWASP's scrypt cost, with the parameters stored beside the hash", async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(await verifyPassword('correct horse', 'bcrypt$whatever')).toBe(false);
  });

  it('keeps verifying hashes made at the earlier cost (N=2^14)', async () => {
    const salt = randomBytes(16);
    const old = ['scrypt', 16384, 8, 1, salt.toString('base64'), scryptSync('accent-admin', salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64')].join('$');
    expect(await verifyPassword('accent-admin', old)).toBe(true);
    expect(await verifyPassword('accent-member', old)).toBe(false);
  });

  it("leaves libuv's thread pool free: a file read finishes while a burst of sign-ins is still hashing", async () => {
    const order: string[] = [];
    const hashes = Array.from({ length: 6 }, () => hashPassword('burst').then(() => order.push('hash')));
    await readFile(new URL(import.meta.url)).then(() => order.push('read'));
    await Promise.all(hashes);
    expect(order[0]).toBe('read');
    expect(order).toHaveLength(7);
  });
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

  it('rejects impossible parameters with the reason, and keeps working', async () => {
    await expect(pool.scrypt('x', randomBytes(16), 32, { N: 3 })).rejects.toThrow(/^scrypt failed: Invalid scrypt params/);
    expect((await pool.scrypt('x', Buffer.from('salt'), 16, { N: 1024 })).length).toBe(16);
  });
});
