// Contents in S3-compatible object storage (STORAGE_S3_*): the same /storage/v1 through supabase-js,
// against a local s3rver the test starts (a real S3 protocol server on a temporary folder). What S3 holds
// is read back with the AWS SDK itself, so the test sees the bytes where they really are.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { SupabaseClient } from '@supabase/supabase-js';
import S3rver from 's3rver';
import { createTestContext, importCreateClient, listenOnLoopback, loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';

jest.setTimeout(60_000);

const BUCKET = 'accent-test';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let s3server: S3rver;
let endpoint: string;
let ctx: TestContext;
let baseUrl: string;
let member: SignedIn;
let createClient: typeof import('@supabase/supabase-js').createClient;

const storage = (): SupabaseClient['storage'] =>
  createClient(baseUrl, 'anon', { accessToken: async () => member.token, realtime: { transport: class {} as never } }).storage;

async function keysInS3(): Promise<string[]> {
  const s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: KEYS });
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  s3.destroy();
  return (listed.Contents ?? []).map((o) => o.Key!);
}

beforeAll(async () => {
  createClient = await importCreateClient();
  s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: mkdtempSync(join(tmpdir(), 'accent-s3-')) });
  const address = (await s3server.run()) as { port: number };
  endpoint = `http://127.0.0.1:${address.port}`;
  ctx = await createTestContext({
    env: {
      STORAGE_S3_BUCKET: BUCKET,
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      STORAGE_S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
      STORAGE_FILE_SIZE_LIMIT: String(1024 * 1024),
    },
  });
  baseUrl = await listenOnLoopback(ctx.app);
  member = await loginMember(ctx.app);
});

afterAll(async () => {
  await ctx?.close();
  await s3server?.close();
});

describe('S3-compatible contents', () => {
  it('creates its bucket, and the demo documents moved in at start are in S3', async () => {
    expect(ctx.app.storage.backend.kind).toBe('s3');
    const keys = await keysInS3();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/.test(k))).toBe(true);
  });

  it('uploads, downloads, replaces, copies, signs and removes with the contents in S3', async () => {
    const s = storage().from('documents');
    const before = new Set(await keysInS3());
    expect((await s.upload('s3/hello.txt', 'hello from S3', { contentType: 'text/plain' })).error).toBeNull();
    const added = (await keysInS3()).filter((k) => !before.has(k));
    expect(added).toHaveLength(1);
    expect(await (await s.download('s3/hello.txt')).data?.text()).toBe('hello from S3');

    expect((await s.upload('s3/hello.txt', 'hello again', { upsert: true, contentType: 'text/plain' })).error).toBeNull();
    expect(await (await s.download('s3/hello.txt')).data?.text()).toBe('hello again');
    // the replaced version is gone from S3
    expect((await keysInS3()).filter((k) => !before.has(k))).toHaveLength(1);

    expect((await s.copy('s3/hello.txt', 's3/copy.txt')).error).toBeNull();
    const signed = await s.createSignedUrl('s3/copy.txt', 60);
    expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('hello again');
    const part = await fetch(signed.data!.signedUrl, { headers: { range: 'bytes=6-10' } });
    expect([part.status, await part.text()]).toEqual([206, 'again']);

    expect((await s.remove(['s3/hello.txt', 's3/copy.txt'])).data).toHaveLength(2);
    expect(new Set(await keysInS3())).toEqual(before);
  });

  it('an upload over the limit leaves nothing in S3', async () => {
    const before = await keysInS3();
    const big = await storage().from('documents').upload('s3/big.txt', 'z'.repeat(2 * 1024 * 1024), { contentType: 'text/plain' });
    expect(big.error).toMatchObject({ status: 413 });
    expect(await keysInS3()).toEqual(before);
  });
});
