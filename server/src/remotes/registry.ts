// The runtime remote registry the shell reads at start (DESIGN.md §3). Later layers win:
//   1. remotes built in this checkout and served at /mfe/<id>/
//   2. ACCENT_REMOTES (deployment configuration)
//   3. rows of remote_registry (set at runtime by an admin: the most recent intent; deleting the row
//      falls back to 2 or 1)
import { federationName, REMOTE_IDS, type RemoteId, type RemoteRegistryEntry } from '@accent/shared';
import { sql, type Kysely } from 'kysely';
import type { RemoteOverride } from '../config.js';
import type { DB } from '../db/schema.js';
import { localEntry, type LocalRemote } from './local.js';

const isRemoteId = (id: string): id is RemoteId => (REMOTE_IDS as readonly string[]).includes(id);

const entryOf = (id: RemoteId, entry: string, version: string): RemoteRegistryEntry => ({ id, name: federationName(id), entry, version });

export async function listRemotes(db: Kysely<DB>, sources: { local: LocalRemote[]; overrides: RemoteOverride[] }): Promise<RemoteRegistryEntry[]> {
  const byId = new Map<RemoteId, RemoteRegistryEntry>();
  for (const r of sources.local) byId.set(r.id, entryOf(r.id, localEntry(r.id), r.version));
  for (const r of sources.overrides) byId.set(r.id, entryOf(r.id, r.entry, r.version));
  for (const row of await db.selectFrom('remote_registry').select(['id', 'entry', 'version']).execute()) {
    if (isRemoteId(row.id)) byId.set(row.id, entryOf(row.id, row.entry, row.version));
  }
  return REMOTE_IDS.flatMap((id) => byId.get(id) ?? []);
}

export async function setRemoteOverride(db: Kysely<DB>, id: RemoteId, entry: string, version: string): Promise<RemoteRegistryEntry> {
  const name = federationName(id);
  await db
    .insertInto('remote_registry')
    .values({ id, name, entry, version })
    .onConflict((oc) => oc.column('id').doUpdateSet({ entry, version, updated_at: sql<Date>`now()` }))
    .execute();
  return entryOf(id, entry, version);
}

export async function deleteRemoteOverride(db: Kysely<DB>, id: RemoteId): Promise<boolean> {
  return (await db.deleteFrom('remote_registry').where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;
}
