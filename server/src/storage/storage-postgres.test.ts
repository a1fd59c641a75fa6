// Storage on a real PostgreSQL (Debian's, as a hosted Supabase project runs one) with two server
// processes sharing the database and the contents folder: migration 022 applies there, an object
// uploaded through one server is read through the other with supabase-js, and row-level security holds
// between two members. Skipped when PostgreSQL is not installed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it, jest } from '@jest/globals';
import { createPostgresAdmin, POSTGRES_ADMIN as ADMIN, POSTGRES_PLACE as PLACE, throwawayPostgresSuite, usePostgresServers } from '../testing/postgres-suite.js';
import { importCreateClient, listenOnLoopback, login, startPostgresServer, type SignedIn } from '../testing/test-app.js';

jest.setTimeout(120_000);

const { pg, describeWithPostgres } = await throwawayPostgresSuite('storage-postgres.test');

describeWithPostgres('storage on PostgreSQL, two servers', () => {
  const servers = usePostgresServers(pg);
  const urls: string[] = [];
  let createClient: typeof import('@supabase/supabase-js').createClient;
  let admin: SignedIn;
  const members: SignedIn[] = [];
  const storageAt = (server: number, who: SignedIn) =>
    createClient(urls[server], 'anon', { accessToken: async () => who.token, realtime: { transport: class {} as never } }).storage.from('documents');

  beforeAll(async () => {
    createClient = await importCreateClient();
    await createPostgresAdmin(pg.url);
    const dataDir = mkdtempSync(join(tmpdir(), 'accent-shared-data-'));
    servers.push(await startPostgresServer(pg.url, { env: { DATA_DIR: dataDir } }), await startPostgresServer(pg.url, { env: { DATA_DIR: dataDir } }));
    for (const server of servers) urls.push(await listenOnLoopback(server.app));
    admin = await login(servers[0].app, ADMIN);
    for (const email of ['pg-a@example.com', 'pg-b@example.com']) {
      const created = await servers[0].app.inject({ method: 'POST', url: '/api/v1/admin/users', headers: admin.headers, payload: { email, name: email, role: 'member', password: 'long-enough-password' } });
      expect(created.statusCode).toBe(201);
      members.push(await login(servers[1].app, { ...PLACE, email, password: 'long-enough-password' }));
    }
  }, 120_000);

  it('uploads through one server and reads through the other; another member sees nothing of it', async () => {
    const [a, b] = members;
    expect((await storageAt(0, a).upload('pg/notes.md', '# On PostgreSQL', { contentType: 'text/markdown' })).error).toBeNull();
    expect(await (await storageAt(1, a).download('pg/notes.md')).data?.text()).toBe('# On PostgreSQL');
    expect((await storageAt(1, a).list('pg')).data?.map((o) => o.name)).toEqual(['notes.md']);
    expect((await storageAt(1, b).download('pg/notes.md')).error).toMatchObject({ status: 404 });
    expect((await storageAt(0, b).list('pg')).data).toEqual([]);
    expect((await storageAt(0, b).upload('pg/notes.md', 'mine now', { upsert: true, contentType: 'text/plain' })).error).toMatchObject({ status: 403 });
    expect((await storageAt(0, b).upload('pg/notes.md', 'mine now', { contentType: 'text/plain' })).error).toMatchObject({ status: 409 });
    const signed = await storageAt(1, a).createSignedUrl('pg/notes.md', 60);
    expect(await (await fetch(signed.data!.signedUrl.replace(urls[1], urls[0]))).text()).toBe('# On PostgreSQL');
    expect((await storageAt(0, admin).list('pg')).data?.map((o) => o.name)).toEqual(['notes.md']);
    expect((await storageAt(1, a).remove(['pg/notes.md'])).data).toHaveLength(1);
    expect((await storageAt(0, a).exists('pg/notes.md')).data).toBe(false);
  });
});
