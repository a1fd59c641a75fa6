// Server configuration, read once from the environment and validated at start: a bad value stops the
// server with a message naming the variable instead of failing later somewhere less obvious.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_IDS } from '@accent/shared';
import { SERVER_ROLES, type ServerRole } from '@accent/shell-common';
import { z } from 'zod';
import { allowHostProblem, splitAllowHosts } from './net/ssrf.js';
import type { StorageConfig } from './storage/service.js';

/** The repository root: the folder holding shell/ and mfe-<id>/ (this file is server/src or server/dist). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const JWT_SECRET_MIN_LENGTH = 32;
/** AES-256-GCM key of the credential store. */
export const MASTER_KEY_BYTES = 32;
const MASTER_KEY_FILE = 'master.key';

const optionalUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional();
const secret = z.string().min(1).optional();
const masterKey = z.string().transform((text, ctx) => {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== MASTER_KEY_BYTES) {
    ctx.addIssue({ code: 'custom', message: `must be ${MASTER_KEY_BYTES} bytes in base64 (e.g. openssl rand -base64 32)` });
    return z.NEVER;
  }
  return key;
});

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated list of hosts that may be reached although private (FLOW_ALLOW_HOSTS, SSO_ALLOW_HOSTS). */
const allowHostsSchema = () =>
  z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      for (const entry of splitAllowHosts(value ?? '')) {
        const problem = allowHostProblem(entry);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }
    });

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `http://localhost:3101` (or with a trailing slash) as an origin; null for anything else (a path, no port, a wildcard, another host). */
function localOriginOf(text: string): string | null {
  if (!/^https?:\/\/[^/]+\/?$/.test(text)) return null;
  try {
    const url = new URL(text);
    return LOOPBACK_HOSTS.has(url.hostname) && url.port !== '' ? url.origin : null;
  } catch {
    return null;
  }
}

/** One ACCENT_REMOTES entry: where a remote's mf-manifest.json lives, overriding the local build. */
export const remoteOverrideSchema = z.object({
  id: z.enum(REMOTE_IDS, { error: `id must be one of ${REMOTE_IDS.join(', ')}` }),
  entry: z.string().min(1, 'entry is required'),
  version: z.string().min(1).default('0.0.0'),
});
export type RemoteOverride = z.infer<typeof remoteOverrideSchema>;

const envSchema = z.object({
  SERVER_ROLE: z.enum(SERVER_ROLES, { error: `must be one of ${SERVER_ROLES.join(', ')}` }).default('all'),
  PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(65535, 'must be at most 65535').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // how many times start-up tries to reach DATABASE_URL (waiting 1, 2, 4 … up to 30 s between) before it gives up
  DATABASE_CONNECT_ATTEMPTS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(10),
  DATA_DIR: z.string().min(1).default('.data'),
  JWT_SECRET: z.string().min(JWT_SECRET_MIN_LENGTH, `must be at least ${JWT_SECRET_MIN_LENGTH} characters`).optional(),
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
  STATIC_ROOT: z.string().min(1).optional(),
  RELEASES_DIR: z.string().min(1).optional(),
  ACCENT_REMOTES: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(z.array(remoteOverrideSchema, { error: 'must be a JSON array of {id, entry, version}' }))
    .optional(),
  COOKIE_SECURE: booleanFlag.default(false),
  LOGIN_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(10),
  // how long a graceful shutdown (SIGTERM, SIGINT) lets in-flight requests and runs finish before it
  // marks what remains as interrupted
  SHUTDOWN_GRACE_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int('must be a whole number').min(0, 'must be at least 0').default(30_000),
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(30),
  PAGE_CHAT_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(20),
  ACCENT_MASTER_KEY: masterKey.optional(),
  // Model providers: used when the library has no stored credential of its own.
  OPENAI_API_KEY: secret,
  OPENAI_BASE_URL: optionalUrl,
  ANTHROPIC_API_KEY: secret,
  GOOGLE_GENERATIVE_AI_API_KEY: secret,
  AZURE_API_KEY: secret,
  AZURE_RESOURCE_NAME: z.string().regex(/^[a-zA-Z0-9-]+$/, 'may contain letters, digits and dashes only').optional(),
  AZURE_BASE_URL: optionalUrl,
  LOCAL_MODEL_BASE_URL: optionalUrl,
  // Where the connector tools send their requests (tests point them at a local server).
  GOOGLE_SEARCH_API_BASE_URL: optionalUrl,
  SERPAPI_BASE_URL: optionalUrl,
  SENDGRID_API_BASE_URL: optionalUrl,
  HUBSPOT_API_BASE_URL: optionalUrl,
  SALESFORCE_API_BASE_URL: optionalUrl,
  LINKEDIN_API_BASE_URL: optionalUrl,
  SLACK_API_BASE_URL: optionalUrl,
  // The browser's supabase-js client: unset → this server's own data gateway (/rest/v1); set (both) → a
  // hosted Supabase project (its REST URL is <SUPABASE_URL>/rest/v1).
  SUPABASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (the project URL, e.g. https://abc.supabase.co)' }).optional(),
  SUPABASE_ANON_KEY: z.string().min(1).optional(),
  // Mission delivery (server/src/missions)
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587' }).optional(),
  SMTP_FROM: z.string().min(3).optional(),
  ALLOW_PRIVATE_WEBHOOKS: booleanFlag.default(false),
  WEBHOOK_SIGNING_SECRET: z.string().min(JWT_SECRET_MIN_LENGTH, `must be at least ${JWT_SECRET_MIN_LENGTH} characters`).optional(),
  // Flows (server/src/flows): hosts their HTTP actions may reach although private, and the public origin
  // of deployed webhook and form URLs
  FLOW_ALLOW_HOSTS: allowHostsSchema(),
  // Single sign-on: identity providers on private hosts the server may reach (and over http://), such as
  // an in-house provider or a test's provider on loopback; unset in production unless one is needed
  SSO_ALLOW_HOSTS: allowHostsSchema(),
  // Local remotes a deployed studio's page may load (`?remote.<id>=http://localhost:3101/mf-manifest.json`):
  // comma-separated loopback origins with their port. Unset: no local port is trusted by the page's CSP.
  DEV_REMOTE_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const entry of (value ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
        const origin = localOriginOf(entry);
        if (origin) origins.push(origin);
        else ctx.addIssue({ code: 'custom', message: `"${entry}" is not a local origin: write the scheme, a loopback host and the port, e.g. http://localhost:3101` });
      }
      return origins;
    }),
  // DNS servers asked for sign-up domains' verification records (IP or IP:port, comma-separated); unset: the system's
  DNS_SERVERS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const servers = (value ?? '').split(',').map((e) => e.trim()).filter(Boolean);
      for (const server of servers) {
        const host = server.replace(/^\[(.*)\](:\d+)?$/, '$1').replace(/^([^:]+):\d+$/, '$1');
        if (!isIP(host)) ctx.addIssue({ code: 'custom', message: `"${server}" is not a DNS server address: write an IP address, optionally with a port (1.1.1.1, 127.0.0.1:5353, [::1]:53)` });
      }
      return servers;
    }),
  // behind a reverse proxy: whom to believe about the client's address (rate limits) and protocol
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, 'must be true, false, a number of proxy hops, or comma-separated proxy addresses/CIDRs')
    .optional(),
  // lets callers other than loopback read GET /metrics (Authorization: Bearer <token>)
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces').optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (the origin users reach this server at)' }).optional(),  // Library storage (/storage/v1): limits, quotas per library, and S3-compatible storage instead of DATA_DIR/storage
  STORAGE_FILE_SIZE_LIMIT: z.coerce.number({ error: 'must be a number of bytes' }).int('must be a whole number').min(1, 'must be at least 1').default(50 * 1024 * 1024),
  STORAGE_QUOTA_BYTES: z.coerce.number({ error: 'must be a number of bytes' }).int('must be a whole number').min(0).default(10 * 1024 ** 3),
  STORAGE_QUOTA_FILES: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).default(100_000),
  STORAGE_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(600),
  STORAGE_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lowercase letters, digits, dots, dashes)').optional(),
  STORAGE_S3_ENDPOINT: optionalUrl,
  STORAGE_S3_REGION: z.string().min(1).default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: secret,
  STORAGE_S3_SECRET_ACCESS_KEY: secret,
  STORAGE_S3_FORCE_PATH_STYLE: booleanFlag.default(false),
});

/** Default API hosts of the connector tools. */
export const CONNECTOR_BASE_URLS = {
  google_search: 'https://www.googleapis.com',
  serp_api: 'https://serpapi.com',
  sendgrid: 'https://api.sendgrid.com',
  hubspot: 'https://api.hubapi.com',
  /** Salesforce has no global host: the stored instance URL is used unless this is set */
  salesforce: '',
  linkedin: 'https://api.linkedin.com',
  slack: 'https://slack.com/api',
} as const;
export type ConnectorKey = keyof typeof CONNECTOR_BASE_URLS;

export interface Config {
  /** SERVER_ROLE: `all` (default) serves people and runs jobs, `web` runs no jobs or schedules, `worker` answers only health and metrics */
  role: ServerRole;
  port: number;
  host: string;
  /** Set: a real PostgreSQL through `pg`. Unset: embedded PGlite in `<dataDir>/pglite`. */
  databaseUrl?: string;
  /** DATABASE_CONNECT_ATTEMPTS: tries to reach PostgreSQL at start-up before giving up */
  databaseConnectAttempts: number;
  dataDir: string;
  jwtSecret: string;
  nodeEnv: string;
  isProduction: boolean;
  logLevel: string;
  staticRoot: string;
  remoteOverrides: RemoteOverride[];
  /** immutable remote releases, `<releasesDir>/<id>/<version>/` (RELEASES_DIR, default DATA_DIR/releases) */
  releasesDir: string;
  cookieSecure: boolean;
  /** sign-in attempts per minute per address and email */
  loginRateLimit: number;
  /** SHUTDOWN_GRACE_MS: the drain of a graceful shutdown */
  shutdownGraceMs: number;
  /** sign-in attempts per minute per address, whatever the email (password spraying) */
  loginAddressRateLimit: number;
  /** chat messages per minute per visitor address and published page (the public chat of /p/{slug}) */
  pageChatRateLimit: number;
  /** ACCENT_MASTER_KEY; unset: generated into DATA_DIR/master.key on first use (see `masterKeyFor`) */
  masterKey?: Buffer;
  /** Provider settings from the environment, per provider key (openai, anthropic, google, microsoft, local). */
  providerEnv: Record<string, Record<string, string>>;
  /** Connector API hosts, overridable for tests. */
  connectorBaseUrls: Record<ConnectorKey, string>;
  /** SUPABASE_URL and SUPABASE_ANON_KEY: the browser's tables live in that hosted project. Unset: this server's /rest/v1. */
  supabase?: { url: string; anonKey: string };
  /** SMTP_URL: mission results by email (nodemailer); unset: email delivery answers "not configured". */
  smtpUrl?: string;
  /** SMTP_FROM: the sender of mission emails. */
  smtpFrom: string;
  /** ALLOW_PRIVATE_WEBHOOKS: let webhooks reach loopback, link-local and private addresses (tests, closed networks). */
  allowPrivateWebhooks: boolean;
  /** WEBHOOK_SIGNING_SECRET, else the JWT secret: the base of each library's webhook signing secret. */
  webhookSigningSecret: string;
  /** FLOW_ALLOW_HOSTS (comma-separated names, *.suffix, IPs, CIDRs): private hosts flows' HTTP actions may reach. */
  flowAllowHosts: string[];
  /** SSO_ALLOW_HOSTS: private identity-provider hosts single sign-on may reach, http:// allowed for them. */
  ssoAllowHosts: string[];
  /** DEV_REMOTE_ORIGINS: local remote origins (http://localhost:3101) the studio's pages may load code from. */
  devRemoteOrigins: string[];
  /** DNS_SERVERS: where sign-up domains' TXT records are looked up; empty: the system's resolvers. */
  dnsServers: string[];
  /** TRUST_PROXY for Fastify: false (default), true, a hop count, or proxy addresses/CIDRs */
  trustProxy: boolean | number | string;
  /** METRICS_TOKEN: a bearer token for GET /metrics from anywhere but loopback; unset → loopback only. */
  metricsToken?: string;
  /** PUBLIC_URL without a trailing slash: the origin of deployed flows' webhook and form URLs; unset → the request's. */
  publicUrl?: string;
  /** Library storage: STORAGE_FILE_SIZE_LIMIT, STORAGE_QUOTA_*, STORAGE_RATE_LIMIT and STORAGE_S3_* (set: S3-compatible storage). */
  storage: StorageConfig & { rateLimit: number };
}

export const DEFAULT_SMTP_FROM = 'Accent Studio <no-reply@accent.local>';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration. Throws ConfigError naming the offending variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset (a common result of `FOO= cmd` or blank lines in .env files).
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const [variable, ...rest] = issue.path;
      const where = rest.length ? ` (at ${rest.join('.')})` : '';
      return `${String(variable)}${where}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  if (e.DATABASE_URL && isProduction && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: is required when DATABASE_URL is set and NODE_ENV=production');
  }
  // Several processes share one database: a key generated by one of them would be unknown to the others.
  if (e.DATABASE_URL && isProduction && !e.ACCENT_MASTER_KEY) {
    throw new ConfigError('Invalid configuration:\n  ACCENT_MASTER_KEY: is required when DATABASE_URL is set and NODE_ENV=production');
  }
  // one process opens the embedded database: it must serve people and run the jobs
  if (!e.DATABASE_URL && e.SERVER_ROLE !== 'all') {
    throw new ConfigError(
      `Invalid configuration:\n  SERVER_ROLE: ${e.SERVER_ROLE} needs DATABASE_URL (the embedded database serves one process, which must be both web and worker: leave SERVER_ROLE unset)`,
    );
  }
  if (Boolean(e.SUPABASE_URL) !== Boolean(e.SUPABASE_ANON_KEY)) {
    const missing = e.SUPABASE_URL ? 'SUPABASE_ANON_KEY' : 'SUPABASE_URL';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: is required with ${missing === 'SUPABASE_URL' ? 'SUPABASE_ANON_KEY' : 'SUPABASE_URL'} (set both to use a hosted Supabase project, or neither)`);
  }
  const jwtSecret = e.JWT_SECRET ?? persistedJwtSecret(dataDir);
  const defined = (values: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return {
    role: e.SERVER_ROLE,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseConnectAttempts: e.DATABASE_CONNECT_ATTEMPTS,
    dataDir,
    jwtSecret,
    nodeEnv: e.NODE_ENV,
    isProduction,
    logLevel: e.LOG_LEVEL,
    staticRoot: resolve(e.STATIC_ROOT ?? REPO_ROOT),
    remoteOverrides: e.ACCENT_REMOTES ?? [],
    releasesDir: resolve(e.RELEASES_DIR ?? join(dataDir, 'releases')),
    cookieSecure: e.COOKIE_SECURE,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    loginAddressRateLimit: e.LOGIN_ADDRESS_RATE_LIMIT,
    pageChatRateLimit: e.PAGE_CHAT_RATE_LIMIT,
    masterKey: e.ACCENT_MASTER_KEY,
    providerEnv: {
      openai: defined({ apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL }),
      anthropic: defined({ apiKey: e.ANTHROPIC_API_KEY }),
      google: defined({ apiKey: e.GOOGLE_GENERATIVE_AI_API_KEY }),
      microsoft: defined({ apiKey: e.AZURE_API_KEY, resourceName: e.AZURE_RESOURCE_NAME, baseUrl: e.AZURE_BASE_URL }),
      local: defined({ baseUrl: e.LOCAL_MODEL_BASE_URL }),
    },
    connectorBaseUrls: {
      google_search: e.GOOGLE_SEARCH_API_BASE_URL ?? CONNECTOR_BASE_URLS.google_search,
      serp_api: e.SERPAPI_BASE_URL ?? CONNECTOR_BASE_URLS.serp_api,
      sendgrid: e.SENDGRID_API_BASE_URL ?? CONNECTOR_BASE_URLS.sendgrid,
      hubspot: e.HUBSPOT_API_BASE_URL ?? CONNECTOR_BASE_URLS.hubspot,
      salesforce: e.SALESFORCE_API_BASE_URL ?? CONNECTOR_BASE_URLS.salesforce,
      linkedin: e.LINKEDIN_API_BASE_URL ?? CONNECTOR_BASE_URLS.linkedin,
      slack: e.SLACK_API_BASE_URL ?? CONNECTOR_BASE_URLS.slack,
    },
    supabase: e.SUPABASE_URL && e.SUPABASE_ANON_KEY ? { url: e.SUPABASE_URL, anonKey: e.SUPABASE_ANON_KEY } : undefined,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? DEFAULT_SMTP_FROM,
    allowPrivateWebhooks: e.ALLOW_PRIVATE_WEBHOOKS,
    webhookSigningSecret: e.WEBHOOK_SIGNING_SECRET ?? jwtSecret,
    flowAllowHosts: splitAllowHosts(e.FLOW_ALLOW_HOSTS ?? ''),
    ssoAllowHosts: splitAllowHosts(e.SSO_ALLOW_HOSTS ?? ''),
    devRemoteOrigins: e.DEV_REMOTE_ORIGINS,
    dnsServers: e.DNS_SERVERS,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN,
    storage: {
      maxFileSize: e.STORAGE_FILE_SIZE_LIMIT,
      quotaBytes: e.STORAGE_QUOTA_BYTES,
      quotaFiles: e.STORAGE_QUOTA_FILES,
      rateLimit: e.STORAGE_RATE_LIMIT,
      s3: e.STORAGE_S3_BUCKET
        ? {
            bucket: e.STORAGE_S3_BUCKET,
            endpoint: e.STORAGE_S3_ENDPOINT,
            region: e.STORAGE_S3_REGION,
            accessKeyId: e.STORAGE_S3_ACCESS_KEY_ID,
            secretAccessKey: e.STORAGE_S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.STORAGE_S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
  };
}

/**
 * The credential store's key: ACCENT_MASTER_KEY, else DATA_DIR/master.key (generated with mode 0600 on
 * first use). Losing the file makes stored credentials unreadable, so it lives next to the data.
 */
export function masterKeyFor(config: Pick<Config, 'masterKey' | 'dataDir'>): Buffer {
  if (config.masterKey) return config.masterKey;
  const file = join(config.dataDir, MASTER_KEY_FILE);
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== MASTER_KEY_BYTES) throw new ConfigError(`Invalid configuration:\n  ${file}: must hold ${MASTER_KEY_BYTES} bytes in base64`);
    return key;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(MASTER_KEY_BYTES);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

/** Tokens must stay valid across restarts, so a generated secret is kept next to the data. */
function persistedJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < JWT_SECRET_MIN_LENGTH) throw new ConfigError(`Invalid configuration:\n  ${file}: the stored JWT secret is too short; delete the file to generate a new one`);
    return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** TRUST_PROXY as Fastify takes it. */
function trustProxyOf(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value.replace(/\s+/g, '');
}
