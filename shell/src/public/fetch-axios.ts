// What the lean signed-out pages get for `import axios from 'axios'` (webpack.public.mjs aliases it):
// the part of axios that @accent/shared/client's HTTP client and the sign-in screens use, over the
// browser's fetch, so those pages do not download axios (~14 KiB gzip). The same behaviour the screens
// rely on: JSON in and out, `params`, headers with has/set, `timeout`, cookies with withCredentials, one
// request and one response interceptor chain, a non-2xx answer rejected with `response` on the error.

type Params = Record<string, string | number | boolean | null | undefined>;

/** axios' header object as far as it is used: case-insensitive has/set/get. */
export class FetchHeaders {
  private readonly values = new Map<string, string>();
  constructor(init?: Record<string, string> | FetchHeaders) {
    if (init instanceof FetchHeaders) for (const [k, v] of init.values) this.values.set(k, v);
    else for (const [k, v] of Object.entries(init ?? {})) this.set(k, v);
  }
  has(name: string) {
    return this.values.has(name.toLowerCase());
  }
  get(name: string) {
    return this.values.get(name.toLowerCase());
  }
  set(name: string, value: string) {
    this.values.set(name.toLowerCase(), value);
    return this;
  }
  entries() {
    return this.values.entries();
  }
}

export interface FetchRequestConfig {
  url?: string;
  method?: string;
  baseURL?: string;
  data?: unknown;
  params?: Params;
  headers: FetchHeaders;
  timeout?: number;
  withCredentials?: boolean;
  signal?: AbortSignal;
  [key: string]: unknown;
}

type ConfigInput = Omit<Partial<FetchRequestConfig>, 'headers'> & { headers?: Record<string, string> | FetchHeaders };

export interface FetchResponse<T = unknown> {
  data: T;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  config: FetchRequestConfig;
}

export class FetchAxiosError extends Error {
  readonly isAxiosError = true;
  readonly config: FetchRequestConfig;
  readonly response?: FetchResponse;
  readonly code?: string;
  constructor(message: string, config: FetchRequestConfig, response?: FetchResponse, code?: string) {
    super(message);
    this.name = 'AxiosError';
    this.config = config;
    if (response) this.response = response;
    if (code) this.code = code;
  }
}

/** A request the caller aborted (axios.isCancel recognises it). */
class CanceledError extends Error {
  readonly __CANCEL__ = true;
  constructor() {
    super('canceled');
    this.name = 'CanceledError';
  }
}

export const isAxiosError = (value: unknown): value is FetchAxiosError => !!value && (value as { isAxiosError?: unknown }).isAxiosError === true;
export const isCancel = (value: unknown): boolean => !!value && (value as { __CANCEL__?: unknown }).__CANCEL__ === true;

type Fulfilled<T> = ((value: T) => T | Promise<T>) | undefined;
type Rejected = ((error: unknown) => unknown) | undefined;

class Interceptors<T> {
  readonly handlers: { fulfilled: Fulfilled<T>; rejected: Rejected }[] = [];
  use(fulfilled?: Fulfilled<T>, rejected?: Rejected) {
    this.handlers.push({ fulfilled, rejected });
    return this.handlers.length - 1;
  }
}

function urlOf(config: FetchRequestConfig): string {
  const base = config.baseURL && !/^[a-z]+:\/\//i.test(config.url ?? '') ? config.baseURL.replace(/\/$/, '') : '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(config.params ?? {})) if (v !== undefined && v !== null) search.append(k, String(v));
  const query = search.toString();
  const url = `${base}${config.url ?? ''}`;
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

function bodyOf(config: FetchRequestConfig): BodyInit | undefined {
  const { data } = config;
  if (data === undefined || data === null) return undefined;
  if (typeof data === 'string' || data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams) return data;
  if (!config.headers.has('Content-Type')) config.headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

function signalOf(config: FetchRequestConfig): AbortSignal | undefined {
  const timeout = config.timeout ? AbortSignal.timeout(config.timeout) : undefined;
  if (timeout && config.signal) return AbortSignal.any([timeout, config.signal]);
  return timeout ?? config.signal;
}

async function dispatch(config: FetchRequestConfig): Promise<FetchResponse> {
  let answer: Response;
  const body = bodyOf(config); // before the headers are read: it sets the JSON content type
  try {
    answer = await fetch(urlOf(config), {
      method: (config.method ?? 'get').toUpperCase(),
      headers: Object.fromEntries(config.headers.entries()),
      body,
      credentials: config.withCredentials ? 'include' : 'same-origin',
      signal: signalOf(config),
    });
  } catch (error) {
    if (config.signal?.aborted) throw new CanceledError();
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new FetchAxiosError(timedOut ? `timeout of ${config.timeout}ms exceeded` : 'Network Error', config, undefined, timedOut ? 'ECONNABORTED' : 'ERR_NETWORK');
  }
  const text = await answer.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : '';
  } catch {
    // not JSON: the text itself, as axios gives it
  }
  const response: FetchResponse = { data, status: answer.status, statusText: answer.statusText, headers: Object.fromEntries(answer.headers.entries()), config };
  if (answer.status >= 200 && answer.status < 300) return response;
  throw new FetchAxiosError(`Request failed with status code ${answer.status}`, config, response, answer.status < 500 ? 'ERR_BAD_REQUEST' : 'ERR_BAD_RESPONSE');
}

export interface FetchInstance {
  defaults: ConfigInput;
  interceptors: { request: Interceptors<FetchRequestConfig>; response: Interceptors<FetchResponse> };
  request<T = unknown>(config: ConfigInput): Promise<FetchResponse<T>>;
  get<T = unknown>(url: string, config?: ConfigInput): Promise<FetchResponse<T>>;
  delete<T = unknown>(url: string, config?: ConfigInput): Promise<FetchResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: ConfigInput): Promise<FetchResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: ConfigInput): Promise<FetchResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: ConfigInput): Promise<FetchResponse<T>>;
}

export function create(defaults: ConfigInput = {}): FetchInstance {
  const interceptors = { request: new Interceptors<FetchRequestConfig>(), response: new Interceptors<FetchResponse>() };
  async function request<T>(input: ConfigInput): Promise<FetchResponse<T>> {
    // a retried request comes back with its own headers object: keep it (the interceptor set a new token on it)
    const headers = input.headers instanceof FetchHeaders ? input.headers : new FetchHeaders({ ...(defaults.headers as Record<string, string>), ...(input.headers as Record<string, string>) });
    let config: FetchRequestConfig = { ...defaults, ...input, headers };
    for (const { fulfilled } of [...interceptors.request.handlers].reverse()) if (fulfilled) config = await fulfilled(config);
    let outcome: Promise<FetchResponse> = dispatch(config);
    for (const { fulfilled, rejected } of interceptors.response.handlers) outcome = outcome.then(fulfilled, rejected) as Promise<FetchResponse>;
    return (await outcome) as FetchResponse<T>;
  }
  const withBody =
    (method: string) =>
    <T>(url: string, data?: unknown, config?: ConfigInput) =>
      request<T>({ ...config, method, url, data });
  const without =
    (method: string) =>
    <T>(url: string, config?: ConfigInput) =>
      request<T>({ ...config, method, url });
  return { defaults, interceptors, request, get: without('get'), delete: without('delete'), post: withBody('post'), put: withBody('put'), patch: withBody('patch') };
}

const axios = { create, isAxiosError, isCancel };
export default axios;
