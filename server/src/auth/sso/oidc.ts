// The OpenID Connect client (openid-client 6): discovery, the authorization URL (PKCE, state, nonce) and
// the code exchange with ID-token validation by the provider's published keys. Every request to the
// provider goes through the server's SSRF guard: an issuer on a private address is refused unless its host
// is in SSO_ALLOW_HOSTS, and only such a host may be reached over plain http://.
import { SSO_MESSAGES } from '@accent/shell-common';
import type * as Oidc from 'openid-client';
import { checkUrl, guardedFetch, SSRF_MESSAGES, SsrfError, type SsrfPolicy } from '../../net/ssrf.js';
import type { SsoProvider } from './store.js';

// Loaded on first use (a sign-in with SSO, or saving SSO settings), not at server start.
let oidc: Promise<typeof Oidc> | undefined;
const loadOidc = () => (oidc ??= import('openid-client'));

const SSO_HINT = 'An administrator of the server can allow this host with SSO_ALLOW_HOSTS.';
const TIMEOUT_MS = 10_000;

export type OidcConfiguration = Oidc.Configuration;

/** fetch for openid-client, sent through the SSRF guard (redirects answered as they are: the library decides). */
function guardedClientFetch(policy: SsrfPolicy): Oidc.CustomFetch {
  return async (url, options) => {
    const body = options.body === undefined || options.body === null ? undefined : options.body instanceof URLSearchParams ? options.body.toString() : String(options.body);
    const response = await guardedFetch({ url, method: options.method, headers: options.headers, body, followRedirects: false, timeoutMs: TIMEOUT_MS, signal: options.signal }, policy);
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) headers.set(name, value);
    return new Response(response.status === 204 || response.status === 304 ? null : new Uint8Array(response.body), { status: response.status, statusText: response.statusText, headers });
  };
}

export interface OidcClientOptions {
  /** SSO_ALLOW_HOSTS */
  allowHosts: readonly string[];
}

/** Whether the issuer's host may be reached over http:// (an allowed private host: tests, in-house providers). */
function insecureAllowed(issuer: URL, allowHosts: readonly string[]): boolean {
  const host = issuer.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return allowHosts.some((entry) => entry.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1') === host);
}

export class IssuerProblem extends Error {
  override name = 'IssuerProblem';
}

/**
 * The provider's configuration from its discovery document. Throws IssuerProblem with a sentence an
 * administrator understands when the issuer is refused, does not answer, or is not an OIDC provider.
 */
export async function discover(provider: Pick<SsoProvider, 'issuer' | 'clientId' | 'clientSecret'>, { allowHosts }: OidcClientOptions): Promise<OidcConfiguration> {
  const issuer = new URL(provider.issuer);
  const insecure = issuer.protocol === 'http:';
  if (insecure && !insecureAllowed(issuer, allowHosts)) throw new IssuerProblem(SSO_MESSAGES.insecureIssuer);
  const policy: SsrfPolicy = { allowHosts, blockedHint: SSO_HINT };
  try {
    await checkUrl(issuer, policy);
  } catch (error) {
    throw new IssuerProblem(error instanceof Error ? error.message : SSRF_MESSAGES.badUrl(provider.issuer));
  }
  const client = await loadOidc();
  try {
    return await client.discovery(issuer, provider.clientId, provider.clientSecret, client.ClientSecretPost(provider.clientSecret), {
      [client.customFetch]: guardedClientFetch(policy),
      // openid-client trusts TLS for an ID token from the token endpoint; the signature is checked
      // against the provider's published keys as well
      execute: insecure ? [client.allowInsecureRequests, client.enableNonRepudiationChecks] : [client.enableNonRepudiationChecks],
      timeout: TIMEOUT_MS / 1000,
    });
  } catch (error) {
    if (error instanceof SsrfError) throw new IssuerProblem(error.message);
    throw new IssuerProblem(SSO_MESSAGES.discoveryFailed(provider.issuer), { cause: error });
  }
}

// One configuration per library and saved settings: discovery and the provider's keys are fetched once,
// not at every sign-in. A change of settings (another updatedAt) builds a new one.
const cache = new Map<string, { at: number; configuration: Promise<OidcConfiguration> }>();
const CACHE_MS = 10 * 60_000;

export function configurationFor(provider: SsoProvider, options: OidcClientOptions): Promise<OidcConfiguration> {
  const key = `${provider.libraryId}|${provider.updatedAt.getTime()}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.configuration;
  for (const k of cache.keys()) if (k.startsWith(`${provider.libraryId}|`)) cache.delete(k);
  const configuration = discover(provider, options);
  cache.set(key, { at: Date.now(), configuration });
  configuration.catch(() => cache.delete(key));
  return configuration;
}

export interface AuthorizationStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function startAuthorization(configuration: OidcConfiguration, redirectUri: string): Promise<AuthorizationStart> {
  const client = await loadOidc();
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/**
 * Exchanges the code at the token endpoint and validates the ID token (signature by the provider's keys,
 * issuer, audience, expiry, nonce); the email comes from the ID token or, when the provider keeps it for
 * the userinfo endpoint, from there (same subject required).
 */
export async function finishAuthorization(
  configuration: OidcConfiguration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedIdentity> {
  const client = await loadOidc();
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  let email = typeof claims.email === 'string' ? claims.email : null;
  let emailVerified = claims.email_verified === true;
  let name = typeof claims.name === 'string' ? claims.name : null;
  if (!email) {
    const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    email = typeof info.email === 'string' ? info.email : null;
    emailVerified = info.email_verified === true;
    name ??= typeof info.name === 'string' ? info.name : null;
  }
  return { issuer: claims.iss, subject: claims.sub, email: email?.trim().toLowerCase() ?? null, emailVerified, name };
}
