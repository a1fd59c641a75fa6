// The server processes sharing one database register themselves at start and send a heartbeat, so
// Admin can list them and a new server can see who else runs. A server keeping files in its own folder
// refuses to start while a live server keeps them elsewhere: an upload through one would be missing
// through the other. Times are the database's (one clock for every host).
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ServerInfo, ServerRole } from '@accent/shell-common';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import type { StorageLocation } from '../storage/location.js';

/** How often a server says it is alive. */
export const HEARTBEAT_MS = 15_000;
/** A heartbeat younger than this: the server is running (three beats missed: it is not). */
export const LIVE_WITHIN_MS = 45_000;
/** Servers not seen for this long are forgotten. */
const FORGET_AFTER = '7 days';

export const REGISTRY_MESSAGES = {
  storageSplit: (mine: string, other: { location: string; host: string; pid: number; role: string }) =>
    `This server keeps files in its own folder (${mine}), but the running server ${other.host} (process ${other.pid}, ${other.role}) ` +
    `on the same database keeps them in ${other.location}: a file uploaded through one would be missing through the other. ` +
    'Give every server the same S3-compatible storage (STORAGE_S3_BUCKET, STORAGE_S3_ENDPOINT, STORAGE_S3_REGION, STORAGE_S3_ACCESS_KEY_ID, ' +
    'STORAGE_S3_SECRET_ACCESS_KEY; copy the files there with npm run storage -- migrate), or one shared folder (the same DATA_DIR/storage).',
} as const;

export class StorageSplitError extends Error {
  override name = 'StorageSplitError';
}

export interface ServerIdentity {
  role: ServerRole;
  version: string;
  storage: StorageLocation;
}

export interface RegistryOptions {
  heartbeatMs?: number;
  liveWithinMs?: number;
  log?: { warn(message: string): void };
}

export interface Registration {
  readonly id: string;
  stop(): Promise<void>;
}

const liveSince = (ms: number) => sql<Date>`now() - make_interval(secs => ${ms / 1000})`;

/** Checks the storage against the live servers, then registers this process and keeps its heartbeat. */
export async function registerServer(db: Kysely<DB>, identity: ServerIdentity, options: RegistryOptions = {}): Promise<Registration> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const liveWithinMs = options.liveWithinMs ?? LIVE_WITHIN_MS;
  if (identity.storage.kind === 'folder') {
    const other = await db
      .selectFrom('servers')
      .select(['host', 'pid', 'role', 'storage_location'])
      .where('last_seen', '>', liveSince(liveWithinMs))
      .where('storage_id', '<>', identity.storage.id)
      .orderBy('last_seen', 'desc')
      .executeTakeFirst();
    if (other) throw new StorageSplitError(REGISTRY_MESSAGES.storageSplit(identity.storage.location, { ...other, location: other.storage_location }));
  }
  await db.deleteFrom('servers').where('last_seen', '<', sql<Date>`now() - ${FORGET_AFTER}::interval`).execute();
  const id = randomUUID();
  const row = {
    id,
    role: identity.role,
    version: identity.version,
    host: hostname(),
    pid: process.pid,
    storage_kind: identity.storage.kind,
    storage_location: identity.storage.location,
    storage_id: identity.storage.id,
  };
  await db.insertInto('servers').values(row).execute();
  let beating: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // a heartbeat that fails (the database away) is tried again at the next beat; a row someone removed comes back
    beating = db
      .updateTable('servers')
      .set({ last_seen: sql<Date>`now()` })
      .where('id', '=', id)
      .executeTakeFirst()
      .then((result) => (Number(result.numUpdatedRows) === 0 ? db.insertInto('servers').values(row).execute() : undefined))
      .catch((error: unknown) => options.log?.warn(`Server heartbeat failed: ${(error as Error).message}`));
  }, heartbeatMs);
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await beating;
      await db
        .deleteFrom('servers')
        .where('id', '=', id)
        .execute()
        .catch(() => undefined);
    },
  };
}

/** Every server seen lately, newest first, live ones marked. */
export async function listServers(db: Kysely<DB>, thisServer: string | null, liveWithinMs = LIVE_WITHIN_MS): Promise<ServerInfo[]> {
  const rows = await db
    .selectFrom('servers')
    .selectAll()
    .select(sql<boolean>`last_seen > ${liveSince(liveWithinMs)}`.as('live'))
    .orderBy('last_seen', 'desc')
    .execute();
  return rows.map(({ storage_id: _id, ...row }) => ({
    ...row,
    started_at: row.started_at.toISOString(),
    last_seen: row.last_seen.toISOString(),
    live: Boolean(row.live),
    this_server: row.id === thisServer,
  }));
}
