// A fake SsoApi for component tests: answers like the server (settings kept, a secret never returned,
// an issuer that does not answer refused in words, the last account of a password-less user kept).
import { jest } from '@jest/globals';
import { ApiError } from '@accent/shared/client';
import { SSO_MESSAGES, type LinkedIdentity, type SsoPutRequest, type SsoSettings } from '@accent/shell-common';
import type { SsoApi } from './sso-api.js';
import type { SsoLoginApi } from './sso-login-api.js';

export const EMPTY_SETTINGS: SsoSettings = {
  configured: false,
  display_name: '',
  issuer: '',
  client_id: '',
  client_secret_set: false,
  allowed_domains: [],
  default_role: 'member',
  password_sign_in: true,
  redirect_uri: 'https://studio.example.com/api/auth/sso/callback',
  updated_at: null,
};

export function fakeSsoApi(options: { settings?: SsoSettings; identities?: LinkedIdentity[]; hasPassword?: boolean } = {}) {
  let settings = options.settings ?? EMPTY_SETTINGS;
  let identities = options.identities ?? [];
  const api: SsoApi = {
    getSettings: jest.fn(async () => settings),
    putSettings: jest.fn(async (body: SsoPutRequest) => {
      if (body.issuer.includes('broken')) throw new ApiError(400, 'Bad Request', SSO_MESSAGES.discoveryFailed(body.issuer));
      settings = {
        ...settings,
        configured: true,
        display_name: body.display_name,
        issuer: body.issuer,
        client_id: body.client_id,
        client_secret_set: settings.client_secret_set || Boolean(body.client_secret),
        allowed_domains: body.allowed_domains ?? [],
        default_role: body.default_role,
        password_sign_in: body.password_sign_in,
        updated_at: '2026-11-23T10:00:00.000Z',
      };
      return settings;
    }),
    removeSettings: jest.fn(async () => {
      settings = EMPTY_SETTINGS;
      return settings;
    }),
    identities: jest.fn(async () => ({ identities, has_password: options.hasPassword ?? true })),
    unlink: jest.fn(async (id: string) => {
      if (!options.hasPassword) throw new ApiError(409, 'Conflict', SSO_MESSAGES.cannotUnlinkLast);
      identities = identities.filter((i) => i.id !== id);
    }),
  };
  return api;
}

/** The login page's question, answered from a table of `environment/library` → provider name. */
export function fakeSsoLoginApi(providers: Record<string, string> = {}) {
  const api: SsoLoginApi = { providerName: jest.fn(async (environment: string, library: string) => providers[`${environment}/${library}`] ?? null) };
  return api;
}
