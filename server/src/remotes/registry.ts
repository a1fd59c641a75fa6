// The versioned remote registry (DESIGN.md §3). What browsers are served, per remote, first match wins:
//   1. the canary version, for the share of signed-in users it is given to (sticky: a hash of the user id)
//   2. the current version an admin promoted (remote_channels.current_version)
//   3. ACCENT_REMOTES (deployment configuration)
//   4. the remote built in this checkout, served at /mfe/<id>/
// Every change is a row of remote_events (who, when, what).
import { createHash } from 'node:crypto';
import { federationName, REMOTE_IDS, REMOTE_TITLES, type RemoteId, type RemoteRegistryEntry } from '@accent/shared';
import type { FederationManifestFacts } from '@accent/shared/remotes';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { RemoteOverride } from '../config.js';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { localEntry, type LocalRemote } from './local.js';

export const REGISTRY_MESSAGES = {
  exists: (id: RemoteId, version: string) =>
    `${REMOTE_TITLES[id]} ${version} is already registered; a released version is never replaced. Release it as a new version.`,
  unknownVersion: (id: RemoteId, version: string) => `${REMOTE_TITLES[id]} ${version} is not registered. Register it first.`,
  nothingToRollBack: (id: RemoteId) => `${REMOTE_TITLES[id]} has no earlier version to roll back to.`,
  canaryIsCurrent: (id: RemoteId, version: string) => `${REMOTE_TITLES[id]} ${version} is already the current version.`,
  notSet: (id: RemoteId) => `Remote "${id}" has no registry override`,
  withdrawn: (id: RemoteId, version: string, at: Date | null, reason: string | null) =>
    `${REMOTE_TITLES[id]} ${version} was withdrawn${at ? ` on ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''}: ${reason ?? 'its reason was not recorded.'} Promote it again only if that is fixed, with the confirmation (confirmWithdrawn: true).`,
} as const;

export interface RegistrySources {
  local: LocalRemote[];
  overrides: RemoteOverride[];
}

export type Channel = 'current' | 'canary';
export interface ServedRemote extends RemoteRegistryEntry {
  channel: Channel;
  canary: { version: string; percent: number } | null;
}

type Db = Kysely<DB> | Transaction<DB>;

/** The version served when no admin has chosen one: configuration, else the local build. */
function baseOf(id: RemoteId, sources: RegistrySources): { entry: string; version: string } | null {
  const configured = sources.overrides.find((o) => o.id === id);
  if (configured) return { entry: configured.entry, version: configured.version };
  const local = sources.local.find((l) => l.id === id);
  return local ? { entry: localEntry(id), version: local.version } : null;
}

/** 0–99, stable for one user and one remote: the same users stay in (or out of) a canary. */
export function canaryBucket(userId: string, id: RemoteId): number {
  return createHash('sha256').update(`${id}:${userId}`).digest().readUInt32BE(0) % 100;
}

export async function listRemotes(db: Kysely<DB>, sources: RegistrySources, userId: string | null = null): Promise<ServedRemote[]> {
  const channels = new Map((await db.selectFrom('remote_channels').selectAll().execute()).map((c) => [c.remote_id, c]));
  const versions = await db.selectFrom('remote_versions').select(['remote_id', 'version', 'entry']).execute();
  const entryOf = (id: string, version: string | null) =>
    version ? versions.find((v) => v.remote_id === id && v.version === version)?.entry : undefined;
  return REMOTE_IDS.flatMap((id): ServedRemote[] => {
    const channel = channels.get(id);
    const chosen = channel?.current_version ? { version: channel.current_version, entry: entryOf(id, channel.current_version) } : null;
    const current = chosen?.entry ? { version: chosen.version, entry: chosen.entry } : baseOf(id, sources);
    const canaryEntry = entryOf(id, channel?.canary_version ?? null);
    const canary =
      channel?.canary_version && channel.canary_percent && canaryEntry ? { version: channel.canary_version, percent: channel.canary_percent } : null;
    const base = { id, name: federationName(id), canary };
    if (canary && canaryEntry && userId && canaryBucket(userId, id) < canary.percent)
      return [{ ...base, entry: canaryEntry, version: canary.version, channel: 'canary' }];
    return current ? [{ ...base, ...current, channel: 'current' }] : [];
  });
}

async function record(db: Db, id: RemoteId, action: string, version: string | null, actorId: string | null, detail: string | null = null) {
  await db.insertInto('remote_events').values({ remote_id: id, action, version, actor_id: actorId, detail }).execute();
}

/** The channel row of a remote, created when missing and locked for the rest of the transaction. */
async function lockChannel(trx: Transaction<DB>, id: RemoteId) {
  await trx
    .insertInto('remote_channels')
    .values({ remote_id: id })
    .onConflict((oc) => oc.column('remote_id').doNothing())
    .execute();
  return trx.selectFrom('remote_channels').selectAll().where('remote_id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

export async function isRegistered(db: Db, id: RemoteId, version: string) {
  return (
    (await db.selectFrom('remote_versions').select('entry').where('remote_id', '=', id).where('version', '=', version).executeTakeFirst()) ?? null
  );
}

export interface NewVersion {
  id: RemoteId;
  version: string;
  entry: string;
  facts: FederationManifestFacts | null;
  actorId: string | null;
}

/** Inserts a version unless it exists; whether it was new. */
async function insertVersion(db: Db, v: NewVersion): Promise<boolean> {
  const inserted = await db
    .insertInto('remote_versions')
    .values({
      remote_id: v.id,
      version: v.version,
      entry: v.entry,
      build_version: v.facts?.buildVersion ?? null,
      requires: v.facts?.requires ?? null,
      registered_by: v.actorId,
    })
    .onConflict((oc) => oc.columns(['remote_id', 'version']).doNothing())
    .returning('version')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Adds a checked version (409 when that version exists: releases are immutable). */
export async function registerVersion(db: Kysely<DB>, v: NewVersion): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await insertVersion(trx, v))) throw new HttpError(409, REGISTRY_MESSAGES.exists(v.id, v.version));
    await record(trx, v.id, 'register', v.version, v.actorId, v.entry);
  });
}

/** Registers builds the server found on disk (and checked) at start (no-op for versions already known). */
export async function registerFoundVersions(db: Kysely<DB>, found: Omit<NewVersion, 'actorId'>[]): Promise<void> {
  for (const f of found) {
    if (await insertVersion(db, { ...f, actorId: null })) await record(db, f.id, 'register', f.version, null, `${f.entry} (found at start)`);
  }
}

export async function currentVersion(db: Db, id: RemoteId, sources: RegistrySources): Promise<string | null> {
  const channel = await db.selectFrom('remote_channels').select('current_version').where('remote_id', '=', id).executeTakeFirst();
  return channel?.current_version ?? baseOf(id, sources)?.version ?? null;
}

/**
 * Makes a registered version current (the previous current is kept for rollback). A withdrawn version
 * (a canary rolled back for failing) only with `confirmWithdrawn`: else 409 saying when and why.
 */
export async function promote(
  db: Kysely<DB>,
  id: RemoteId,
  version: string,
  actorId: string | null,
  sources: RegistrySources,
  options: { confirmWithdrawn?: boolean } = {},
): Promise<string> {
  await db.transaction().execute(async (trx) => {
    const channel = await lockChannel(trx, id);
    const row = await trx
      .selectFrom('remote_versions')
      .select(['withdrawn', 'withdrawn_at', 'withdrawn_reason'])
      .where('remote_id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, REGISTRY_MESSAGES.unknownVersion(id, version));
    if (row.withdrawn && !options.confirmWithdrawn)
      throw new HttpError(409, REGISTRY_MESSAGES.withdrawn(id, version, row.withdrawn_at, row.withdrawn_reason));
    const was = channel.current_version ?? baseOf(id, sources)?.version ?? null;
    if (was === version && channel.current_version) return;
    const previous = channel.current_version ? [...channel.previous_versions, channel.current_version] : channel.previous_versions;
    const canaryDone = channel.canary_version === version;
    await trx
      .updateTable('remote_channels')
      .set({
        current_version: version,
        previous_versions: previous,
        ...(canaryDone ? { canary_version: null, canary_percent: null } : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('remote_id', '=', id)
      .execute();
    await trx
      .updateTable('remote_versions')
      .set({ withdrawn: false, withdrawn_at: null, withdrawn_reason: null })
      .where('remote_id', '=', id)
      .where('version', '=', version)
      .execute();
    await record(trx, id, 'promote', version, actorId, was ? `from ${was}` : null);
  });
  return version;
}

/** Back to the version that was current before (or to the configured/built one). */
export async function rollback(db: Kysely<DB>, id: RemoteId, actorId: string | null, sources: RegistrySources): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const channel = await lockChannel(trx, id);
    if (!channel.current_version) throw new HttpError(409, REGISTRY_MESSAGES.nothingToRollBack(id));
    const previous = [...channel.previous_versions];
    const back = previous.pop() ?? null;
    await trx
      .updateTable('remote_channels')
      .set({ current_version: back, previous_versions: previous, updated_at: sql<Date>`now()` })
      .where('remote_id', '=', id)
      .execute();
    const now = back ?? baseOf(id, sources)?.version ?? null;
    await record(trx, id, 'rollback', now, actorId, `from ${channel.current_version}`);
    return now;
  });
}

/** Serves `version` to `percent` % of users (null: no canary). */
export async function setCanary(
  db: Kysely<DB>,
  id: RemoteId,
  canary: { version: string; percent: number } | null,
  actorId: string | null,
  sources: RegistrySources,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const channel = await lockChannel(trx, id);
    if (canary) {
      if (!(await isRegistered(trx, id, canary.version))) throw new HttpError(404, REGISTRY_MESSAGES.unknownVersion(id, canary.version));
      if ((channel.current_version ?? baseOf(id, sources)?.version) === canary.version)
        throw new HttpError(409, REGISTRY_MESSAGES.canaryIsCurrent(id, canary.version));
    }
    await trx
      .updateTable('remote_channels')
      .set({ canary_version: canary?.version ?? null, canary_percent: canary?.percent ?? null, updated_at: sql<Date>`now()` })
      .where('remote_id', '=', id)
      .execute();
    if (canary) await record(trx, id, 'canary', canary.version, actorId, `${canary.percent}% of users`);
    else if (channel.canary_version) await record(trx, id, 'canary-stop', channel.canary_version, actorId);
  });
}

/** Drops the admin's choices (current, history and canary): back to the configured or built version. */
export async function resetRemote(db: Kysely<DB>, id: RemoteId, actorId: string | null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const channel = await trx.selectFrom('remote_channels').selectAll().where('remote_id', '=', id).forUpdate().executeTakeFirst();
    if (!channel?.current_version && !channel?.canary_version) return false;
    await trx.deleteFrom('remote_channels').where('remote_id', '=', id).execute();
    await record(trx, id, 'reset', null, actorId);
    return true;
  });
}

/** Who reads the registry: their library, and whether they are a studio operator. */
export interface RegistryViewer {
  libraryId: string;
  operator: boolean;
}

/** A reader for the server's own use (e.g. the entries the security headers allow): names no one, changes nothing. */
const NOBODY: RegistryViewer = { libraryId: '', operator: false };

/** What the trail says instead of a person the viewer may not see (an operator or admin of another library). */
export const SOMEONE_ELSE = 'someone in another library';

/**
 * History, current, canary, health per version and the last changes of one remote (Admin → Remotes). It
 * names people (who registered a version, who changed what) only to an operator or to administrators of
 * that person's own library.
 */
export async function describeRemote(db: Kysely<DB>, id: RemoteId, sources: RegistrySources, viewer: RegistryViewer = NOBODY) {
  const person = (email: string | null, libraryId: string | null) =>
    email === null ? null : viewer.operator || libraryId === viewer.libraryId ? email : SOMEONE_ELSE;
  const [channel, rows, health, events] = await Promise.all([
    db.selectFrom('remote_channels').selectAll().where('remote_id', '=', id).executeTakeFirst(),
    db
      .selectFrom('remote_versions as v')
      .leftJoin('users as u', 'u.id', 'v.registered_by')
      .select([
        'v.version',
        'v.entry',
        'v.registered_at',
        'v.withdrawn',
        'v.withdrawn_at',
        'v.withdrawn_reason',
        'v.requires',
        'u.email as registered_by',
        'u.library_id as registered_by_library',
      ])
      .where('v.remote_id', '=', id)
      .orderBy('v.registered_at', 'desc')
      .orderBy('v.version', 'desc')
      .execute(),
    db
      .selectFrom('remote_health')
      .select(['version', 'outcome', sql<string>`count(*)`.as('n')])
      .where('remote_id', '=', id)
      .groupBy(['version', 'outcome'])
      .execute(),
    db
      .selectFrom('remote_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_id')
      .select(['e.id', 'e.action', 'e.version', 'e.detail', 'e.created_at', 'u.email as actor', 'u.library_id as actor_library'])
      .where('e.remote_id', '=', id)
      .orderBy('e.id', 'desc')
      .limit(20)
      .execute(),
  ]);
  const current = channel?.current_version ?? baseOf(id, sources)?.version ?? null;
  const canary = channel?.canary_version && channel.canary_percent ? { version: channel.canary_version, percent: channel.canary_percent } : null;
  const count = (version: string, outcome: string) => Number(health.find((h) => h.version === version && h.outcome === outcome)?.n ?? 0);
  return {
    canChange: viewer.operator,
    current,
    canary,
    versions: rows.map((r) => ({
      version: r.version,
      entry: r.entry,
      registeredAt: r.registered_at.toISOString(),
      registeredBy: person(r.registered_by, r.registered_by_library),
      status:
        r.version === current
          ? ('current' as const)
          : r.version === canary?.version
            ? ('canary' as const)
            : r.withdrawn
              ? ('withdrawn' as const)
              : ('available' as const),
      requires: r.requires,
      withdrawn: r.withdrawn ? { at: r.withdrawn_at?.toISOString() ?? null, reason: r.withdrawn_reason } : null,
      health: { loaded: count(r.version, 'loaded'), failed: count(r.version, 'load-failed') + count(r.version, 'render-failed') },
    })),
    events: events.map((e) => ({
      id: String(e.id),
      action: e.action,
      version: e.version,
      detail: e.detail,
      at: e.created_at.toISOString(),
      by: person(e.actor, e.actor_library),
    })),
  };
}
