// What the Files screen asks of storage, behind a context so tests hand in their own (no module mocking).
// The real one speaks the Supabase Storage protocol: supabase-js `storage.from(bucket)` through the page's
// one data client, and for uploads a plain XMLHttpRequest to the same `/object/{bucket}/{path}` endpoint
// supabase-js posts to, because fetch reports no upload progress.
import { createContext, useContext } from 'react';
import { session } from '@accent/shared/client';
import { getDataClient, loadDataConfig, resolveDataUrl, type SupabaseClient } from '@accent/shared/data';
import { FOLDER_PLACEHOLDER, joinPath, type FileEntry } from './paths.js';

export interface BucketInfo {
  id: string;
  public: boolean;
  /** bytes; null when the bucket sets none */
  sizeLimit: number | null;
  allowedTypes: string[] | null;
}

export interface UploadOptions {
  upsert?: boolean;
  /** the object's user metadata; `{ shared: true }` lets everyone in the library see it (storage's row-level security) */
  metadata?: Record<string, unknown>;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export interface FilesApi {
  listBuckets(): Promise<BucketInfo[]>;
  /**
   * The folders and files directly in `folder` (folders have no size, type or date). The marker that keeps
   * an empty folder is left out unless `withPlaceholders` (moving or deleting a folder takes it along).
   */
  list(bucket: string, folder: string, withPlaceholders?: boolean): Promise<FileEntry[]>;
  upload(bucket: string, path: string, file: Blob, options?: UploadOptions): Promise<void>;
  move(bucket: string, from: string, to: string): Promise<void>;
  copy(bucket: string, from: string, to: string): Promise<void>;
  remove(bucket: string, paths: string[]): Promise<void>;
  /** a URL anyone holding it can open until it expires; `download` makes the browser save it */
  signedUrl(bucket: string, path: string, expiresIn: number, download?: boolean): Promise<string>;
  download(bucket: string, path: string): Promise<Blob>;
}

/** A refusal of the storage server, with its HTTP status and Supabase error code when it gave them. */
export class StorageFailure extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'StorageFailure';
  }
}

/** What supabase-js hands back as `error` (StorageApiError carries status and code), as a StorageFailure. */
export function toStorageFailure(error: unknown): StorageFailure {
  if (error instanceof StorageFailure) return error;
  const e = (error ?? {}) as { message?: unknown; status?: unknown; statusCode?: unknown; code?: unknown; error?: unknown };
  const status = typeof e.status === 'number' ? e.status : Number.parseInt(String(e.statusCode ?? ''), 10);
  const message = typeof e.message === 'string' && e.message ? e.message : 'The storage server did not answer.';
  const code = typeof e.code === 'string' ? e.code : typeof e.error === 'string' ? e.error : null;
  return new StorageFailure(message, Number.isFinite(status) ? status : null, code);
}

// The database's own words when row-level security refuses, which mean nothing to the person refused.
const RLS_REFUSAL = /row-level security/i;
export const NOT_PERMITTED = "You don't have permission for this: only the file's owner or an administrator can change it.";

/** A failure's message for a person (never "[object Object]", never the database's policy jargon). */
export function errorText(error: unknown): string {
  const failure = toStorageFailure(error);
  return failure.status === 403 && RLS_REFUSAL.test(failure.message) ? NOT_PERMITTED : failure.message;
}

export type UploadProblemKind = 'exists' | 'too-large' | 'type' | 'quota' | 'cancelled' | 'other';

export interface UploadProblem {
  kind: UploadProblemKind;
  message: string;
}

const UPLOAD_PROBLEM_TITLES: Record<Exclude<UploadProblemKind, 'other' | 'cancelled'>, string> = {
  exists: 'A file with this name already exists here.',
  'too-large': 'This file is too large.',
  type: 'This type of file is not allowed here.',
  quota: "The library's storage quota is used up.",
};

/** Why an upload failed, in words a person can act on; the server's own sentence follows when it adds something. */
export function uploadProblem(error: unknown): UploadProblem {
  if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'cancelled', message: 'Cancelled.' };
  const failure = toStorageFailure(error);
  const text = `${failure.code ?? ''} ${failure.message}`;
  const kind: UploadProblemKind = /quota/i.test(text)
    ? 'quota'
    : failure.status === 409 || /already exists|duplicate/i.test(text)
      ? 'exists'
      : failure.status === 413 || /too large|size limit|EntityTooLarge/i.test(text)
        ? 'too-large'
        : failure.status === 415 || /mime type|not allowed|InvalidMimeType/i.test(text)
          ? 'type'
          : 'other';
  if (kind === 'other') return { kind, message: errorText(failure) };
  const title = UPLOAD_PROBLEM_TITLES[kind];
  const extra = failure.message && !/already exists|^duplicate$/i.test(failure.message) ? ` ${failure.message}` : '';
  return { kind, message: `${title}${kind === 'exists' ? '' : extra}` };
}

// The list endpoint answers at most this many entries a call (Supabase's default page).
const LIST_PAGE = 100;

/** supabase-js `{ data, error }` → data, or a StorageFailure thrown. */
async function unwrap<T>(call: PromiseLike<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await call;
  if (error) throw toStorageFailure(error);
  return data as T;
}

interface StorageTarget {
  /** `<supabaseUrl>/storage/v1` */
  url: string;
  anonKey: string;
}

export interface StorageFilesApiOptions {
  client?: () => Promise<SupabaseClient>;
  target?: () => Promise<StorageTarget>;
  getToken?: () => string | null;
  refresh?: () => Promise<boolean>;
  createRequest?: () => XMLHttpRequest;
}

let targetPromise: Promise<StorageTarget> | null = null;
function defaultTarget(): Promise<StorageTarget> {
  targetPromise ??= loadDataConfig().then(
    (c) => ({ url: `${resolveDataUrl(c.supabaseUrl).replace(/\/+$/, '')}/storage/v1`, anonKey: c.supabaseAnonKey }),
    (e: unknown) => {
      targetPromise = null;
      throw e;
    },
  );
  return targetPromise;
}

// Each path segment encoded on its own, as supabase-js's server reads the key from the URL path.
const encodeKey = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** One XMLHttpRequest upload; resolves with the status and the body's text. */
function sendUpload(
  createRequest: () => XMLHttpRequest,
  url: string,
  headers: Record<string, string>,
  body: FormData,
  onProgress: UploadOptions['onProgress'],
  signal: AbortSignal | undefined,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = createRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      done();
      reject(new StorageFailure('The upload could not reach the server.', null));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.send(body);
  });
}

function failureFromBody(status: number, text: string): StorageFailure {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown; code?: unknown; statusCode?: unknown };
    return toStorageFailure({ ...body, status });
  } catch {
    return new StorageFailure(text.trim() || `The server answered ${status}.`, status);
  }
}

export function createStorageFilesApi(options: StorageFilesApiOptions = {}): FilesApi {
  const client = options.client ?? getDataClient;
  const target = options.target ?? defaultTarget;
  const getToken = options.getToken ?? (() => session.getToken());
  const refresh = options.refresh ?? (() => session.refresh());
  const createRequest = options.createRequest ?? (() => new XMLHttpRequest());
  const bucketOf = async (bucket: string) => (await client()).storage.from(bucket);

  return {
    async listBuckets() {
      const buckets = await unwrap((await client()).storage.listBuckets());
      return (buckets ?? []).map((b) => ({
        id: b.id,
        public: b.public,
        sizeLimit: b.file_size_limit ?? null,
        allowedTypes: b.allowed_mime_types?.length ? b.allowed_mime_types : null,
      }));
    },

    async list(bucket, folder, withPlaceholders = false) {
      const api = await bucketOf(bucket);
      const entries: FileEntry[] = [];
      for (let offset = 0; ; offset += LIST_PAGE) {
        const page = (await unwrap(api.list(folder, { limit: LIST_PAGE, offset }))) ?? [];
        for (const o of page) {
          if (o.name === FOLDER_PLACEHOLDER && !withPlaceholders) continue;
          const isFolder = o.id === null;
          const size = o.metadata && typeof o.metadata.size === 'number' ? o.metadata.size : null;
          entries.push({
            name: o.name,
            path: joinPath(folder, o.name),
            kind: isFolder ? 'folder' : 'file',
            size: isFolder ? null : size,
            mimetype: isFolder ? null : typeof o.metadata?.mimetype === 'string' ? o.metadata.mimetype : null,
            modified: o.updated_at ?? o.created_at ?? null,
          });
        }
        if (page.length < LIST_PAGE) return entries;
      }
    },

    async upload(bucket, path, file, { upsert = false, metadata, onProgress, signal } = {}) {
      const { url, anonKey } = await target();
      // The same multipart body supabase-js sends for a Blob: cacheControl first, then the file.
      const body = new FormData();
      body.append('cacheControl', '3600');
      // before the file: the server reads the form's fields up to the file part
      if (metadata) body.append('metadata', JSON.stringify(metadata));
      body.append('', file);
      const send = () => {
        const token = getToken();
        const headers: Record<string, string> = { apikey: anonKey, 'x-upsert': String(upsert) };
        if (token) headers.Authorization = `Bearer ${token}`;
        return sendUpload(createRequest, `${url}/object/${encodeURIComponent(bucket)}/${encodeKey(path)}`, headers, body, onProgress, signal);
      };
      let answer = await send();
      // An access token can expire between the session's ticks: refresh once and send again.
      if (answer.status === 401 && (await refresh().catch(() => false))) answer = await send();
      if (answer.status < 200 || answer.status >= 300) throw failureFromBody(answer.status, answer.text);
    },

    async move(bucket, from, to) {
      await unwrap((await bucketOf(bucket)).move(from, to));
    },

    async copy(bucket, from, to) {
      await unwrap((await bucketOf(bucket)).copy(from, to));
    },

    async remove(bucket, paths) {
      if (paths.length === 0) return;
      await unwrap((await bucketOf(bucket)).remove(paths));
    },

    async signedUrl(bucket, path, expiresIn, download = false) {
      const data = await unwrap((await bucketOf(bucket)).createSignedUrl(path, expiresIn, download ? { download: true } : undefined));
      return data.signedUrl;
    },

    async download(bucket, path) {
      return unwrap((await bucketOf(bucket)).download(path));
    },
  };
}

export const FilesApiContext = createContext<FilesApi | null>(null);

let defaultApi: FilesApi | null = null;

export function useFilesApi(): FilesApi {
  const provided = useContext(FilesApiContext);
  if (provided) return provided;
  defaultApi ??= createStorageFilesApi();
  return defaultApi;
}
