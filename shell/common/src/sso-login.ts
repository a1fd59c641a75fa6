// What the login page needs of single sign-on, without the schema library (the login page's bundle stays
// small): the fixed reasons the callback sends back as /login?error=<code>, and the provider's name read
// from GET /api/auth/sso/provider.

/**
 * The fixed reasons the callback sends back to the login page (`/login?error=<code>`): the page shows
 * the text of a known code and nothing of what the provider said.
 */
export const SSO_LOGIN_ERRORS = {
  sso_failed: 'Single sign-on did not complete. Try again, or ask an administrator.',
  sso_expired: 'That sign-in link has expired or was already used. Please try again.',
  sso_cancelled: 'Sign-in was cancelled at your identity provider.',
  sso_unverified: 'Your identity provider has not verified your email address, so it cannot be used to sign in.',
  sso_domain: 'Your email domain is not allowed to sign in to this library.',
  sso_account: 'This account cannot sign in to this library. Ask an administrator.',
  sso_unavailable: 'Single sign-on is not set up for this library.',
} as const;
export type SsoLoginError = keyof typeof SSO_LOGIN_ERRORS;

/** The text for `/login?error=…`, or null for anything that is not one of ours. */
export function ssoLoginErrorText(code: string | null | undefined): string | null {
  return code && Object.hasOwn(SSO_LOGIN_ERRORS, code) ? SSO_LOGIN_ERRORS[code as SsoLoginError] : null;
}

/** The `name` of GET /api/auth/sso/provider's answer (`ssoProviderResponseSchema`), read by hand: a non-empty string or null. */
export function readProviderName(data: unknown): string | null {
  const name = (data as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}
