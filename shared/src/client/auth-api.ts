// The three auth calls of the session manager (DESIGN.md §4). Separate from the session logic so tests
// can replace the transport without mocking modules.
import type { AxiosInstance } from 'axios';
import { readLoginResponse, readSecondFactorChallenge, type LoginResponse, type SecondFactorChallenge } from '@accent/shared';
import { ApiError, createApiClient } from './http.js';

/** The body of POST /api/auth/login (spec 01 §7). */
export interface LoginRequestBody {
  environment: string;
  library: string;
  email: string;
  password: string;
  domain: string;
  session_key: string;
  api_key: string;
  remember_me: boolean;
}

/**
 * The first factor was right, and the user has a second one: the server holds the pending sign-in (an
 * httpOnly cookie) until the code is given to SessionManager.completeSecondFactor.
 */
export class SecondFactorRequiredError extends Error {
  readonly challenge: SecondFactorChallenge;
  constructor(challenge: SecondFactorChallenge) {
    super('Enter the code from your authenticator app to finish signing in.');
    this.name = 'SecondFactorRequiredError';
    this.challenge = challenge;
  }
}

/**
 * The server is too busy to check the password now (a burst of sign-ins): its words, and when to try
 * again. The sign-in form says so and tries again by itself.
 */
export class SignInBusyError extends Error {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.name = 'SignInBusyError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface AuthApi {
  /** Rejects with ApiError for a non-OK answer, and with SecondFactorRequiredError when a code is needed next. */
  login(body: LoginRequestBody): Promise<LoginResponse>;
  /** The second step of a pending sign-in (optional: transports from before two-factor authentication lack it). */
  verifySecondFactor?(code: string): Promise<LoginResponse>;
  /** Abandons a pending second step. */
  cancelSecondFactor?(): Promise<void>;
  /** Trades the httpOnly refresh cookie for a new token; null when there is no valid session (401/403). */
  refresh(): Promise<LoginResponse | null>;
  /** Ends the session on the server; 401, 403 and 404 mean it is already gone (spec 01 §8). */
  logout(token: string | null): Promise<void>;
}

const LOGOUT_TIMEOUT_MS = 5000;
const isStatus = (error: unknown, ...statuses: number[]) => error instanceof ApiError && statuses.includes(error.status);

export function createAuthApi(http: AxiosInstance = createApiClient()): AuthApi {
  return {
    async login(body) {
      const { data } = await http.post<unknown>('/api/auth/login', body);
      const challenge = readSecondFactorChallenge(data);
      if (challenge) throw new SecondFactorRequiredError(challenge);
      return readLoginResponse(data);
    },
    async verifySecondFactor(code) {
      const { data } = await http.post<unknown>('/api/auth/second-factor', { code });
      return readLoginResponse(data);
    },
    async cancelSecondFactor() {
      try {
        await http.delete('/api/auth/second-factor');
      } catch {
        // the cookie expires within minutes anyway
      }
    },
    async refresh() {
      try {
        const { data } = await http.post<unknown>('/api/auth/refresh');
        return readLoginResponse(data);
      } catch (error) {
        if (isStatus(error, 401, 403)) return null;
        throw error;
      }
    },
    async logout(token) {
      try {
        // No body at all: a null body makes axios send a form content type, which the server refuses (415).
        await http.post('/api/auth/logout', undefined, {
          timeout: LOGOUT_TIMEOUT_MS,
          ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
        });
      } catch (error) {
        if (!isStatus(error, 401, 403, 404)) throw error;
      }
    },
  };
}
