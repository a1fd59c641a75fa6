// The remote registry is one for the whole studio: only a studio operator (named on the command line)
// changes it; every library's administrators read it, and its trail names people only to an operator or
// to administrators of the actor's own library. Through the real endpoints, on two libraries.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOperatorArgs, setStudioOperator } from '../admin/operators.js';
import { openDatabase } from '../db/database.js';
import { migrate, MIGRATIONS_DIR } from '../db/migrate.js';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { makeStaticRoot } from '../testing/static-root.js';
import { createTestContext, createUser, login, loginAdmin, type SignedIn, type TestContext } from '../testing/test-app.js';
import { releaseFiles } from './testing.js';

const OTHER = { environment: DEMO_CREDENTIALS.environment, library: 'northwind', email: 'admin-b@northwind.example', password: 'northwind-admin-1' };
const OPERATOR_ONLY =
  'Only a studio operator can change the remote registry: every library of this studio loads the same remotes. A library administrator can read it; an operator is named on the server with npm run admin -- operator --email <email>.';

describe('remote registry across libraries', () => {
  let ctx: TestContext;
  /** library A's demo admin: a studio operator (the seed makes it one) */
  let operator: SignedIn;
  /** another administrator of library A, not an operator */
  let colleague: SignedIn;
  /** library B's administrator */
  let adminB: SignedIn;

  beforeAll(async () => {
    const releasesDir = makeStaticRoot({
      ...releaseFiles('agents/1.3.0', 'mfe_agents', '1.3.0'),
      ...releaseFiles('agents/1.4.0', 'mfe_agents', '1.4.0'),
    });
    ctx = await createTestContext({ env: { RELEASES_DIR: releasesDir } });
    operator = await loginAdmin(ctx.app);
    await createUser(ctx.database, { ...OTHER, role: 'admin' });
    adminB = await login(ctx.app, OTHER);
    const colleagueUser = {
      environment: DEMO_CREDENTIALS.environment,
      library: DEMO_CREDENTIALS.library,
      email: 'admin-2@accent.local',
      password: 'colleague-admin-1',
    };
    await createUser(ctx.database, { ...colleagueUser, role: 'admin' });
    colleague = await login(ctx.app, colleagueUser);
  }, 120_000);
  afterAll(() => ctx.close());

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
    ctx.app.inject({ method, url: `/api/v1/remotes/${url}`, payload: body, headers: who.headers });
  const versions = async (who: SignedIn) => {
    const response = await call(who, 'GET', 'agents/versions');
    expect(response.statusCode).toBe(200);
    return response.json() as {
      current: string;
      canChange: boolean;
      canary: unknown;
      versions: { version: string; registeredBy: string | null }[];
      events: { action: string; version: string | null; by: string | null }[];
    };
  };
  const served = async () =>
    ((await ctx.app.inject({ method: 'GET', url: '/api/v1/remotes' })).json() as { remotes: { id: string; version: string }[] }).remotes.find(
      (r) => r.id === 'agents',
    );

  it('lets the operator change it, and no library administrator', async () => {
    expect((await call(operator, 'POST', 'agents/promote', { version: '1.3.0' })).statusCode).toBe(200);
    expect((await call(operator, 'PUT', 'agents/canary', { version: '1.4.0', percent: 10 })).statusCode).toBe(200);
    for (const who of [adminB, colleague]) {
      for (const [method, url, body] of [
        ['DELETE', 'agents', undefined],
        ['PUT', 'agents', { version: '1.4.0', entry: '/mfe/agents/1.4.0/mf-manifest.json' }],
        ['POST', 'agents/versions', { version: '1.5.0', entry: '/mfe/agents/1.5.0/mf-manifest.json' }],
        ['POST', 'agents/promote', { version: '1.4.0' }],
        ['POST', 'agents/rollback', undefined],
        ['PUT', 'agents/canary', { version: '1.4.0', percent: 50 }],
        ['DELETE', 'agents/canary', undefined],
      ] as const) {
        const refused = await call(who, method, url, body);
        expect([method, url, refused.statusCode]).toEqual([method, url, 403]);
        expect(refused.json()).toEqual({ detail: OPERATOR_ONLY });
      }
    }
    // nothing changed for anyone's users
    expect(await served()).toMatchObject({ version: '1.3.0' });
    const now = await versions(operator);
    expect(now).toMatchObject({ current: '1.3.0', canary: { version: '1.4.0', percent: 10 }, canChange: true });
    expect((await versions(adminB)).canChange).toBe(false);
    expect((await versions(colleague)).canChange).toBe(false);
  });

  it('names people in its trail only to an operator or to administrators of the same library', async () => {
    const byOperator = (list: Awaited<ReturnType<typeof versions>>) => list.events.find((e) => e.action === 'promote' && e.version === '1.3.0')?.by;
    expect(byOperator(await versions(operator))).toBe('admin@accent.local');
    expect(byOperator(await versions(colleague))).toBe('admin@accent.local');
    const seenByB = await versions(adminB);
    expect(byOperator(seenByB)).toBe('someone in another library');
    expect(JSON.stringify(seenByB)).not.toContain('admin@accent.local');
    // builds found at start name no one
    expect(seenByB.versions.find((v) => v.version === '1.3.0')?.registeredBy).toBeNull();
  });

  it('follows the command line at once: an operator named or revoked changes the same sign-in’s next request', async () => {
    expect(parseOperatorArgs(['operator', '--email', OTHER.email])).toEqual({ email: OTHER.email, revoke: false });
    expect(parseOperatorArgs(['operator', `--email=${OTHER.email}`, '--revoke'])).toEqual({ email: OTHER.email, revoke: true });
    expect(parseOperatorArgs(['operator'])).toBeNull();
    expect(parseOperatorArgs(['create', '--email', OTHER.email])).toBeNull();

    expect(await setStudioOperator(ctx.database, { email: OTHER.email, revoke: false })).toBe(
      `${OTHER.email} is now a studio operator: they release and promote remotes for every library.`,
    );
    const promoted = await call(adminB, 'POST', 'agents/promote', { version: '1.4.0' });
    expect(promoted.statusCode).toBe(200);
    expect((await versions(adminB)).canChange).toBe(true);
    // an operator sees everyone
    expect((await versions(adminB)).events.some((e) => e.by === 'admin@accent.local')).toBe(true);
    expect((await versions(operator)).events[0]).toMatchObject({ action: 'promote', version: '1.4.0', by: OTHER.email });

    expect(await setStudioOperator(ctx.database, { email: OTHER.email, revoke: true })).toBe(`${OTHER.email} is no longer a studio operator.`);
    expect((await call(adminB, 'POST', 'agents/rollback')).statusCode).toBe(403);
    await expect(setStudioOperator(ctx.database, { email: 'nobody@nowhere.example', revoke: false })).rejects.toThrow(
      'No user has the email nobody@nowhere.example.',
    );
  });
});

describe('studio operators on upgrade (migration 032)', () => {
  /** A database migrated up to 031 with the given libraries, each with an active and an inactive admin; then 032. */
  async function upgrade(libraries: string[]) {
    const before = mkdtempSync(join(tmpdir(), 'accent-migrations-'));
    for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f < '032')) copyFileSync(join(MIGRATIONS_DIR, file), join(before, file));
    const database = await openDatabase({ kind: 'pglite' });
    await migrate(database, { dir: before });
    const { db } = database;
    const account = await db.insertInto('accounts').values({ name: 'Upgrade' }).returning('id').executeTakeFirstOrThrow();
    const environment = await db.insertInto('environments').values({ account_id: account.id, name: 'env' }).returning('id').executeTakeFirstOrThrow();
    for (const name of libraries) {
      const library = await db.insertInto('libraries').values({ environment_id: environment.id, name }).returning('id').executeTakeFirstOrThrow();
      for (const [who, role, active] of [
        ['admin', 'admin', true],
        ['former', 'admin', false],
        ['member', 'member', true],
      ] as const) {
        await db
          .insertInto('users')
          .values({ account_id: account.id, library_id: library.id, email: `${who}@${name}.example`, name: who, role, active, password_hash: 'x' })
          .execute();
      }
    }
    await migrate(database);
    const operators = await db.selectFrom('studio_operators as o').innerJoin('users as u', 'u.id', 'o.user_id').select('u.email').execute();
    await database.close();
    return operators.map((o) => o.email);
  }

  it('makes the active administrators of a single-library studio operators, and no one where libraries share the registry', async () => {
    expect(await upgrade(['solo'])).toEqual(['admin@solo.example']);
    expect(await upgrade(['alpha', 'beta'])).toEqual([]);
  }, 240_000);
});
