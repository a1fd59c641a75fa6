// Where objects' contents live: a folder (DATA_DIR/storage by default) or an S3-compatible bucket
// (STORAGE_S3_*), behind one interface. Keys are made by the server alone (library id / version id), so
// nothing a user sends ever becomes part of a file path or an S3 key.
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';

// The AWS SDK takes a while to load and only S3 storage needs it: loaded on first use, not at start-up.
let s3Sdk: Promise<typeof import('@aws-sdk/client-s3')> | undefined;
const loadS3Sdk = () => (s3Sdk ??= import('@aws-sdk/client-s3'));

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface StorageBackend {
  readonly kind: 'filesystem' | 's3';
  /** Folder for uploads being received (on the same disk as the contents for the filesystem). */
  readonly tempDir: string;
  /** Takes a finished temporary file and keeps it under `key` (the file is gone afterwards). */
  putFile(key: string, file: string, size: number, contentType: string): Promise<void>;
  /** The contents (bytes start..end inclusive when given), or null when there are none under `key`. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  copy(from: string, to: string): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export interface ByteRange {
  start: number;
  end: number;
}

const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;
/** `<library id>/<version id>`: both UUIDs, so a key can never leave its folder. */
export function contentKey(libraryId: string, version: string): string {
  const key = `${libraryId}/${version}`;
  if (!KEY.test(key)) throw new Error(`not a content key: ${key}`);
  return key;
}

export function filesystemBackend(root: string): StorageBackend {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a content key: ${key}`);
    return join(root, ...key.split('/'));
  };
  const tempDir = join(root, '.tmp');
  return {
    kind: 'filesystem',
    tempDir,
    async putFile(key, file) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(file, target);
    },
    async read(key, range) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return null;
      }
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async copy(from, to) {
      const target = pathOf(to);
      await mkdir(dirname(target), { recursive: true });
      // copied beside the target, then renamed: a reader never sees half a file
      const partial = `${target}.partial`;
      await copyFile(pathOf(from), partial);
      await rename(partial, target);
    },
    async remove(keys) {
      for (const key of keys) {
        const path = pathOf(key);
        await rm(path, { force: true });
        await rmdir(dirname(path)).catch(() => undefined); // only when it is empty
      }
    },
  };
}

export function s3Backend(settings: S3Settings, tempDir: string): StorageBackend & { ensureBucket(): Promise<void> } {
  // the client is made with the SDK, on first use
  let connection: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;
  const connect = () =>
    (connection ??= loadS3Sdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        // checksums only where S3 requires them: the SDK's default streams uploads as aws-chunked with a
        // trailing checksum, which several S3-compatible stores (s3rver, older MinIO, Ceph) keep as the bytes
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      }),
    })));
  const Bucket = settings.bucket;
  const check = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a content key: ${key}`);
    return key;
  };
  return {
    kind: 's3',
    tempDir,
    async ensureBucket() {
      const { client, sdk: { HeadBucketCommand, CreateBucketCommand } } = await connect();
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch {
        await client.send(new CreateBucketCommand({ Bucket }));
      }
    },
    async putFile(key, file, size, contentType) {
      try {
        const { client, sdk: { PutObjectCommand } } = await connect();
        await client.send(new PutObjectCommand({ Bucket, Key: check(key), Body: createReadStream(file), ContentLength: size, ContentType: contentType }));
      } finally {
        await unlink(file).catch(() => undefined);
      }
    },
    async read(key, range) {
      const { client, sdk: { GetObjectCommand, NoSuchKey } } = await connect();
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: check(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async copy(from, to) {
      const { client, sdk: { CopyObjectCommand } } = await connect();
      await client.send(new CopyObjectCommand({ Bucket, Key: check(to), CopySource: `${Bucket}/${check(from)}` }));
    },
    async remove(keys) {
      const { client, sdk: { DeleteObjectsCommand } } = await connect();
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000).map((Key) => ({ Key: check(Key) }));
        if (batch.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }));
      }
    },
  };
}
