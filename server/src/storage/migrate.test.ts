// `npm run storage -- migrate`: the originals move from the folder to a real S3 protocol server (s3rver)
// and back, each checked against the checksum recorded at upload; a second run skips what is there, a
// damaged copy in the target is copied again, and a damaged source is reported, not copied.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import S3rver from 's3rver';
import { createTestContext, loginAdmin, type TestContext } from '../testing/test-app.js';
import { contentKey, filesystemBackend, s3Backend, type StorageBackend } from './backend.js';
import { migrateStorage, STORAGE_MIGRATE_MESSAGES } from './migrate.js';

jest.setTimeout(60_000);

let s3server: S3rver;
let ctx: TestContext;
let bucket: ReturnType<typeof s3Backend>;
let folder: StorageBackend;
let folderRoot: string;
const files: Record<string, Buffer> = {
  'plan.md': Buffer.from('# The plan\n'.repeat(500)),
  'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 4000 }, (_, i) => i % 256)]),
  'notes/empty.txt': Buffer.alloc(0),
};
const keys: string[] = [];

const bytesOf = async (backend: StorageBackend, key: string) => {
  const stream = await backend.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

beforeAll(async () => {
  s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: mkdtempSync(join(tmpdir(), 'accent-s3-')) });
  const { port } = (await s3server.run()) as { port: number };
  bucket = s3Backend(
    {
      bucket: 'accent-migrate',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    mkdtempSync(join(tmpdir(), 'accent-s3-tmp-')),
  );
  await bucket.ensureBucket();
  // a studio with the default storage (its folder), and a few files uploaded
  ctx = await createTestContext();
  folder = ctx.app.storage.backend;
  folderRoot = folder.tempDir.replace(/[/\\]\.tmp$/, '');
  const admin = await loginAdmin(ctx.app);
  const libraryId = admin.body.library_id;
  await ctx.app.storage.ensureBucket(libraryId, 'files');
  for (const [name, data] of Object.entries(files)) {
    const row = await ctx.app.storage.putObject({ libraryId, bucketId: 'files', name, data: new Uint8Array(data) });
    keys.push(contentKey(libraryId, row.version!));
  }
});
afterAll(async () => {
  await ctx?.close();
  await s3server?.close();
});

describe('storage migrate', () => {
  it('copies every original from the folder to S3, checksummed; a second run copies nothing', async () => {
    const first = await migrateStorage({ db: ctx.database.db, from: folder, to: bucket });
    expect(first.failed).toEqual([]);
    expect(first.copied).toBeGreaterThanOrEqual(keys.length); // and the seeded documents
    expect(first.skipped).toBe(0);
    for (const [i, data] of Object.values(files).entries()) expect((await bytesOf(bucket, keys[i]))?.equals(data)).toBe(true);

    const again = await migrateStorage({ db: ctx.database.db, from: folder, to: bucket });
    expect(again).toEqual({ copied: 0, skipped: first.copied, bytes: 0, failed: [] });
  });

  it('resumes: a copy damaged in the target is copied again', async () => {
    // S3's copy of plan.md cut short, as by an interrupted run
    const damagedFile = join(bucket.tempDir, 'damaged');
    writeFileSync(damagedFile, '# The pl');
    await bucket.putFile(keys[0], damagedFile, 8, 'text/markdown');
    const resumed = await migrateStorage({ db: ctx.database.db, from: folder, to: bucket });
    expect(resumed.copied).toBe(1);
    expect(resumed.failed).toEqual([]);
    expect((await bytesOf(bucket, keys[0]))?.equals(files['plan.md'])).toBe(true);
  });

  it('copies back from S3 into an empty folder', async () => {
    const otherRoot = mkdtempSync(join(tmpdir(), 'accent-folder-'));
    const back = await migrateStorage({ db: ctx.database.db, from: bucket, to: filesystemBackend(otherRoot) });
    expect(back.failed).toEqual([]);
    const [libraryId, version] = keys[1].split('/');
    expect(readFileSync(join(otherRoot, libraryId, version)).equals(files['logo.png'])).toBe(true);
  });

  it('reports an original whose bytes no longer match its checksum, and copies nothing of it', async () => {
    const [libraryId, version] = keys[1].split('/');
    writeFileSync(join(folderRoot, libraryId, version), 'not the logo');
    const target = filesystemBackend(mkdtempSync(join(tmpdir(), 'accent-folder-')));
    const result = await migrateStorage({ db: ctx.database.db, from: folder, to: target });
    expect(result.failed).toEqual([{ key: keys[1], reason: expect.stringContaining(STORAGE_MIGRATE_MESSAGES.damaged('', '').split('(')[0]) }]);
    expect(await bytesOf(target, keys[1])).toBeNull();
  });
});
