// The one supabase-js client of the page (DESIGN.md §4 "The data gateway"): table operations on
// /rest/v1 (the server's PostgREST-compatible gateway, or a hosted Supabase project), created lazily from
// GET /api/v1/config, with the session's access token supplied through supabase-js's accessToken option.
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { AxiosInstance } from 'axios';
// Through the package's own name, so that this entry shares the page's one session and HTTP client
// instead of bundling second copies of them.
import { api, leavingFetch, session } from '@accent/shared/client';

export type { SupabaseClient } from '@supabase/supabase-js';

/** GET /api/v1/config */
export interface DataConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/** The config answer, trimmed; throws naming the missing field. A plain check: this entry carries no schema library. */
export function readDataConfig(value: unknown): DataConfig {
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const field = (key: keyof DataConfig) => {
    const text = typeof record[key] === 'string' ? (record[key] as string).trim() : '';
    if (!text) throw new Error(`${key} is missing`);
    return text;
  };
  return { supabaseUrl: field('supabaseUrl'), supabaseAnonKey: field('supabaseAnonKey') };
}

/** Reads the data gateway's address and public key from the server. */
export async function loadDataConfig(http: AxiosInstance = api): Promise<DataConfig> {
  const { data } = await http.get<unknown>('/api/v1/config');
  return readDataConfig(data);
}

export interface DataClientOptions {
  /** the session's current access token (null when signed out: the anon key is sent instead) */
  getToken?: () => string | null;
  /** refreshes the session; true when a new token is in place */
  refresh?: () => Promise<boolean>;
  /** the transport (a test server's, or the browser's fetch) */
  fetch?: typeof fetch;
  /** where a relative supabaseUrl is resolved (the page's origin in a browser) */
  origin?: string;
  /** supabase-js realtime options (Node 20 needs a transport class: DESIGN.md §4) */
  realtime?: SupabaseClientOptions<'public'>['realtime'];
}

/** The embedded server answers with its own origin; a relative URL is taken relative to the page. */
export function resolveDataUrl(url: string, origin?: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  const base = origin ?? (typeof location !== 'undefined' ? location.origin : undefined);
  if (!base) throw new Error(`Invalid supabaseUrl: ${url}`);
  return new URL(url || '/', base).href;
}

/**
 * A fetch that, like the axios client, answers one 401 with a session refresh and a retry with the new
 * token (an access token can expire between the session's 30 s ticks, e.g. after a laptop sleeps).
 */
export function refreshingFetch(base: typeof fetch, getToken: () => string | null, refresh: () => Promise<boolean>): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status !== 401 || !(await refresh().catch(() => false))) return response;
    const token = getToken();
    if (!token) return response;
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return base(input, { ...init, headers });
  };
}

export function createDataClient(config: DataConfig, options: DataClientOptions = {}): SupabaseClient {
  const getToken = options.getToken ?? (() => session.getToken());
  const refresh = options.refresh ?? (() => session.refresh());
  // Looked up per call, so a test or a polyfill installed later is honoured.
  // Saves started while the page is being left go out as keepalive requests (see leaving.ts).
  const baseFetch: typeof fetch = leavingFetch(options.fetch ?? ((input, init) => globalThis.fetch(input, init)));
  return createClient(resolveDataUrl(config.supabaseUrl, options.origin), config.supabaseAnonKey, {
    accessToken: async () => getToken(),
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: refreshingFetch(baseFetch, getToken, refresh) },
    ...(options.realtime ? { realtime: options.realtime } : {}),
  });
}

/** Where the client promise is kept: one per page even if a second copy of this module is loaded. */
export const DATA_CLIENT_GLOBAL_KEY = '__ACCENT_DATA_CLIENT__';

/**
 * The page's one data client, created on first use from GET /api/v1/config. A failed config load is
 * not cached, so the next call tries again.
 */
export function getDataClient(): Promise<SupabaseClient> {
  const registry = globalThis as unknown as Record<string, Promise<SupabaseClient> | undefined>;
  let pending = registry[DATA_CLIENT_GLOBAL_KEY];
  if (!pending) {
    pending = loadDataConfig().then((config) => createDataClient(config));
    registry[DATA_CLIENT_GLOBAL_KEY] = pending;
    pending.catch(() => {
      if (registry[DATA_CLIENT_GLOBAL_KEY] === pending) delete registry[DATA_CLIENT_GLOBAL_KEY];
    });
  }
  return pending;
}
