// The audit log (migration 012): one `record` for every place that changes who may do what or what the
// studio runs, and the admin's filtered, paged read. Entries never hold secrets: credential entries
// name the fields that changed, never their values.
import type { FastifyRequest } from 'fastify';
import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { toCount, toIso, toJson } from '../db/values.js';
import type { AuditAction, AuditEntry, AuditQuery } from '@accent/shell-common';

interface AuditLogTable {
  id: ColumnType<string, never, never>;
  at: ColumnType<Date, never, never>;
  library_id: string | null;
  actor_id: string | null;
  actor_email: Generated<string>;
  action: string;
  target: Generated<string>;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  ip: Generated<string>;
}

const withAuditLog = (db: Kysely<DB>) => db.withTables<{ audit_log: AuditLogTable }>();

export interface AuditRecord {
  /** the library the action concerns; null when there is none (a sign-in to an unknown library) */
  libraryId: string | null;
  /** who did it; null actor id for an unknown email at sign-in or the command line */
  actor: { id: string | null; email: string };
  action: AuditAction;
  /** what it was done to: a user's email, an agent's name, a credential kind/key… */
  target?: string;
  details?: Record<string, unknown>;
  ip?: string;
}

/** Appends one entry. Give it the transaction of the change when there is one, so both or neither persist. */
export async function record(db: Kysely<DB>, entry: AuditRecord): Promise<void> {
  await withAuditLog(db)
    .insertInto('audit_log')
    .values({
      library_id: entry.libraryId,
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      action: entry.action,
      target: entry.target ?? '',
      details: toJson(entry.details ?? {}),
      ip: entry.ip ?? '',
    })
    .execute();
}

/** Library, actor and address of an authenticated request: spread into `record`'s entry. */
export const byCaller = (request: FastifyRequest) => ({
  libraryId: request.user.libraryId,
  actor: { id: request.user.id, email: request.user.email },
  ip: request.ip,
});

/** The library a sign-in names, if it exists (a failed sign-in is shown to that library's admins). */
export async function libraryIdByName(db: Kysely<DB>, environment: string, library: string): Promise<string | null> {
  const row = await db
    .selectFrom('libraries as l')
    .innerJoin('environments as e', 'e.id', 'l.environment_id')
    .select('l.id')
    .where('l.name', '=', library)
    .where('e.name', '=', environment)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Escapes LIKE's wildcards so an actor filter matches literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One library's entries, newest first, with the total matching the filters (for paging). */
export async function listAudit(db: Kysely<DB>, libraryId: string, query: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
  let base = withAuditLog(db).selectFrom('audit_log').where('library_id', '=', libraryId);
  if (query.actor) base = base.where(sql<boolean>`actor_email ILIKE ${`%${likeLiteral(query.actor)}%`}`);
  if (query.action) base = base.where('action', '=', query.action);
  if (query.from) base = base.where('at', '>=', new Date(query.from));
  if (query.to) base = base.where('at', '<', new Date(query.to));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: toCount(count.total as string | number),
    entries: rows.map((r) => ({
      id: String(r.id),
      at: toIso(r.at),
      actor_id: r.actor_id,
      actor_email: r.actor_email,
      action: r.action as AuditAction,
      target: r.target,
      details: r.details,
      ip: r.ip,
    })),
  };
}
