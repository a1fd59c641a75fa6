// Who is calling the gateway: `Authorization: Bearer <access token>`, the same HS256 token the API uses
// (auth/access-token.ts), verified with the server's JWT secret. Its verified claims become
// `request.jwt.claims` for row-level security, as PostgREST does, except that the role, library and
// environment in them are read from the database in the statement that sets them (routes.ts): a
// deactivated or demoted user, or a sign-in that ended, is refused or restricted at once. The `apikey`
// header supabase-js always sends is accepted and ignored: the token alone decides.
import { APP_ROLES } from '@accent/shared';
import type { JWTPayload } from 'jose';
import { POSTGRES_ROLE, tokenVerifier } from '../auth/access-token.js';
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

export function createVerifyCaller(secret: string): VerifyCaller {
  // the API's verifier of this secret: the key imported once, each token's signature checked once
  const verifier = tokenVerifier(secret);
  // the caller read once per verified payload (the verifier hands out the same frozen object per token)
  const callers = new WeakMap<JWTPayload, GatewayCaller | null>();
  const callerOf = (claims: JWTPayload): GatewayCaller | null => {
    if (!callers.has(claims)) {
      const ok =
        claims.role === POSTGRES_ROLE &&
        typeof claims.sub === 'string' &&
        UUID.test(claims.sub) &&
        typeof claims.lib === 'string' &&
        UUID.test(claims.lib) &&
        typeof claims.session_id === 'string' &&
        UUID.test(claims.session_id) &&
        (APP_ROLES as readonly unknown[]).includes(claims.app_role);
      callers.set(claims, ok ? Object.freeze({ userId: claims.sub as string, sessionId: claims.session_id as string, claims, claimsJson: JSON.stringify(claims) }) : null);
    }
    return callers.get(claims) ?? null;
  };
  return async (authorization) => {
    const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
    if (!match) throw unauthorized(AUTH_MESSAGES.missing);
    const checked = await verifier.check(match[1]);
    if ('problem' in checked) throw unauthorized(checked.problem === 'expired' ? AUTH_MESSAGES.expired : AUTH_MESSAGES.invalid);
    const caller = callerOf(checked.payload);
    if (!caller) throw unauthorized(AUTH_MESSAGES.claims);
    return caller;
  };
}
