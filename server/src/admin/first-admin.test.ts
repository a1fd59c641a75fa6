// The first administrator on an empty database (no seed, as with DATABASE_URL): created from the command
// line's input, then signing in through the real API.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { login, TEST_JWT_SECRET } from '../testing/test-app.js';
import { AdminCommandError, createAdministrator, parseAdminArgs } from './first-admin.js';

jest.setTimeout(60_000);

let database: Database;
let app: App;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' }); // empty: not migrated, not seeded
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    ACCENT_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'accent-data-')),
    STATIC_ROOT: mkdtempSync(join(tmpdir(), 'accent-static-')),
  });
  app = await buildApp({ config, db: database, auth: { loginFailureDelayMs: 0 } });
}, 30_000);
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('npm run admin -- create', () => {
  it('creates the account, environment, library and administrator on an empty database, who can then sign in and administer', async () => {
    const created = await createAdministrator(database, { email: 'Ops@Example.com', password: 'a-long-enough-secret', name: 'Ops', environment: 'prod', library: 'main' });
    expect(created).toMatchObject({ email: 'ops@example.com', environment: 'prod', library: 'main', created: ['account', 'environment', 'library'] });
    await app.ready();
    const session = await login(app, { email: 'ops@example.com', password: 'a-long-enough-secret', environment: 'prod', library: 'main' });
    expect(session.body.role).toBe('admin');
    const users = await app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: session.headers });
    expect(users.statusCode).toBe(200);
    // and the audit log says how the account came to be
    const audit = await app.inject({ method: 'GET', url: '/api/v1/admin/audit?action=user.create', headers: session.headers });
    expect(audit.json<{ entries: { target: string; details: Record<string, unknown> }[] }>().entries[0]).toMatchObject({ target: 'ops@example.com', details: { via: 'command line' } });
  });

  it('adds a second administrator to the existing library without creating anything else', async () => {
    const created = await createAdministrator(database, { email: 'second@example.com', password: 'another-long-secret', name: 'Second', environment: 'prod', library: 'main' });
    expect(created.created).toEqual([]);
    const { n } = await database.db.selectFrom('accounts').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
  });

  it.each([
    [{ email: 'weak@example.com', password: 'short', name: 'Weak' }, 'password: Password must be at least 8 characters'],
    [{ email: 'not-an-email', password: 'a-long-enough-secret', name: 'X' }, 'email: Enter a valid email address'],
    [{ email: 'ops@example.com', password: 'a-long-enough-secret', name: 'Again', environment: 'prod', library: 'main' }, 'A user with email ops@example.com already exists.'],
  ])('refuses %j with a readable message and writes nothing', async (input, message) => {
    const before = await database.db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const attempt = createAdministrator(database, input);
    await expect(attempt).rejects.toThrow(AdminCommandError);
    await expect(createAdministrator(database, input)).rejects.toThrow(message);
    const after = await database.db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('parseAdminArgs', () => {
  it('reads the options, in both spellings, with defaults', () => {
    expect(parseAdminArgs(['create', '--email', 'a@b.co', '--password=secret-secret', '--library', 'sales'])).toEqual({
      email: 'a@b.co',
      password: 'secret-secret',
      name: 'a',
      title: undefined,
      environment: undefined,
      library: 'sales',
    });
  });

  it('takes the password from ACCENT_ADMIN_PASSWORD when not given', () => {
    expect(parseAdminArgs(['create', '--email', 'a@b.co'], { ACCENT_ADMIN_PASSWORD: 'from-the-env' })?.password).toBe('from-the-env');
  });

  it('refuses what it does not understand', () => {
    expect(parseAdminArgs([])).toBeNull();
    expect(parseAdminArgs(['delete', '--email', 'a@b.co'])).toBeNull();
    expect(parseAdminArgs(['create', '--email'])).toBeNull();
    expect(parseAdminArgs(['create', '--role', 'admin'])).toBeNull();
  });
});
