// Copies the originals of Files and knowledge (every stored object's current contents) from one storage
// to another: the folder to S3-compatible storage when a studio grows to several servers, or back.
// Each copy is checked against the MD5 recorded at upload (the object's eTag), read back from the
// target and checked again; an object already in the target with the right checksum is skipped, so an
// interrupted migration is resumed by running it again. Nothing is deleted from the source.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import { contentKey, type StorageBackend } from './backend.js';

export const STORAGE_MIGRATE_MESSAGES = {
  missing: 'not in the source storage',
  damaged: (expected: string, found: string) => `the source's contents do not match the checksum recorded at upload (${expected}; found ${found})`,
  notVerified: 'the copy read back from the target does not match its checksum',
} as const;

export interface StorageMigration {
  /** objects copied and verified */
  copied: number;
  /** objects already in the target with the right checksum */
  skipped: number;
  bytes: number;
  failed: { key: string; reason: string }[];
}

interface Original {
  library_id: string;
  version: string;
  etag: string | null;
  mimetype: string | null;
}

/** MD5 (hex) of what a stream holds, and its size. */
async function digest(stream: Readable, into?: string): Promise<{ md5: string; size: number }> {
  const hash = createHash('md5');
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
  });
  if (into) await pipeline(stream, createWriteStream(into));
  else for await (const _ of stream); // drained by the listener above
  return { md5: hash.digest('hex'), size };
}

const md5Of = async (backend: StorageBackend, key: string) => {
  const stream = await backend.read(key);
  return stream ? (await digest(stream)).md5 : null;
};

export async function migrateStorage(options: {
  db: Kysely<DB>;
  from: StorageBackend;
  to: StorageBackend;
  /** one line per object copied or failed */
  progress?: (line: string) => void;
}): Promise<StorageMigration> {
  const { db, from, to, progress = () => undefined } = options;
  const { rows } = await sql<Original>`
    SELECT library_id, version, trim(both '"' from metadata->>'eTag') AS etag, metadata->>'mimetype' AS mimetype
    FROM public.storage_objects WHERE version IS NOT NULL ORDER BY library_id, version`.execute(db);
  const result: StorageMigration = { copied: 0, skipped: 0, bytes: 0, failed: [] };
  await mkdir(to.tempDir, { recursive: true });
  for (const original of rows) {
    const key = contentKey(original.library_id, original.version);
    const fail = (reason: string) => {
      result.failed.push({ key, reason });
      progress(`${key}: ${reason}`);
    };
    const source = await from.read(key);
    if (!source) {
      // already moved and gone from the source? then the target's copy is checked as any other
      const there = await md5Of(to, key);
      if (there && (!original.etag || there === original.etag)) result.skipped++;
      else fail(STORAGE_MIGRATE_MESSAGES.missing);
      continue;
    }
    // kept in the target with the right checksum: done by an earlier run
    if (original.etag && (await md5Of(to, key)) === original.etag) {
      source.destroy();
      result.skipped++;
      continue;
    }
    const temp = join(to.tempDir, `migrate-${randomUUID()}`);
    try {
      const copy = await digest(source, temp);
      if (original.etag && copy.md5 !== original.etag) {
        fail(STORAGE_MIGRATE_MESSAGES.damaged(original.etag, copy.md5));
        continue;
      }
      await to.putFile(key, temp, copy.size, original.mimetype ?? 'application/octet-stream');
      if ((await md5Of(to, key)) !== copy.md5) {
        fail(STORAGE_MIGRATE_MESSAGES.notVerified);
        continue;
      }
      result.copied++;
      result.bytes += copy.size;
      progress(`${key}: copied (${copy.size} bytes)`);
    } finally {
      await rm(temp, { force: true });
    }
  }
  return result;
}
