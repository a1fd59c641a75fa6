// API keys (migration 030): making one, and turning a presented key into the caller it stands for. A key
// acts as its owner does now (role, library, team and whether they may still sign in are read on every
// use), only on the routes its scopes name; every use, and every refusal of a valid key, is audited.
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SCOPES, API_KEY_TEXTS, type ApiKeyScope } from '@accent/shell-common';
import type { AppRole } from '@accent/shared';
import type { Team } from '@accent/shell-common';
import type { FastifyRequest } from 'fastify';
import { sql, type ColumnType, type Kysely } from 'kysely';
import { record } from '../../audit/audit.js';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import type { AuthUser } from '../access-token.js';

export type { PresentedKey } from '../access-token.js';

export interface ApiKeysTable {
  id: ColumnType<string, string | undefined, never>;
  library_id: ColumnType<string, string, never>;
  owner_id: ColumnType<string, string, never>;
  kind: ColumnType<'personal' | 'service', 'personal' | 'service', never>;
  name: ColumnType<string, string, never>;
  prefix: ColumnType<string, string, never>;
  key_hash: ColumnType<string, string, never>;
  scopes: ColumnType<ApiKeyScope[], string, never>;
  aal: ColumnType<number, number, never>;
  expires_at: ColumnType<Date | null, string | null, never>;
  created_at: ColumnType<Date, never, never>;
  last_used_at: ColumnType<Date | null, never, never>;
  revoked_at: ColumnType<Date | null, never, Date | string>;
  revoked_by: ColumnType<string | null, never, string>;
}
export const withApiKeys = (db: Kysely<DB>) => db.withTables<{ api_keys: ApiKeysTable }>();

/** 256 random bits after a recognisable prefix; only its hash is stored. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 8), hash: hashApiKey(key) };
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const isApiKey = (bearer: string) => bearer.startsWith(API_KEY_PREFIX);

/**
 * The routes a key may open, by scope (Fastify's route pattern, prefix included). Anything else is closed
 * to keys: the session endpoints (/api/auth/*), key management itself (a key never makes keys), the
 * editors' routes. The data gateway and storage verify session tokens only, so keys never reach them.
 */
const SCOPED_ROUTES: { scope: ApiKeyScope; methods?: readonly string[]; route: RegExp }[] = [
  { scope: 'agents:invoke', methods: ['POST'], route: /^\/api\/v1\/agent\/invoke$/ },
  { scope: 'agents:invoke', route: /^\/mcp$/ },
  { scope: 'agents:read', methods: ['GET'], route: /^\/api\/v1\/(agent\/(list|versions|version|runs)|multi-agent\/agent-config|runs\/:id)$/ },
  { scope: 'flows:run', methods: ['POST'], route: /^\/api\/v1\/flows\/:id\/test$/ },
  { scope: 'flows:run', methods: ['GET'], route: /^\/api\/v1\/flows\/:id\/runs$/ },
  { scope: 'remotes:publish', route: /^\/api\/v1\/remotes\/:id(\/(versions|promote|rollback|canary))?$/ },
  { scope: 'admin', route: /^\/api\/v1\/admin\/(?!api-keys)/ },
];

/** The scope a request needs to be made with a key, or null when keys are not accepted there. */
export function scopeOfRoute(method: string, route: string | undefined): ApiKeyScope | null {
  if (!route) return null;
  const found = SCOPED_ROUTES.find((entry) => entry.route.test(route) && (!entry.methods || entry.methods.includes(method)));
  return found?.scope ?? null;
}

interface KeyCallerRow {
  key_id: string;
  key_name: string;
  key_prefix: string;
  scopes: ApiKeyScope[] | string;
  aal: number;
  user_id: string;
  role: AppRole;
  library_id: string;
  env: string;
  email: string;
  team: Team | null;
}

/**
 * The caller behind `key` for this request, as its owner is now, or an HttpError: 401 where keys are not
 * accepted or the key is no good, 403 when it lacks the route's scope. `scope` overrides the route's
 * (for routes that read the key themselves, such as /mcp).
 */
export async function callerOfApiKey(
  db: Kysely<DB>,
  request: FastifyRequest,
  key: string,
  scope = scopeOfRoute(request.method, request.routeOptions.url),
): Promise<AuthUser> {
  if (!scope) throw new HttpError(401, API_KEY_TEXTS.notHere);
  const { rows } = await sql<KeyCallerRow>`SELECT * FROM public.accent_api_key_caller(${hashApiKey(key)})`.execute(db);
  const row = rows[0];
  if (!row) throw new HttpError(401, API_KEY_TEXTS.badKey);
  const scopes = (typeof row.scopes === 'string' ? JSON.parse(row.scopes) : row.scopes) as ApiKeyScope[];
  const allowed = scopes.includes(scope);
  await record(db, {
    libraryId: row.library_id,
    actor: { id: row.user_id, email: row.email },
    action: allowed ? 'api_key.use' : 'api_key.refused',
    target: `${row.key_name} (${row.key_prefix}…)`,
    details: { key_id: row.key_id, scope, method: request.method, route: request.routeOptions.url ?? request.url.split('?')[0] },
    ip: request.ip,
  });
  if (!allowed) throw new HttpError(403, API_KEY_TEXTS.missingScope(scope));
  return {
    id: row.user_id,
    role: row.role,
    libraryId: row.library_id,
    env: row.env,
    email: row.email,
    sessionId: row.key_id,
    aal: row.aal === 2 ? 2 : 1,
    amr: ['api_key'],
    team: row.team,
    apiKey: {
      id: row.key_id,
      name: row.key_name,
      prefix: row.key_prefix,
      scopes: scopes.filter((s) => (API_KEY_SCOPES as readonly string[]).includes(s)),
    },
  };
}
