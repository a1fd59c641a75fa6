// The signed-in user and the login answer as plain types with small hand-written shape checks. The login
// page runs on these, so they must not pull in a schema library; the server keeps the zod schemas of the
// same shapes (server/src/auth/schemas.ts) and answers only what they accept.
import { APP_ROLES, DEFAULT_ENVIRONMENT, DEFAULT_LIBRARY, type AppRole } from './constants.js';

export interface User {
  user_id: string;
  account_id: string;
  library_id: string;
  env_name: string;
  email: string;
  name: string;
  title: string;
  role: AppRole;
  web_client_url: string;
}

export interface LoginResponse extends User {
  token: string;
  /** seconds until the access token expires */
  expires_in: number;
}

/** How the second step of a sign-in can be passed: a code from an authenticator app, or a recovery code. */
export type SecondFactorMethod = 'totp' | 'recovery_code';

/**
 * What a sign-in answers instead of a session when the user has a second factor: the session is issued
 * by POST /api/auth/second-factor once the code is right.
 */
export interface SecondFactorChallenge {
  second_factor_required: true;
  methods: SecondFactorMethod[];
}

/** The login form's Advanced Settings remembered in the browser. */
export interface AdvancedSettings {
  environment: string;
  library: string;
}

/** Error body of every API error: `{detail}` (spec 01 §7), plus a machine code. */
export interface ApiErrorBody {
  detail: string;
  code?: string;
}

const USER_TEXT_FIELDS = ['user_id', 'account_id', 'library_id', 'env_name', 'email', 'name', 'title', 'web_client_url'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The user's fields of `value` (extra fields left out), or null when one is missing or of the wrong type. */
export function readUser(value: unknown): User | null {
  if (!isRecord(value)) return null;
  if (!USER_TEXT_FIELDS.every((key) => typeof value[key] === 'string')) return null;
  if (!(APP_ROLES as readonly unknown[]).includes(value.role)) return null;
  const user = { role: value.role as AppRole } as User;
  for (const key of USER_TEXT_FIELDS) user[key] = value[key] as string;
  return user;
}

/** A login or refresh answer; throws when the server answered something else. */
export function readLoginResponse(value: unknown): LoginResponse {
  const user = readUser(value);
  if (!user || !isRecord(value) || typeof value.token !== 'string' || typeof value.expires_in !== 'number' || !Number.isFinite(value.expires_in)) {
    throw new Error('The server sent an unexpected sign-in answer');
  }
  return { ...user, token: value.token, expires_in: value.expires_in };
}

/** A second-step answer, or null when the sign-in answer is something else. */
export function readSecondFactorChallenge(value: unknown): SecondFactorChallenge | null {
  if (!isRecord(value) || value.second_factor_required !== true || !Array.isArray(value.methods)) return null;
  const methods = value.methods.filter((m): m is SecondFactorMethod => m === 'totp' || m === 'recovery_code');
  return { second_factor_required: true, methods };
}

/** An API error body, or null when the answer is not one. */
export function readApiError(value: unknown): ApiErrorBody | null {
  if (!isRecord(value) || typeof value.detail !== 'string') return null;
  return typeof value.code === 'string' ? { detail: value.detail, code: value.code } : { detail: value.detail };
}

const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Stored Advanced Settings; a missing or blank value falls back to the default. */
export function readAdvancedSettings(value: unknown): AdvancedSettings {
  const record = isRecord(value) ? value : {};
  return { environment: nonEmpty(record.environment) ?? DEFAULT_ENVIRONMENT, library: nonEmpty(record.library) ?? DEFAULT_LIBRARY };
}
