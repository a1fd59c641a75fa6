// The first administrator on PostgreSQL with a database owner that is not a superuser, as a managed or
// self-hosted server is usually set up. The migrations need one role (`authenticated`, the data gateway's)
// that such an owner cannot create: the command says exactly what to run as a superuser, and after that
// one snippet it works, and the gateway can take the role.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { openDatabase } from '../db/database.js';
import { PRIVILEGE_MESSAGES, ROLES_SNIPPET } from '../db/privileges.js';
import { POSTGRES_ADMIN, throwawayPostgresSuite } from '../testing/postgres-suite.js';
import { createAdministrator } from './first-admin.js';

jest.setTimeout(120_000);

const { pg: server, describeWithPostgres } = await throwawayPostgresSuite('non-superuser.test');

const ADMIN = { ...POSTGRES_ADMIN, name: 'Ops' };

describeWithPostgres('npm run admin -- create with a database owner that is not a superuser', () => {
  const superuser = new pg.Client({ connectionString: server.url });
  const urlAs = (user: string, database: string) => {
    const url = new URL(server.url);
    url.username = user;
    url.pathname = `/${database}`;
    return url.toString();
  };

  beforeAll(async () => {
    await superuser.connect();
    // what an operator usually gets: a login role owning its database, nothing more
    await superuser.query('CREATE ROLE accent LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB');
    await superuser.query('CREATE DATABASE studio OWNER accent');
  });
  afterAll(async () => {
    await superuser.end();
    await server.stop();
  });

  it('says what the owner lacks and the SQL a superuser runs, then works once it was run', async () => {
    const url = urlAs('accent', 'studio');
    const database = await openDatabase({ kind: 'postgres', url });
    try {
      await expect(createAdministrator(database, ADMIN)).rejects.toThrow(PRIVILEGE_MESSAGES.missingRoles('accent', ['authenticated']));
      expect(
        await database.db
          .selectFrom('users' as never)
          .selectAll()
          .execute()
          .catch(() => 'no table'),
      ).toBe('no table');

      // the snippet exactly as the message and the README print it, run by a superuser
      execFileSync('psql', ['--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '--dbname', urlAs('postgres', 'studio'), '-c', ROLES_SNIPPET('accent')], {
        stdio: 'pipe',
      });

      const created = await createAdministrator(database, ADMIN);
      expect(created.created).toEqual(['account', 'environment', 'library']);
      // the data gateway runs requests as `authenticated`: the owner may take that role
      const { rows } = await database.pool!.query<{ role: string }>("SELECT set_config('role', 'authenticated', false) AS role");
      expect(rows[0].role).toBe('authenticated');
    } finally {
      await database.close();
    }
  });
});
