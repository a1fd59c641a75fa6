// The library's credentials for model providers and connectors, encrypted at rest. Values are JSON
// objects (e.g. {apiKey}, {instanceUrl, accessToken}); they leave this module decrypted only towards
// the runtime, never towards an API answer or a log line.
import { findCredentialDefinition, type CredentialKind } from '@accent/shell-common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { maskSecret, open, seal } from './crypto.js';

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

export function createCredentialStore(db: Kysely<DB>, masterKey: Buffer): CredentialStore {
  const decrypt = (row: { library_id: string; kind: string; key: string; ciphertext: Uint8Array; iv: Uint8Array; auth_tag: Uint8Array }): CredentialValues =>
    JSON.parse(open(masterKey, { ciphertext: row.ciphertext, iv: row.iv, authTag: row.auth_tag }, associatedData(row.library_id, row.kind, row.key))) as CredentialValues;

  return {
    async get(libraryId, kind, key) {
      const row = await db
        .selectFrom('library_credentials')
        .select(['library_id', 'kind', 'key', 'ciphertext', 'iv', 'auth_tag'])
        .where('library_id', '=', libraryId)
        .where('kind', '=', kind)
        .where('key', '=', key)
        .executeTakeFirst();
      return row && decrypt(row);
    },

    async put({ libraryId, kind, key, values, userId }) {
      const sealed = seal(masterKey, JSON.stringify(values), associatedData(libraryId, kind, key));
      const row = { ciphertext: sealed.ciphertext, iv: sealed.iv, auth_tag: sealed.authTag, hint: hintOf(kind, key, values), updated_by: userId };
      await db
        .insertInto('library_credentials')
        .values({ library_id: libraryId, kind, key, ...row })
        .onConflict((oc) => oc.columns(['library_id', 'kind', 'key']).doUpdateSet({ ...row, updated_at: sql<Date>`now()` }))
        .execute();
    },

    async remove(libraryId, kind, key) {
      const deleted = await db
        .deleteFrom('library_credentials')
        .where('library_id', '=', libraryId)
        .where('kind', '=', kind)
        .where('key', '=', key)
        .returning('key')
        .executeTakeFirst();
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
  };
}
