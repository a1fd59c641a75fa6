import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { makeStaticRoot } from '../testing/static-root.js';
import { createTestContext, loginAdmin, loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';
import { canaryBucket } from './registry.js';
import { CHUNKS, MAJOR, manifest, PROVIDED, releaseFiles } from './testing.js';

const withoutFile = (files: Record<string, string>, path: string) => Object.fromEntries(Object.entries(files).filter(([p]) => p !== path));

/** Manifests served over real HTTP, as a CDN would. */
function startManifestServer(): Promise<{ server: Server; url: (path: string) => string }> {
  const pages: Record<string, [number, string, string]> = {
    '/agents/1.4.0/mf-manifest.json': [200, 'application/json', manifest('mfe_agents', '1.4.0')],
    '/agents/1.4.0/remoteEntry.js': [200, 'text/javascript', 'var mfe_agents;'],
    '/agents/1.5.0/mf-manifest.json': [200, 'application/json', manifest('mfe_agents', '1.5.0')],
    '/agents/1.5.0/remoteEntry.js': [200, 'text/javascript', 'var mfe_agents;'],
    // a manifest whose remote entry is not where it says
    '/agents/no-entry/mf-manifest.json': [200, 'application/json', manifest('mfe_agents', '1.4.2')],
    '/agents/html/mf-manifest.json': [200, 'text/html', '<!doctype html><html><body>Welcome</body></html>'],
    '/agents/json/mf-manifest.json': [200, 'application/json', '{"hello":"world"}'],
    '/agents/broken/mf-manifest.json': [500, 'text/plain', 'boom'],
    '/flows/1.4.0/mf-manifest.json': [200, 'application/json', manifest('mfe_flows', '1.4.0')],
    '/agents/unversioned/mf-manifest.json': [200, 'application/json', manifest('mfe_agents', null)],
    '/agents/next/mf-manifest.json': [200, 'application/json', manifest('mfe_agents', '3.0.0', `^${Number(MAJOR) + 1}.0`)],
  };
  const server = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    if (!page) return res.writeHead(404, 'Not Found').end();
    res.writeHead(page[0], { 'content-type': page[1] }).end(page[2]);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: (path) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}` })),
  );
}

describe('remote registry', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let member: SignedIn;
  let cdn: Awaited<ReturnType<typeof startManifestServer>>;

  beforeAll(async () => {
    cdn = await startManifestServer();
    const staticRoot = makeStaticRoot({
      'mfe-agents/package.json': JSON.stringify({ name: 'mfe-agents', version: '1.2.3' }),
      ...releaseFiles('mfe-agents/dist', 'mfe_agents', '1.2.3'),
      // built without a federation manifest: not a usable remote
      'mfe-flows/dist/index.html': '<html></html>',
    });
    const releasesDir = makeStaticRoot({
      ...releaseFiles('agents/1.3.0', 'mfe_agents', '1.3.0'),
      ...releaseFiles('agents/9.0.0', 'mfe_agents', '9.0.0', `^${Number(MAJOR) + 1}.0`),
      // incomplete or mislabelled folders: never registered, whatever their manifest says
      ...withoutFile(releaseFiles('agents/1.6.0', 'mfe_agents', '1.6.0'), 'agents/1.6.0/remoteEntry.js'),
      ...withoutFile(releaseFiles('agents/1.7.0', 'mfe_agents', '1.7.0'), `agents/1.7.0/${CHUNKS[0]}`),
      ...releaseFiles('agents/1.8.0', 'mfe_agents', '1.8.1'),
      ...releaseFiles('agents/1.9.0', 'mfe_flows', '1.9.0'),
    });
    ctx = await createTestContext({
      env: {
        STATIC_ROOT: staticRoot,
        RELEASES_DIR: releasesDir,
        ALLOW_PRIVATE_WEBHOOKS: 'true',
        ACCENT_REMOTES: JSON.stringify([{ id: 'pages', entry: 'https://cdn.example.com/pages/mf-manifest.json', version: '2.0.0' }]),
      },
    });
    admin = await loginAdmin(ctx.app);
    member = await loginMember(ctx.app);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
    cdn.server.close();
  });

  const registry = async (who: SignedIn | null = null) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/remotes', headers: who?.headers });
    expect(response.statusCode).toBe(200);
    return (response.json() as { remotes: { id: string; name: string; entry: string; version: string; channel: string; canary: unknown }[] }).remotes;
  };
  const agents = async (who: SignedIn | null = null) => (await registry(who)).find((r) => r.id === 'agents')!;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, who: SignedIn | null = admin) =>
    ctx.app.inject({ method, url: `/api/v1/remotes/${url}`, payload: body as object, headers: who?.headers });
  const register = (version: string, entry: string) => call('POST', 'agents/versions', { version, entry });
  const versions = async () =>
    (await call('GET', 'agents/versions')).json() as {
      current: string;
      canary: { version: string; percent: number } | null;
      versions: { version: string; entry: string; registeredBy: string | null; status: string; health: { loaded: number; failed: number } }[];
      events: { action: string; version: string | null; detail: string | null; by: string | null }[];
    };

  it('is public and lists local builds (with their package version) and configured remotes', async () => {
    expect(await registry()).toEqual([
      { id: 'agents', name: 'mfe_agents', entry: '/mfe/agents/mf-manifest.json', version: '1.2.3', channel: 'current', canary: null },
      { id: 'pages', name: 'mfe_pages', entry: 'https://cdn.example.com/pages/mf-manifest.json', version: '2.0.0', channel: 'current', canary: null },
    ]);
  });

  it('registers the builds found at start: the built dist and every release folder that passes a registration’s checks', async () => {
    const list = await versions();
    expect(list.current).toBe('1.2.3');
    // 9.0.0 needs a newer contract, 1.6.0 has no remoteEntry.js, 1.7.0 misses a chunk, 1.8.0 was built as
    // 1.8.1, 1.9.0 is another remote: served as files, never offered
    expect(list.versions.map((v) => [v.version, v.entry, v.status, v.registeredBy]).sort()).toEqual([
      ['1.2.3', '/mfe/agents/mf-manifest.json', 'current', null],
      ['1.3.0', '/mfe/agents/1.3.0/mf-manifest.json', 'available', null],
    ]);
    // a release is served for good at its versioned path, next to the local build
    const file = await ctx.app.inject({ method: 'GET', url: '/mfe/agents/1.3.0/remoteEntry.js' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await ctx.app.inject({ method: 'GET', url: '/mfe/agents/remoteEntry.js' })).headers['cache-control']).toBe('no-cache');
  });

  it.each([
    [
      'unreachable (HTTP status)',
      '/agents/missing/mf-manifest.json',
      '1.4.0',
      (url: string) => `The manifest at ${url} could not be fetched: HTTP 404 Not Found.`,
    ],
    [
      'a server error',
      '/agents/broken/mf-manifest.json',
      '1.4.0',
      (url: string) => `The manifest at ${url} could not be fetched: HTTP 500 Internal Server Error.`,
    ],
    [
      'an HTML page',
      '/agents/html/mf-manifest.json',
      '1.4.0',
      (url: string) => `${url} is not a Module Federation manifest (mf-manifest.json of a remote build).`,
    ],
    [
      'JSON that is no manifest',
      '/agents/json/mf-manifest.json',
      '1.4.0',
      (url: string) => `${url} is not a Module Federation manifest (mf-manifest.json of a remote build).`,
    ],
    [
      'another remote',
      '/flows/1.4.0/mf-manifest.json',
      '1.4.0',
      (url: string) => `The manifest at ${url} is the remote "mfe_flows", not Agents (mfe_agents).`,
    ],
    ['another version', '/agents/1.4.0/mf-manifest.json', '1.4.1', (url: string) => `The manifest at ${url} was built as version 1.4.0, not 1.4.1.`],
    [
      'no build version',
      '/agents/unversioned/mf-manifest.json',
      '1.4.0',
      (url: string) => `The manifest at ${url} carries no build version; build it as version 1.4.0 (pnpm release sets it).`,
    ],
    [
      'a newer contract',
      '/agents/next/mf-manifest.json',
      '3.0.0',
      () => `Agents 3.0.0 needs the studio contract ^${Number(MAJOR) + 1}.0; this studio provides ${PROVIDED}.`,
    ],
  ])('refuses %s with 422 and the reason, saving nothing', async (_case, path, version, message) => {
    const url = cdn.url(path);
    const response = await register(version, url);
    expect(response.json()).toEqual({ detail: message(url) });
    expect(response.statusCode).toBe(422);
    expect((await versions()).versions.some((v) => v.entry === url)).toBe(false);
  });

  it('refuses a build whose files are not all there: on this server every chunk, elsewhere the remote entry', async () => {
    for (const [version, file] of [
      ['1.6.0', 'remoteEntry.js'],
      ['1.7.0', CHUNKS[0]],
    ]) {
      const response = await register(version, `/mfe/agents/${version}/mf-manifest.json`);
      expect(response.json()).toEqual({
        detail: `The build at /mfe/agents/${version}/mf-manifest.json is incomplete: ${file}, named by its manifest, is missing.`,
      });
      expect(response.statusCode).toBe(422);
    }
    const url = cdn.url('/agents/no-entry/mf-manifest.json');
    const elsewhere = await register('1.4.2', url);
    expect(elsewhere.json()).toEqual({
      detail: `The remote entry ${cdn.url('/agents/no-entry/remoteEntry.js')} could not be fetched: HTTP 404 Not Found.`,
    });
    expect(elsewhere.statusCode).toBe(422);
    expect((await versions()).versions.map((v) => v.version)).not.toEqual(expect.arrayContaining(['1.6.0']));
    expect((await call('POST', 'agents/promote', { version: '1.6.0' })).statusCode).toBe(404);
  });

  it('refuses an address nothing answers, a same-origin path that is missing, and an incompatible release', async () => {
    const closed = await register('1.4.0', 'http://127.0.0.1:9/agents/mf-manifest.json');
    expect(closed.statusCode).toBe(422);
    expect(closed.json()).toEqual({ detail: 'The manifest at http://127.0.0.1:9/agents/mf-manifest.json could not be fetched: ECONNREFUSED.' });
    const missing = await register('1.4.0', '/mfe/agents/1.4.0/mf-manifest.json');
    expect(missing.json()).toEqual({ detail: 'The manifest at /mfe/agents/1.4.0/mf-manifest.json could not be fetched: HTTP 404.' });
    // on disk, left out at start, and refused when registered by hand
    const next = await register('9.0.0', '/mfe/agents/9.0.0/mf-manifest.json');
    expect(next.statusCode).toBe(422);
    expect(next.json()).toEqual({ detail: `Agents 9.0.0 needs the studio contract ^${Number(MAJOR) + 1}.0; this studio provides ${PROVIDED}.` });
    expect((await call('POST', 'agents/promote', { version: '9.0.0' })).statusCode).toBe(404);
  });

  it('never promotes or canaries a version this studio cannot run (e.g. registered before the studio changed)', async () => {
    await ctx.database.db
      .insertInto('remote_versions')
      .values({ remote_id: 'agents', version: '8.0.0', entry: '/mfe/agents/8.0.0/mf-manifest.json', requires: '^99.0' })
      .execute();
    const message = { detail: `Agents 8.0.0 needs the studio contract ^99.0; this studio provides ${PROVIDED}.` };
    const promoted = await call('POST', 'agents/promote', { version: '8.0.0' });
    expect(promoted.statusCode).toBe(422);
    expect(promoted.json()).toEqual(message);
    expect((await call('PUT', 'agents/canary', { version: '8.0.0', percent: 10 })).json()).toEqual(message);
    expect((await agents()).version).toBe('1.2.3');
    await ctx.database.db.deleteFrom('remote_versions').where('version', '=', '8.0.0').execute();
  });

  it('registers a checked version (201, who and when), never twice', async () => {
    const url = cdn.url('/agents/1.4.0/mf-manifest.json');
    const created = await register('1.4.0', url);
    expect(created.statusCode).toBe(201);
    const added = (created.json() as Awaited<ReturnType<typeof versions>>).versions.find((v) => v.version === '1.4.0')!;
    expect(added).toMatchObject({ entry: url, registeredBy: 'admin@accent.local', status: 'available', health: { loaded: 0, failed: 0 } });
    expect((added as unknown as { registeredAt: string }).registeredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = await register('1.4.0', cdn.url('/agents/1.5.0/mf-manifest.json'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'Agents 1.4.0 is already registered; a released version is never replaced. Release it as a new version.',
    });
  });

  it('promotes and rolls back, step by step, down to the built version', async () => {
    const promoted = await call('POST', 'agents/promote', { version: '1.3.0' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toEqual({ id: 'agents', current: '1.3.0' });
    expect(await agents()).toMatchObject({ entry: '/mfe/agents/1.3.0/mf-manifest.json', version: '1.3.0' });
    expect((await call('POST', 'agents/promote', { version: '1.4.0' })).json()).toEqual({ id: 'agents', current: '1.4.0' });
    expect((await agents()).version).toBe('1.4.0');

    expect((await call('POST', 'agents/rollback')).json()).toEqual({ id: 'agents', current: '1.3.0' });
    expect((await agents()).entry).toBe('/mfe/agents/1.3.0/mf-manifest.json');
    expect((await call('POST', 'agents/rollback')).json()).toEqual({ id: 'agents', current: '1.2.3' });
    expect((await agents()).entry).toBe('/mfe/agents/mf-manifest.json');
    const nothing = await call('POST', 'agents/rollback');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ detail: 'Agents has no earlier version to roll back to.' });

    const unknown = await call('POST', 'agents/promote', { version: '7.7.7' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Agents 7.7.7 is not registered. Register it first.' });

    const trail = (await versions()).events.map((e) => [e.action, e.version, e.by]);
    expect(trail.slice(0, 4)).toEqual([
      ['rollback', '1.2.3', 'admin@accent.local'],
      ['rollback', '1.3.0', 'admin@accent.local'],
      ['promote', '1.4.0', 'admin@accent.local'],
      ['promote', '1.3.0', 'admin@accent.local'],
    ]);
  });

  it('serves a canary to its share of signed-in users, always the same ones', async () => {
    const set = await call('PUT', 'agents/canary', { version: '1.4.0', percent: 50 });
    expect(set.statusCode).toBe(200);
    expect((set.json() as { canary: unknown }).canary).toEqual({ version: '1.4.0', percent: 50 });
    const idOf = async (email: string) =>
      (await ctx.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    for (const [who, id] of [
      [admin, await idOf('admin@accent.local')],
      [member, await idOf('member@accent.local')],
    ] as const) {
      const expected = canaryBucket(id, 'agents') < 50 ? '1.4.0' : '1.2.3';
      for (let i = 0; i < 3; i++)
        expect(await agents(who)).toMatchObject({
          version: expected,
          channel: expected === '1.4.0' ? 'canary' : 'current',
          canary: { version: '1.4.0', percent: 50 },
        });
    }
    // before sign-in: the current version
    expect((await agents()).version).toBe('1.2.3');
    // about half of many users
    const inCanary = Array.from({ length: 1000 }, (_, i) => canaryBucket(`user-${i}`, 'agents') < 50).filter(Boolean).length;
    expect(inCanary).toBeGreaterThan(430);
    expect(inCanary).toBeLessThan(570);

    const bad = await call('PUT', 'agents/canary', { version: '1.4.0', percent: 100 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'percent: Percent must be between 1 and 99' });
    expect((await call('PUT', 'agents/canary', { version: '1.2.3', percent: 10 })).json()).toEqual({
      detail: 'Agents 1.2.3 is already the current version.',
    });
  });

  it('stops a canary by hand', async () => {
    const stopped = await call('DELETE', 'agents/canary');
    expect(stopped.statusCode).toBe(200);
    expect((stopped.json() as { canary: unknown }).canary).toBeNull();
    expect((await versions()).events[0]).toMatchObject({ action: 'canary-stop', version: '1.4.0', by: 'admin@accent.local' });
    expect((await agents(admin)).version).toBe('1.2.3');
  });

  it('rate-limits the beacon per user and validates it', async () => {
    const send = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/remotes/agents/health',
        payload: {
          version: '1.2.3',
          outcome: 'loaded',
          reference: `rate-${String(i).padStart(4, '0')}`,
          pageLoad: `page-${String(i).padStart(4, '0')}`,
        },
        headers: member.headers,
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < 30; i++) expect((await send(i)).statusCode).toBe(202);
    const limited = await send(30);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'Too many reports. Please wait a minute.' });
    // per user: another user at the same address is still heard
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remotes/agents/health',
      payload: { version: '1.2.3', outcome: 'loaded', reference: 'rate-other', pageLoad: 'page-other' },
      headers: admin.headers,
      remoteAddress: '10.9.9.9',
    });
    expect(other.statusCode).toBe(202);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remotes/agents/health',
      payload: { version: '1.2.3', outcome: 'exploded', reference: 'ok-123456', pageLoad: 'page-123456' },
      headers: member.headers,
    });
    expect(bad.statusCode).toBe(400);
    const noPage = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remotes/agents/health',
      payload: { version: '1.2.3', outcome: 'loaded', reference: 'ok-123456' },
      headers: member.headers,
    });
    expect(noPage.json()).toEqual({ detail: 'pageLoad: Page load is required' });
  });

  it('PUT checks like POST, then registers and promotes in one call; DELETE goes back to the built version', async () => {
    const html = cdn.url('/agents/html/mf-manifest.json');
    const refused = await call('PUT', 'agents', { entry: html, version: '1.6.0' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ detail: `${html} is not a Module Federation manifest (mf-manifest.json of a remote build).` });
    const entry = cdn.url('/agents/1.5.0/mf-manifest.json');
    const updated = await call('PUT', 'agents', { entry, version: '1.5.0' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ id: 'agents', name: 'mfe_agents', entry, version: '1.5.0' });
    expect(await agents()).toMatchObject({ entry, version: '1.5.0' });
    // the same again is fine; the same version elsewhere is not
    expect((await call('PUT', 'agents', { entry, version: '1.5.0' })).statusCode).toBe(200);
    expect((await call('PUT', 'agents', { entry: cdn.url('/agents/1.4.0/mf-manifest.json'), version: '1.5.0' })).statusCode).toBe(409);

    const removed = await call('DELETE', 'agents');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ status: 'success' });
    expect((await agents()).entry).toBe('/mfe/agents/mf-manifest.json');
    const again = await call('DELETE', 'agents');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Remote "agents" has no registry override' });
  });

  it('members neither change nor read the versioned registry', async () => {
    const body = { entry: 'https://x.example.com/mf-manifest.json', version: '1.0.0' };
    const byMember = await call('PUT', 'agents', body, member);
    expect(byMember.statusCode).toBe(403);
    expect((byMember.json() as { detail: string }).detail).toMatch(/^Only a studio operator can change the remote registry/);
    expect((await call('GET', 'agents/versions', undefined, member)).json()).toEqual({
      detail: 'Only administrators and studio operators can read the remote registry',
    });
    for (const [method, url] of [
      ['DELETE', 'agents'],
      ['GET', 'agents/versions'],
      ['POST', 'agents/versions'],
      ['POST', 'agents/promote'],
      ['POST', 'agents/rollback'],
      ['PUT', 'agents/canary'],
    ] as const) {
      expect((await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : body, member)).statusCode).toBe(403);
      expect((await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : body, null)).statusCode).toBe(401);
    }
  });

  it('validates the id, the entry and the version', async () => {
    const unknown = await call('PUT', 'billing', { entry: '/x/mf-manifest.json', version: '1.0.0' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'id: Unknown remote; expected one of agents, missions, flows, background, pages' });
    expect((await call('PUT', 'agents', { entry: 'javascript:alert(1)', version: '1.0.0' })).json()).toEqual({
      detail: 'entry: Entry must be an http(s) URL or a path starting with /',
    });
    expect((await call('PUT', 'agents', { entry: '/x/mf-manifest.json' })).json()).toEqual({ detail: 'version: Version is required' });
    expect((await register('../../etc', '/x/mf-manifest.json')).json()).toEqual({
      detail: 'version: Version may only contain letters, digits, dots, dashes, plus signs and underscores (e.g. 1.4.0)',
    });
  });
});

describe('remote registry behind the webhooks’ address rules', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let cdn: Awaited<ReturnType<typeof startManifestServer>>;
  let releasesDir: string;

  beforeAll(async () => {
    cdn = await startManifestServer();
    releasesDir = makeStaticRoot({});
    ctx = await createTestContext({ env: { RELEASES_DIR: releasesDir } });
    admin = await loginAdmin(ctx.app);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
    cdn.server.close();
  });

  const register = (version: string, entry: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/remotes/agents/versions', payload: { version, entry }, headers: admin.headers });

  it('refuses loopback, link-local and metadata addresses like a webhook would', async () => {
    const loopback = await register('1.4.0', cdn.url('/agents/1.4.0/mf-manifest.json'));
    expect(loopback.statusCode).toBe(422);
    expect(loopback.json()).toEqual({
      detail:
        'Refused to connect to 127.0.0.1: loopback addresses are not allowed. An administrator can allow them with ALLOW_PRIVATE_WEBHOOKS=true.',
    });
    const metadata = await register('1.4.0', 'http://169.254.169.254/latest/mf-manifest.json');
    expect(metadata.json()).toEqual({
      detail:
        'Refused to connect to 169.254.169.254: metadata addresses are not allowed. An administrator can allow them with ALLOW_PRIVATE_WEBHOOKS=true.',
    });
    const linkLocal = await register('1.4.0', 'http://169.254.10.10/mf-manifest.json');
    expect(linkLocal.json()).toEqual({
      detail:
        'Refused to connect to 169.254.10.10: link-local addresses are not allowed. An administrator can allow them with ALLOW_PRIVATE_WEBHOOKS=true.',
    });
  });

  it('still accepts this server’s own /mfe/ paths, released while it runs', async () => {
    for (const [path, content] of Object.entries(releaseFiles('agents/1.3.0', 'mfe_agents', '1.3.0'))) {
      mkdirSync(join(releasesDir, path, '..'), { recursive: true });
      writeFileSync(join(releasesDir, path), content);
    }
    const created = await register('1.3.0', '/mfe/agents/1.3.0/mf-manifest.json');
    expect(created.statusCode).toBe(201);
  });
});
