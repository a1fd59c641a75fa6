// An in-memory FilesApi for the screen's component tests, behaving as the storage protocol does: folders are
// common prefixes of object keys, an upload without upsert onto an existing key is refused with 409, a bucket's
// size limit gives 413, and every method is a jest mock to assert on. Nothing here mocks a module.
import { jest } from '@jest/globals';
import { StorageFailure, type BucketInfo, type FilesApi, type UploadOptions } from './files-api.js';
import type { FileEntry } from './paths.js';

export interface StoredObject {
  body: Blob;
  type: string;
  modified: string;
}

export type FakeFiles = { [K in keyof FilesApi]: jest.Mock<FilesApi[K]> } & {
  api: FilesApi;
  objects: Map<string, StoredObject>;
  /** resolves the upload of `path` that is waiting (when `holdUploads` is set) */
  release(path: string): void;
};

export interface FakeFilesOptions {
  buckets?: BucketInfo[];
  /** `bucket/path` → contents */
  objects?: Record<string, string | { text: string; type: string }>;
  /** uploads report half their progress, then wait for release(path) */
  holdUploads?: boolean;
}

const key = (bucket: string, path: string) => `${bucket}/${path}`;

export function fakeFilesApi({ buckets = [{ id: 'documents', public: false, sizeLimit: null, allowedTypes: null }], objects = {}, holdUploads = false }: FakeFilesOptions = {}): FakeFiles {
  const store = new Map<string, StoredObject>();
  let clock = Date.parse('2026-01-01T10:00:00Z');
  const stamp = () => {
    clock += 60_000;
    return new Date(clock).toISOString();
  };
  for (const [k, v] of Object.entries(objects)) {
    const { text, type } = typeof v === 'string' ? { text: v, type: 'text/plain' } : v;
    store.set(k, { body: new Blob([text], { type }), type, modified: stamp() });
  }
  const waiting = new Map<string, () => void>();
  const missing = () => new StorageFailure('Object not found', 404, 'NoSuchKey');

  const list = jest.fn<FilesApi['list']>(async (bucket, folder, withPlaceholders = false) => {
    const prefix = folder ? `${bucket}/${folder}/` : `${bucket}/`;
    const seen = new Map<string, FileEntry>();
    for (const [k, o] of store) {
      if (!k.startsWith(prefix)) continue;
      const rest = k.slice(prefix.length);
      const slash = rest.indexOf('/');
      const name = slash < 0 ? rest : rest.slice(0, slash);
      const path = folder ? `${folder}/${name}` : name;
      if (slash >= 0) seen.set(name, { name, path, kind: 'folder', size: null, mimetype: null, modified: null });
      else if (withPlaceholders || name !== '.emptyFolderPlaceholder') seen.set(name, { name, path, kind: 'file', size: o.body.size, mimetype: o.type, modified: o.modified });
    }
    return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
  });

  const upload = jest.fn<FilesApi['upload']>(async (bucket, path, file, { upsert = false, onProgress, signal }: UploadOptions = {}) => {
    const limit = buckets.find((b) => b.id === bucket)?.sizeLimit;
    if (limit != null && file.size > limit) throw new StorageFailure('The object exceeded the maximum allowed size', 413, 'EntityTooLarge');
    if (!upsert && store.has(key(bucket, path))) throw new StorageFailure('The resource already exists', 409, 'Duplicate');
    onProgress?.(Math.floor(file.size / 2), file.size);
    if (holdUploads)
      await new Promise<void>((resolve, reject) => {
        waiting.set(path, resolve);
        signal?.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
      });
    onProgress?.(file.size, file.size);
    store.set(key(bucket, path), { body: file, type: file.type || 'application/octet-stream', modified: stamp() });
  });

  const move = jest.fn<FilesApi['move']>(async (bucket, from, to) => {
    const o = store.get(key(bucket, from));
    if (!o) throw missing();
    if (store.has(key(bucket, to))) throw new StorageFailure('The resource already exists', 409, 'Duplicate');
    store.delete(key(bucket, from));
    store.set(key(bucket, to), o);
  });
  const copy = jest.fn<FilesApi['copy']>(async (bucket, from, to) => {
    const o = store.get(key(bucket, from));
    if (!o) throw missing();
    store.set(key(bucket, to), { ...o, modified: stamp() });
  });
  const remove = jest.fn<FilesApi['remove']>(async (bucket, paths) => {
    for (const p of paths) store.delete(key(bucket, p));
  });
  const signedUrl = jest.fn<FilesApi['signedUrl']>(async (bucket, path, expiresIn) => {
    if (!store.has(key(bucket, path))) throw missing();
    return `http://storage.test/storage/v1/object/sign/${bucket}/${path}?token=t-${expiresIn}`;
  });
  const download = jest.fn<FilesApi['download']>(async (bucket, path) => {
    const o = store.get(key(bucket, path));
    if (!o) throw missing();
    return o.body;
  });
  const listBuckets = jest.fn<FilesApi['listBuckets']>(async () => buckets.map((b) => ({ ...b })));

  const api: FilesApi = { listBuckets, list, upload, move, copy, remove, signedUrl, download };
  return {
    api,
    objects: store,
    listBuckets,
    list,
    upload,
    move,
    copy,
    remove,
    signedUrl,
    download,
    release: (path) => waiting.get(path)?.(),
  };
}
