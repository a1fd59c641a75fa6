// Single sign-on with OpenID Connect: Admin → Sign-in (the library's identity provider), the login
// page's "Sign in with <provider>" and the profile's linked accounts. Used by the server and the shell.
import { z } from 'zod';

/** Roles a first sign-in may create: an administrator is always made by another administrator. */
export const SSO_ROLES = ['member', 'builder'] as const;
export type SsoRole = (typeof SSO_ROLES)[number];
export const SSO_DOMAINS_MAX = 50;

export const SSO_MESSAGES = {
  notConfigured: 'No identity provider is set up for this library.',
  discoveryFailed: (issuer: string) => `${issuer} did not answer as an OpenID Connect provider (no valid /.well-known/openid-configuration). Check the issuer URL.`,
  secretRequired: 'Enter the client secret.',
  badDomain: (domain: string) => `"${domain}" is not an email domain (such as example.com).`,
  insecureIssuer: 'The issuer URL must start with https://.',
  identityNotFound: 'Linked account not found.',
  cannotUnlinkLast: 'Set a password before unlinking: this account is your only way to sign in.',
  passwordSignInOff: (provider: string) => `Password sign-in is turned off for this library. Use "Sign in with ${provider}".`,
  tooManyAttempts: 'Too many sign-in attempts. Try again in a minute.',
} as const;

const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** GET /api/v1/admin/sso */
export const ssoSettingsSchema = z.object({
  configured: z.boolean(),
  display_name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  allowed_domains: z.array(z.string()),
  default_role: z.enum(SSO_ROLES),
  password_sign_in: z.boolean(),
  /** what to register at the provider as the redirect (callback) URI */
  redirect_uri: z.string(),
  updated_at: z.string().nullable(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** PUT /api/v1/admin/sso: an empty client secret keeps the stored one. */
export const ssoPutRequestSchema = z.object({
  display_name: z.string({ error: 'Display name is required' }).trim().min(1, 'Display name is required').max(60, 'Display name is at most 60 characters'),
  // kept exactly as typed (trimmed): the provider's discovery document must name the same issuer, and
  // some providers' identifiers end with a slash
  issuer: z.string().trim().pipe(z.url({ protocol: /^https?$/, error: 'Enter the issuer URL, such as https://login.example.com' }).max(500, 'The issuer URL is at most 500 characters')),
  client_id: z.string({ error: 'Client ID is required' }).trim().min(1, 'Client ID is required').max(300),
  client_secret: z.string().max(2000).default(''),
  allowed_domains: z
    .array(z.string().trim().toLowerCase().min(1, 'A domain is empty'))
    .max(SSO_DOMAINS_MAX, `At most ${SSO_DOMAINS_MAX} domains`)
    .superRefine((domains, ctx) => {
      domains.forEach((domain, i) => {
        if (!DOMAIN.test(domain)) ctx.addIssue({ code: 'custom', path: [i], message: SSO_MESSAGES.badDomain(domain) });
      });
    }),
  default_role: z.enum(SSO_ROLES, { error: 'The role of new users must be End User or Builder' }),
  password_sign_in: z.boolean(),
});
export type SsoPutRequest = z.input<typeof ssoPutRequestSchema>;

/** GET /api/auth/sso/provider?environment=&library= (public: the login page asks it) */
export const ssoProviderQuerySchema = z.object({
  environment: z.string().trim().min(1).max(200),
  library: z.string().trim().min(1).max(200),
});
export const ssoProviderResponseSchema = z.object({ name: z.string().nullable() });
export type SsoProviderResponse = z.infer<typeof ssoProviderResponseSchema>;

/** GET /api/auth/sso/start */
export const ssoStartQuerySchema = ssoProviderQuerySchema.extend({
  remember_me: z.enum(['true', 'false']).default('false'),
});

/** GET /api/auth/sso/identities */
export const linkedIdentitySchema = z.object({
  id: z.string(),
  provider: z.string(),
  issuer: z.string(),
  email: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;
export const linkedIdentitiesResponseSchema = z.object({
  identities: z.array(linkedIdentitySchema),
  /** false: the user signs in through the provider only, so the last identity cannot be unlinked */
  has_password: z.boolean(),
});
export type LinkedIdentitiesResponse = z.infer<typeof linkedIdentitiesResponseSchema>;
