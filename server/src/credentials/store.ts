// The library's credentials for model providers and connectors, encrypted at rest. Values are JSON
// objects (e.g. {apiKey}, {instanceUrl, accessToken}); they leave this module decrypted only towards
// the runtime, never towards an API answer or a log line.
// Every model call reads its provider's credential, so `get` keeps the sealed row (or its absence) in
// memory until a write announces a change; it is opened on each use, so no decrypted value is kept.
import { findCredentialDefinition, type CredentialKind } from '@accent/shell-common';
import { sql, type Kysely } from 'kysely';
import { announceChange, createReadCache, type ReadCacheOptions } from '../db/read-cache.js';
import type { DB } from '../db/schema.js';
import type { Scheduler, SchedulerLog } from '../scheduler/scheduler.js';
import { maskSecret, open, seal } from './crypto.js';

export const CREDENTIALS_CHANGED_CHANNEL = 'accent_credentials_changed';

export type CredentialValues = Record<string, string>;

export interface StoredCredentialInfo {
  kind: CredentialKind;
  key: string;
  hint: string;
  updatedAt: Date;
  /** names of the fields that hold a value */
  fieldsSet: string[];
}

export interface CredentialStore {
  get(libraryId: string, kind: CredentialKind, key: string): Promise<CredentialValues | undefined>;
  put(input: { libraryId: string; kind: CredentialKind; key: string; values: CredentialValues; userId: string | null }): Promise<void>;
  remove(libraryId: string, kind: CredentialKind, key: string): Promise<boolean>;
  list(libraryId: string): Promise<StoredCredentialInfo[]>;
  /** LISTEN for other processes' writes while the scheduler runs (until then cached rows live briefly) */
  listenWith(scheduler: Scheduler, log: SchedulerLog): void;
  close(): Promise<void>;
}

const associatedData = (libraryId: string, kind: string, key: string) => `${libraryId}/${kind}/${key}`;

/** The hint of a value object: its definition's hint field, masked when secret. */
export function hintOf(kind: string, key: string, values: CredentialValues): string {
  const definition = findCredentialDefinition(kind, key);
  const field = definition?.fields.find((f) => f.name === definition.hintField);
  const value = field ? values[field.name] : undefined;
  if (!field || !value) return '';
  return field.secret ? maskSecret(value) : withoutUserInfo(value);
}

/** A URL shown as a hint loses any user:password@ it carries. */
function withoutUserInfo(value: string): string {
  try {
    const url = new URL(value);
    if (!url.username && !url.password) return value;
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return value;
  }
}

interface SealedRow {
  library_id: string;
  kind: string;
  key: string;
  ciphertext: Uint8Array;
  iv: Uint8Array;
  auth_tag: Uint8Array;
}

export function createCredentialStore(db: Kysely<DB>, masterKey: Buffer, cacheOptions: ReadCacheOptions = {}): CredentialStore {
  const decrypt = (row: SealedRow): CredentialValues =>
    JSON.parse(open(masterKey, { ciphertext: row.ciphertext, iv: row.iv, authTag: row.auth_tag }, associatedData(row.library_id, row.kind, row.key))) as CredentialValues;
  const sealedRows = createReadCache<SealedRow | null>({ ...cacheOptions, channel: CREDENTIALS_CHANGED_CHANNEL, what: 'credential' });
  const changed = (libraryId: string, kind: string, key: string) => announceChange(db, CREDENTIALS_CHANGED_CHANNEL, associatedData(libraryId, kind, key));

  return {
    async get(libraryId, kind, key) {
      const row = await sealedRows.get(associatedData(libraryId, kind, key), async () => {
        const found = await db
          .selectFrom('library_credentials')
          .select(['library_id', 'kind', 'key', 'ciphertext', 'iv', 'auth_tag'])
          .where('library_id', '=', libraryId)
          .where('kind', '=', kind)
          .where('key', '=', key)
          .executeTakeFirst();
        return found ?? null;
      });
      return row ? decrypt(row) : undefined;
    },

    async put({ libraryId, kind, key, values, userId }) {
      const sealed = seal(masterKey, JSON.stringify(values), associatedData(libraryId, kind, key));
      const row = { ciphertext: sealed.ciphertext, iv: sealed.iv, auth_tag: sealed.authTag, hint: hintOf(kind, key, values), updated_by: userId };
      await db
        .insertInto('library_credentials')
        .values({ library_id: libraryId, kind, key, ...row })
        .onConflict((oc) => oc.columns(['library_id', 'kind', 'key']).doUpdateSet({ ...row, updated_at: sql<Date>`now()` }))
        .execute();
      await changed(libraryId, kind, key);
    },

    async remove(libraryId, kind, key) {
      const deleted = await db
        .deleteFrom('library_credentials')
        .where('library_id', '=', libraryId)
        .where('kind', '=', kind)
        .where('key', '=', key)
        .returning('key')
        .executeTakeFirst();
      await changed(libraryId, kind, key);
      return deleted !== undefined;
    },

    async list(libraryId) {
      const rows = await db
        .selectFrom('library_credentials')
        .select(['library_id', 'kind', 'key', 'ciphertext', 'iv', 'auth_tag', 'hint', 'updated_at'])
        .where('library_id', '=', libraryId)
        .execute();
      return rows.map((row) => ({
        kind: row.kind,
        key: row.key,
        hint: row.hint,
        updatedAt: row.updated_at,
        fieldsSet: Object.entries(decrypt(row))
          .filter(([, v]) => typeof v === 'string' && v.length > 0)
          .map(([name]) => name),
      }));
    },

    listenWith: sealedRows.listenWith,
    close: sealedRows.close,
  };
}
