// Route guards: `authenticate` puts the caller on `request.user`; `requireRole` enforces roles on the
// server (the client's mode switch is only presentation). The token only says who is asking and in
// which sign-in; their role, library and whether they may still ask at all are read from the database
// on every request, so removing rights takes effect at once rather than when the token expires. An API
// key (auth/api-keys) stands for its owner the same way, on the routes its scopes open.
import type { AppRole } from '@accent/shared';
import { TWO_FACTOR_TEXTS } from '@accent/shell-common';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import type { AccessTokens, AuthUser } from './access-token.js';
import { libraryRequiresTwoFactor } from './two-factor/factors.js';
import { callerOfApiKey, isApiKey } from './api-keys/keys.js';
import { findCurrentCaller } from './users.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` guard; only read it in routes that use the guard. */
    user: AuthUser;
    /** Set by the `authenticate` guard: whether the caller's library requires two factors, read when asked. */
    libraryRequiresTwoFactor: () => Promise<boolean>;
  }
}

export const NOT_SIGNED_IN = 'Not signed in';

export type Guard = (request: FastifyRequest) => Promise<void>;

export function createAuthenticate(tokens: AccessTokens, db: Kysely<DB>): Guard {
  return async (request) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const user = match && isApiKey(match[1]) ? await callerOfApiKey(db, request, match[1]) : await callerOfToken(match?.[1]);
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
    request.user = user;
    // read only by the routes that need it (administration with a one-factor token), not on every request
    request.libraryRequiresTwoFactor = () => libraryRequiresTwoFactor(db, user.libraryId);
  };
  async function callerOfToken(token: string | undefined) {
    const claims = token ? await tokens.verify(token) : null;
    return claims ? await findCurrentCaller(db, claims) : undefined;
  }
}

/**
 * Use after `authenticate`. Routes only administrators may use are administration: where the library
 * requires two-factor authentication, they also need a sign-in that passed the second factor.
 */
export function requireRole(roles: readonly AppRole[], detail: string): Guard {
  const administration = roles.length > 0 && roles.every((role) => role === 'admin');
  return async (request) => {
    if (!roles.includes(request.user.role)) throw new HttpError(403, detail);
    if (administration) await requireSecondFactorForAdministration(request);
  };
}

/** Administration (an admin's or a studio operator's) needs a second factor where the caller's library requires one. */
export async function requireSecondFactorForAdministration(request: FastifyRequest): Promise<void> {
  if (request.user.aal < 2 && (await request.libraryRequiresTwoFactor())) throw new HttpError(403, TWO_FACTOR_TEXTS.requiredForAdmin);
}
