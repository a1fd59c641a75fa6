// Who is calling the gateway: `Authorization: Bearer <access token>`, the same HS256 token the API uses
// (auth/access-token.ts), verified with the server's JWT secret. Its verified claims become
// `request.jwt.claims` for row-level security, as PostgREST does, except that the role, library and
// environment in them are read from the database in the statement that sets them (routes.ts): a
// deactivated or demoted user, or a sign-in that ended, is refused or restricted at once. The `apikey`
// header supabase-js always sends is accepted and ignored: the token alone decides.
import { APP_ROLES } from '@accent/shared';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { POSTGRES_ROLE } from '../auth/access-token.js';
import { GatewayError } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unauthorized = (message: string) =>
  new GatewayError(401, 'PGRST301', message, {
    headers: { 'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"` },
  });

export const AUTH_MESSAGES = {
  missing: 'No JWT: send Authorization: Bearer <access token>',
  expired: 'JWT expired',
  invalid: 'JWT is invalid',
  claims: 'JWT claims are not those of an Accent Studio access token',
  ended: 'This sign-in has ended: sign in again',
} as const;

export const sessionEnded = () => unauthorized(AUTH_MESSAGES.ended);

export interface GatewayCaller {
  userId: string;
  sessionId: string;
  claims: JWTPayload;
  /** JSON of the claims, for set_config('request.jwt.claims', …) */
  claimsJson: string;
}

export type VerifyCaller = (authorization: string | undefined) => Promise<GatewayCaller>;

/** Most verified tokens remembered at once (a browser sends the same access token until it is renewed). */
export const VERIFIED_TOKENS_KEPT = 10_000;

export function createVerifyCaller(secret: string): VerifyCaller {
  // Imported once (as auth/access-token.ts does): given the raw secret, jose would import it again on
  // every request. Same secret, same HS256 key; a secret WebCrypto refuses fails each verify as before.
  const imported = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  imported.catch(() => undefined);
  // Tokens already verified, by their exact text (signature included): the HMAC check costs more than
  // the rest of a read on the server's side. Only the signature's verdict is kept: expiry is checked at
  // every use, and the caller's current state is read from the database at every request as before.
  const verified = new Map<string, { caller: GatewayCaller; exp: number }>();
  return async (authorization) => {
    const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
    if (!match) throw unauthorized(AUTH_MESSAGES.missing);
    const known = verified.get(match[1]);
    if (known) {
      // jose's rule: expired once the current second reaches exp
      if (Math.floor(Date.now() / 1000) < known.exp) return known.caller;
      verified.delete(match[1]);
      throw unauthorized(AUTH_MESSAGES.expired);
    }
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(match[1], await imported, { algorithms: ['HS256'], audience: POSTGRES_ROLE, requiredClaims: ['exp'] }));
    } catch (error) {
      throw unauthorized(error instanceof joseErrors.JWTExpired ? AUTH_MESSAGES.expired : AUTH_MESSAGES.invalid);
    }
    const ok =
      claims.role === POSTGRES_ROLE &&
      typeof claims.sub === 'string' &&
      UUID.test(claims.sub) &&
      typeof claims.lib === 'string' &&
      UUID.test(claims.lib) &&
      typeof claims.session_id === 'string' &&
      UUID.test(claims.session_id) &&
      (APP_ROLES as readonly unknown[]).includes(claims.app_role);
    if (!ok) throw unauthorized(AUTH_MESSAGES.claims);
    // frozen: one object serves every request with this token
    const caller = Object.freeze({ userId: claims.sub as string, sessionId: claims.session_id as string, claims: Object.freeze(claims), claimsJson: JSON.stringify(claims) });
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string); // the oldest
    verified.set(match[1], { caller, exp: claims.exp as number });
    return caller;
  };
}
