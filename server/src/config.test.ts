import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig, masterKeyFor, REPO_ROOT } from './config.js';

const SECRET = 'a-configured-secret-of-at-least-32-chars';
const MASTER_KEY = randomBytes(32);
const tempDir = () => mkdtempSync(join(tmpdir(), 'accent-config-'));

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({ JWT_SECRET: SECRET });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: join(process.cwd(), '.data'),
      jwtSecret: SECRET,
      nodeEnv: 'development',
      isProduction: false,
      logLevel: 'info',
      staticRoot: REPO_ROOT.replace(/\/$/, ''),
      remoteOverrides: [],
      cookieSecure: false,
      trustProxy: false,
    });
  });

  it('reads TRUST_PROXY as Fastify takes it, and refuses what is not an address list', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    expect(() => loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: must be true, false, a number of proxy hops/);
  });

  it('finds the repository root (the folder with shell/ and server/) from its own location', () => {
    expect(statSync(join(REPO_ROOT, 'server', 'migrations')).isDirectory()).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://user:pw@db:5432/accent',
      JWT_SECRET: SECRET,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      STATIC_ROOT: '/srv/accent',
      ACCENT_REMOTES: '[{"id":"flows","entry":"https://cdn.example.com/flows/mf-manifest.json","version":"1.0.0"}]',
      COOKIE_SECURE: 'true',
      LOGIN_RATE_LIMIT: '25',
      LOGIN_ADDRESS_RATE_LIMIT: '50',
      PAGE_CHAT_RATE_LIMIT: '5',
      ACCENT_MASTER_KEY: MASTER_KEY.toString('base64'),
      OPENAI_API_KEY: 'sk-env',
      OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1',
      AZURE_API_KEY: 'az-key',
      AZURE_RESOURCE_NAME: 'acme-openai',
      SLACK_API_BASE_URL: 'http://127.0.0.1:9998',
    });
    expect(config.masterKey?.equals(MASTER_KEY)).toBe(true);
    expect(config.providerEnv).toEqual({
      openai: { apiKey: 'sk-env', baseUrl: 'http://127.0.0.1:9999/v1' },
      anthropic: {},
      google: {},
      microsoft: { apiKey: 'az-key', resourceName: 'acme-openai' },
      local: {},
    });
    expect(config.connectorBaseUrls).toMatchObject({ slack: 'http://127.0.0.1:9998', sendgrid: 'https://api.sendgrid.com' });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://user:pw@db:5432/accent',
      isProduction: true,
      logLevel: 'warn',
      staticRoot: '/srv/accent',
      remoteOverrides: [{ id: 'flows', entry: 'https://cdn.example.com/flows/mf-manifest.json', version: '1.0.0' }],
      cookieSecure: true,
      loginRateLimit: 25,
      loginAddressRateLimit: 50,
      pageChatRateLimit: 5,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: must be a number'],
    [{ PORT: '70000' }, 'PORT: must be at most 65535'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of'],
    [{ COOKIE_SECURE: 'maybe' }, 'COOKIE_SECURE: must be true or false'],
    [{ PAGE_CHAT_RATE_LIMIT: '0' }, 'PAGE_CHAT_RATE_LIMIT: must be at least 1'],
    [{ DATABASE_CONNECT_ATTEMPTS: '0' }, 'DATABASE_CONNECT_ATTEMPTS: must be at least 1'],
    [{ LOGIN_ADDRESS_RATE_LIMIT: 'lots' }, 'LOGIN_ADDRESS_RATE_LIMIT: must be a number'],
    [{ ACCENT_REMOTES: '{not json' }, 'ACCENT_REMOTES: must be a JSON array'],
    [{ ACCENT_MASTER_KEY: Buffer.alloc(16).toString('base64') }, 'ACCENT_MASTER_KEY: must be 32 bytes in base64'],
    [{ OPENAI_BASE_URL: 'localhost:8080' }, 'OPENAI_BASE_URL: must be an http:// or https:// URL'],
    [{ ACCENT_REMOTES: '[{"id":"billing","entry":"/x"}]' }, 'ACCENT_REMOTES (at 0.id): id must be one of agents, missions, flows, background, pages'],
  ])('names the variable of a bad value: %j', (env, message) => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: SECRET, ...env })).toThrow(message);
  });

  it('reads SERVER_ROLE (all by default), and refuses web or worker on the embedded database', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'accent-config-'));
    expect(loadConfig({ JWT_SECRET: SECRET, DATA_DIR: dataDir }).role).toBe('all');
    expect(loadConfig({ JWT_SECRET: SECRET, DATABASE_URL: 'postgres://db/accent', SERVER_ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ JWT_SECRET: SECRET, SERVER_ROLE: 'cron' })).toThrow('SERVER_ROLE: must be one of all, web, worker');
    expect(() => loadConfig({ JWT_SECRET: SECRET, SERVER_ROLE: 'web', DATA_DIR: dataDir })).toThrow(
      'SERVER_ROLE: web needs DATABASE_URL (the embedded database serves one process, which must be both web and worker: leave SERVER_ROLE unset)',
    );
  });

  it('requires JWT_SECRET with DATABASE_URL in production', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/accent', NODE_ENV: 'production' })).toThrow(
      'JWT_SECRET: is required when DATABASE_URL is set and NODE_ENV=production',
    );
  });

  it('requires ACCENT_MASTER_KEY with DATABASE_URL in production (processes must share it)', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/accent', NODE_ENV: 'production', JWT_SECRET: SECRET })).toThrow(
      'ACCENT_MASTER_KEY: is required when DATABASE_URL is set and NODE_ENV=production',
    );
  });

  it('generates the credential master key once into DATA_DIR with mode 0600', () => {
    const dataDir = tempDir();
    const config = loadConfig({ JWT_SECRET: SECRET, DATA_DIR: dataDir });
    expect(config.masterKey).toBeUndefined();
    const key = masterKeyFor(config);
    expect(key).toHaveLength(32);
    const file = join(dataDir, 'master.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(masterKeyFor(config).equals(key)).toBe(true);
    expect(masterKeyFor({ ...config, masterKey: MASTER_KEY }).equals(MASTER_KEY)).toBe(true);
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('reads DEV_REMOTE_ORIGINS: loopback origins only, each with its port, refused in words otherwise', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).devRemoteOrigins).toEqual([]);
    expect(loadConfig({ JWT_SECRET: SECRET, DEV_REMOTE_ORIGINS: 'http://localhost:3101, http://127.0.0.1:3105/' }).devRemoteOrigins).toEqual([
      'http://localhost:3101',
      'http://127.0.0.1:3105',
    ]);
    for (const bad of [
      'http://localhost:*',
      'http://localhost',
      'https://evil.example.com:3101',
      'http://localhost:3101/mf-manifest.json',
      'localhost:3101',
    ]) {
      expect(() => loadConfig({ JWT_SECRET: SECRET, DEV_REMOTE_ORIGINS: bad })).toThrow(/DEV_REMOTE_ORIGINS: .* is not a local origin/);
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});
