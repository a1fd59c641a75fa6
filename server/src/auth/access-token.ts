// Access tokens: HS256 JWTs shaped like Supabase's (`role: "authenticated"`, `aud`), so the same token
// also works against a hosted Supabase project's PostgREST when the server is given its JWT secret.
import { ACCESS_TOKEN_TTL_S, APP_ROLES, type AppRole } from '@accent/shared';
import type { ApiKeyScope, Team } from '@accent/shell-common';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
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
  /** Set when the caller authenticated with an API key (auth/api-keys) rather than a sign-in. */
  apiKey?: PresentedKey;
}

/** The API key a request authenticated with. */
export interface PresentedKey {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
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
export const VERIFIED_TOKENS_KEPT = 10_000;

/** A token's verified payload, or why it was refused. */
export type TokenCheck = { payload: JWTPayload } | { problem: 'expired' | 'invalid' };

export interface TokenVerifier {
  /** The secret as an HMAC key, imported once: given the raw secret, jose imports it again on every call. */
  key: Promise<Awaited<ReturnType<typeof crypto.subtle.importKey>>>;
  /** HS256, audience `authenticated`, an expiry required; the signature checked once per token text. */
  check(token: string): Promise<TokenCheck>;
}

const verifiers = new Map<string, TokenVerifier>();

/**
 * The one verifier of a secret, shared by the API's guard, the data gateway and storage. A client sends the
 * same token on every request until it refreshes it, so a token that verified is remembered by its exact
 * text with its expiry: its signature is checked once, its expiry at every use. Only the token's verdict is
 * kept: what the caller may do now is still read from the database on every request.
 */
export function tokenVerifier(secret: string): TokenVerifier {
  const existing = verifiers.get(secret);
  if (existing) return existing;
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // a secret WebCrypto refuses fails each sign (throws) and check (invalid), as when imported per call
  key.catch(() => undefined);
  const verified = new Map<string, JWTPayload>();
  const verifier: TokenVerifier = {
    key,
    async check(token) {
      const known = verified.get(token);
      if (known) {
        // jose's rule: expired once the current second reaches exp
        if ((known.exp as number) > Math.floor(Date.now() / 1000)) return { payload: known };
        verified.delete(token);
        return { problem: 'expired' };
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], audience: POSTGRES_ROLE, requiredClaims: ['exp'] });
        Object.freeze(payload); // one object serves every request with this token
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(token, payload);
        return { payload };
      } catch (error) {
        return { problem: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
  verifiers.set(secret, verifier);
  return verifier;
}

export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_S): AccessTokens {
  const verifier = tokenVerifier(secret);
  // the claims read once per verified payload (the verifier hands out the same object for the same token)
  const users = new WeakMap<JWTPayload, AuthUser | null>();
  const userOf = (payload: JWTPayload): AuthUser | null => {
    if (!users.has(payload)) {
      const claims = claimsSchema.safeParse(payload);
      users.set(
        payload,
        claims.success
          ? { id: claims.data.sub, role: claims.data.app_role, libraryId: claims.data.lib, env: claims.data.env, email: claims.data.email, sessionId: claims.data.session_id, aal: claims.data.aal === 'aal2' ? 2 : 1, amr: claims.data.amr }
          : null,
      );
    }
    return users.get(payload) ?? null;
  };
  return {
    async sign(user) {
      const key = await verifier.key;
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
      const checked = await verifier.check(token);
      const user = 'payload' in checked ? userOf(checked.payload) : null;
      // a copy: a caller changing its user changes nothing for the next request
      return user && { ...user, amr: [...user.amr] };
    },
  };
}
