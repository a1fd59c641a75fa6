// The axios instance for /api/* (spec 01 §6-§8): cookies included, a bearer token when signed in, one
// refresh-and-retry on 401, and every failure normalised to ApiError so screens show one message shape.
import axios, { isAxiosError, type AxiosInstance, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { readApiError } from '@accent/shared';
import { sharedMsg } from '@accent/shared';

/** Reason phrases for when the browser gives no statusText (HTTP/2 never does). */
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  424: 'Failed Dependency',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
/** The reason phrase of an HTTP status, or '' for one without. */
export const reasonPhrase = (status: number): string => REASON_PHRASES[status] ?? '';


/**
 * A failed API call. `status` is 0 when no answer arrived (network error, timeout); the message is then
 * the network error's own message, else `HTTP {status}: {detail or statusText}` (spec 01 §8).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly detail?: string;
  /** The server's Retry-After in seconds (a 429 or 503 that says when to come back). */
  readonly retryAfterSeconds?: number;

  constructor(status: number, statusText: string, detail?: string, message?: string, retryAfterSeconds?: number) {
    super(message ?? sharedMsg.httpError(status, detail || statusText || `Error`));
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    if (detail) this.detail = detail;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After as seconds (its date form is not used by this server). */
function retryAfterOf(headers: unknown): number | undefined {
  const value = headers && typeof headers === 'object' ? (headers as Record<string, unknown>)['retry-after'] : undefined;
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

function detailOf(data: unknown): string | undefined {
  const body = readApiError(data);
  return body?.detail.trim() ? body.detail : undefined;
}

/** Turns whatever a request threw into an ApiError (cancellations excepted, see createApiClient). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error) && error.response) {
    const { status, statusText, data, headers } = error.response;
    return new ApiError(status, statusText || reasonPhrase(status), detailOf(data), undefined, retryAfterOf(headers));
  }
  const message = error instanceof Error && error.message ? error.message : 'Network Error';
  return new ApiError(0, '', undefined, message);
}

/** How the client reaches the session without importing it (the session itself uses this module). */
export interface ApiAuth {
  getToken(): string | null;
  /** Refreshes the session; true when a new token is in place. */
  refresh(): Promise<boolean>;
}

export interface ApiClientOptions {
  baseURL?: string;
  /** axios adapter, e.g. a fake one in tests */
  adapter?: AxiosRequestConfig['adapter'];
  auth?: ApiAuth;
}

type RetriableConfig = InternalAxiosRequestConfig & { _accentRetried?: boolean };

// Never refresh-and-retry the auth endpoints themselves: a 401 there is the answer, not a stale token.
const isAuthEndpoint = (url: string | undefined) => !!url && url.includes('/api/auth/');

export function createApiClient({ baseURL, adapter, auth }: ApiClientOptions = {}): AxiosInstance {
  const instance = axios.create({
    withCredentials: true,
    headers: { Accept: 'application/json' },
    ...(baseURL ? { baseURL } : {}),
    ...(adapter ? { adapter } : {}),
  });

  instance.interceptors.request.use((config) => {
    const token = auth?.getToken();
    // A caller that sets its own Authorization keeps it.
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  instance.interceptors.response.use(undefined, async (error: unknown) => {
    // Cancellation is the caller's own doing: keep it recognisable with axios.isCancel.
    if (axios.isCancel(error)) throw error;
    const config = isAxiosError(error) ? (error.config as RetriableConfig | undefined) : undefined;
    if (auth && config && isAxiosError(error) && error.response?.status === 401 && !config._accentRetried && !isAuthEndpoint(config.url)) {
      config._accentRetried = true;
      if (await auth.refresh()) {
        const token = auth.getToken();
        if (token) config.headers.set('Authorization', `Bearer ${token}`);
        return instance.request(config);
      }
    }
    throw toApiError(error);
  });

  return instance;
}

let boundAuth: ApiAuth | null = null;

/** Connects `api` to the session manager (done once by session.ts). */
export function connectApiAuth(auth: ApiAuth): void {
  boundAuth = auth;
}

/** The axios instance every app uses for /api/* (paths are absolute, e.g. '/api/v1/agent/list'). */
export const api: AxiosInstance = createApiClient({
  auth: {
    getToken: () => boundAuth?.getToken() ?? null,
    refresh: () => (boundAuth ? boundAuth.refresh() : Promise.resolve(false)),
  },
});
