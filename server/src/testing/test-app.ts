// Test harness: a real in-memory PGlite, migrated and seeded (seeded-database.ts), behind the real app (driven by inject()).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppRole, LoginResponse } from '@accent/shared';
import { buildApp, type App, type AppDeps } from '../app.js';
import { hashPassword } from '../auth/passwords.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { openSeededDatabase } from './seeded-database.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

export interface TestContextOptions {
  env?: Record<string, string>;
  auth?: AppDeps['auth'];
  /** Start the job scheduler (pg-boss on the test database) with these options; absent: no background jobs. */
  jobs?: AppDeps['jobs'];
  missions?: AppDeps['missions'];
  flows?: AppDeps['flows'];
  background?: AppDeps['background'];
  /** Read the app's log (LOG_LEVEL defaults to silent: set env.LOG_LEVEL too). */
  logStream?: AppDeps['logStream'];
}

export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const database = await openSeededDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'accent-data-')),
    // an empty folder: no shell or remote builds unless a test provides them
    STATIC_ROOT: mkdtempSync(join(tmpdir(), 'accent-static-')),
    ...options.env,
  });
  // A generous login limit by default: only the rate-limit test exercises the real one.
  const app = await buildApp({
    config,
    db: database,
    // sign-ins never refused as a burst (a busy machine makes hashes slow): only the burst test asks for it
    auth: { loginFailureDelayMs: 0, loginRateLimit: { max: 1000, windowMs: 60_000 }, loginAddressRateLimit: { max: 1000, windowMs: 60_000 }, signInMaxWaitMs: 120_000, ...options.auth },
    jobs: options.jobs,
    missions: options.missions,
    flows: options.flows,
    background: options.background,
    logStream: options.logStream,
  });
  await app.ready();
  if (options.jobs) await app.scheduler.start();
  return contextOf(app, database);
}

/** The app and its database, closed in that order. */
const contextOf = (app: TestContext['app'], database: TestContext['database']): TestContext => ({
  app,
  database,
  async close() {
    await app.close();
    await database.close();
  },
});

const sharedDataDirs: Record<string, string> = {};

/**
 * The real app on an existing PostgreSQL database (no seeding), as one server process of several sharing it:
 * each call opens its own pool (and, with `jobs`, its own pg-boss).
 */
export async function startPostgresServer(url: string, options: { jobs?: AppDeps['jobs']; env?: Record<string, string> } = {}): Promise<TestContext> {
  const database = await openDatabase({ kind: 'postgres', url });
  // servers on one database share one data folder, as on one machine (else each would keep its own files)
  sharedDataDirs[url] ??= mkdtempSync(join(tmpdir(), 'accent-data-'));
  const dataDir = sharedDataDirs[url];
  const config = loadConfig({
    DATABASE_URL: url,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    ACCENT_MASTER_KEY: Buffer.alloc(32, 5).toString('base64'),
    DATA_DIR: dataDir,
    STATIC_ROOT: mkdtempSync(join(tmpdir(), 'accent-static-')),
    ...options.env,
  });
  const app = await buildApp({ config, db: database, auth: { loginFailureDelayMs: 0, signInMaxWaitMs: 120_000 }, jobs: options.jobs });
  await app.ready();
  try {
    await app.servers.start(); // as main.ts: registered before any job runs
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  if (options.jobs) await app.scheduler.start();
  return contextOf(app, database);
}

/**
 * supabase-js's createClient, for tests that drive the data gateway with the real client. Its import warns
 * that Node 20 is deprecated (not a test's concern): that one warning is kept out of the output.
 */
export async function importCreateClient(): Promise<typeof import('@supabase/supabase-js').createClient> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Node.js 20 and below are deprecated')) warn(...args);
  };
  try {
    return (await import('@supabase/supabase-js')).createClient;
  } finally {
    console.warn = warn;
  }
}

/** The app on a loopback port, for clients that speak HTTP themselves (supabase-js, fetch): its base URL. */
export async function listenOnLoopback(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export interface SignedIn {
  token: string;
  refreshCookie: string;
  body: LoginResponse;
  headers: { authorization: string };
}

export async function login(app: App, who: { email: string; password: string; environment?: string; library?: string; remember_me?: boolean }): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { environment: DEMO_CREDENTIALS.environment, library: DEMO_CREDENTIALS.library, ...who },
  });
  if (response.statusCode !== 200) throw new Error(`login of ${who.email} failed: ${response.statusCode} ${response.body}`);
  const body = response.json<LoginResponse>();
  const cookie = response.cookies.find((c) => c.name === 'accent_refresh');
  return { token: body.token, refreshCookie: cookie?.value ?? '', body, headers: { authorization: `Bearer ${body.token}` } };
}

export const loginAdmin = (app: App) => login(app, DEMO_CREDENTIALS.admin);
export const loginMember = (app: App) => login(app, DEMO_CREDENTIALS.member);

/** Adds a user (and its environment and library when missing) straight into the database. */
export async function createUser(
  database: Database,
  user: { environment: string; library: string; email: string; password: string; role: AppRole; name?: string; active?: boolean },
): Promise<string> {
  const { db } = database;
  const account = await db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
  let environment = await db.selectFrom('environments').select('id').where('name', '=', user.environment).executeTakeFirst();
  environment ??= await db.insertInto('environments').values({ account_id: account.id, name: user.environment }).returning('id').executeTakeFirstOrThrow();
  let library = await db.selectFrom('libraries').select('id').where('environment_id', '=', environment.id).where('name', '=', user.library).executeTakeFirst();
  library ??= await db.insertInto('libraries').values({ environment_id: environment.id, name: user.library }).returning('id').executeTakeFirstOrThrow();
  const row = await db
    .insertInto('users')
    .values({
      account_id: account.id,
      library_id: library.id,
      email: user.email,
      name: user.name ?? user.email,
      role: user.role,
      password_hash: await hashPassword(user.password),
      active: user.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
