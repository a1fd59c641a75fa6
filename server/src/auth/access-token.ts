// Access tokens: HS256 JWTs shaped like Supabase's (`role: "authenticated"`, `aud`), so the same token
// also works against a hosted Supabase project's PostgREST when the server is given its JWT secret.
import { ACCESS_TOKEN_TTL_S, APP_ROLES, type AppRole } from '@accent/shared';
import type { Team } from '@accent/shell-common';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

export const POSTGRES_ROLE = 'authenticated';

/** The caller of an authenticated request (`request.user`). */
export interface AuthUser {
  id: string;
  role: AppRole;
  libraryId: string;
  env: string;
  email: string;
  /** The sign-in this token belongs to (its refresh-token family): logout or deactivation ends it. */
  sessionId: string;
  /** Authentication assurance level of the sign-in: 2 once a second factor was passed. */
  aal: 1 | 2;
  /** How the user proved who they are in this sign-in (e.g. ['password', 'totp']). */
  amr: string[];
  /** The user's team as read with their current state by the guard; absent where only a token was read. */
  team?: Team | null;
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  role: z.literal(POSTGRES_ROLE),
  app_role: z.enum(APP_ROLES),
  lib: z.string().min(1),
  env: z.string(),
  email: z.string(),
  session_id: z.uuid(),
  // tokens from before two-factor authentication have neither: one factor
  aal: z.enum(['aal1', 'aal2']).optional().default('aal1'),
  amr: z.array(z.string()).optional().default([]),
});

export interface AccessTokens {
  sign(user: AuthUser): Promise<{ token: string; expiresIn: number }>;
  /**
   * The token's claims, or null when a claim is missing, it has no expiry, it expired, or we did not
   * sign it. Only what the token says: the guard still checks the user's current state.
   */
  verify(token: string): Promise<AuthUser | null>;
}

/** Verified tokens remembered per secret (oldest forgotten first): about one per signed-in client. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_S): AccessTokens {
  // Imported once: given the raw secret, jose imports it again on every sign and verify (a request's
  // worth of work on every authenticated call). Same secret, same HS256 key: tokens are unchanged.
  const imported = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // a secret WebCrypto refuses fails each sign (throws) and verify (null), as it did when imported per call
  imported.catch(() => undefined);
  // Tokens that verified, by their exact text, with their expiry: a client sends one token on every request
  // until it refreshes it, so its signature and claims are checked once and its expiry at every use. Only
  // tokens signed with this secret get here; what the caller may do now is still read on every request.
  const verified = new Map<string, { user: AuthUser; exp: number }>();
  return {
    async sign(user) {
      const key = await imported;
      const token = await new SignJWT({ role: POSTGRES_ROLE, app_role: user.role, lib: user.libraryId, env: user.env, email: user.email, session_id: user.sessionId, aal: user.aal === 2 ? 'aal2' : 'aal1', amr: user.amr ?? [] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setAudience(POSTGRES_ROLE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
      return { token, expiresIn: ttlSeconds };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // the same check jose makes: expired once exp is not after the current second
        if (known.exp > Math.floor(Date.now() / 1000)) return { ...known.user, amr: [...known.user.amr] };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await imported, { algorithms: ['HS256'], audience: POSTGRES_ROLE, requiredClaims: ['exp'] });
        const claims = claimsSchema.parse(payload);
        const user: AuthUser = { id: claims.sub, role: claims.app_role, libraryId: claims.lib, env: claims.env, email: claims.email, sessionId: claims.session_id, aal: claims.aal === 'aal2' ? 2 : 1, amr: claims.amr };
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(token, { user, exp: payload.exp as number });
        return { ...user, amr: [...user.amr] };
      } catch {
        return null;
      }
    },
  };
}
