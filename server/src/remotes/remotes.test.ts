import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { remoteRegistryResponseSchema } from '@accent/shared';
import { makeStaticRoot } from '../testing/static-root.js';
import { createTestContext, loginAdmin, loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';

describe('remote registry', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let member: SignedIn;

  beforeAll(async () => {
    const staticRoot = makeStaticRoot({
      'mfe-agents/package.json': JSON.stringify({ name: 'mfe-agents', version: '1.2.3' }),
      'mfe-agents/dist/mf-manifest.json': '{}',
      // built without a federation manifest: not a usable remote
      'mfe-flows/dist/index.html': '<html></html>',
    });
    ctx = await createTestContext({
      env: { STATIC_ROOT: staticRoot, ACCENT_REMOTES: JSON.stringify([{ id: 'pages', entry: 'https://cdn.example.com/pages/mf-manifest.json', version: '2.0.0' }]) },
    });
    admin = await loginAdmin(ctx.app);
    member = await loginMember(ctx.app);
  }, 30_000);
  afterAll(() => ctx.close());

  const registry = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/remotes' });
    expect(response.statusCode).toBe(200);
    return remoteRegistryResponseSchema.parse(response.json()).remotes;
  };
  const put = (id: string, body: unknown, who: SignedIn | null = admin) =>
    ctx.app.inject({ method: 'PUT', url: `/api/v1/remotes/${id}`, payload: body as object, headers: who?.headers });
  const del = (id: string, who: SignedIn | null = admin) => ctx.app.inject({ method: 'DELETE', url: `/api/v1/remotes/${id}`, headers: who?.headers });

  it('is public and lists local builds (with their package version) and configured remotes', async () => {
    expect(await registry()).toEqual([
      { id: 'agents', name: 'mfe_agents', entry: '/mfe/agents/mf-manifest.json', version: '1.2.3' },
      { id: 'pages', name: 'mfe_pages', entry: 'https://cdn.example.com/pages/mf-manifest.json', version: '2.0.0' },
    ]);
  });

  it('an admin points a remote at a new build, and removing the override restores the default', async () => {
    const entry = 'https://teams.example.com/agents/3.0.0/mf-manifest.json';
    const updated = await put('agents', { entry, version: '3.0.0' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ id: 'agents', name: 'mfe_agents', entry, version: '3.0.0' });
    expect((await registry()).find((r) => r.id === 'agents')).toEqual({ id: 'agents', name: 'mfe_agents', entry, version: '3.0.0' });

    // a remote with no local build can be registered too
    expect((await put('flows', { entry: '/cdn/flows/mf-manifest.json', version: '0.9.0' })).statusCode).toBe(200);
    expect((await registry()).map((r) => r.id)).toEqual(['agents', 'flows', 'pages']);

    const removed = await del('agents');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ status: 'success' });
    expect((await registry()).find((r) => r.id === 'agents')!.entry).toBe('/mfe/agents/mf-manifest.json');

    const again = await del('agents');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Remote "agents" has no registry override' });
    await del('flows');
  });

  it('only admins change the registry', async () => {
    const body = { entry: 'https://x.example.com/mf-manifest.json', version: '1.0.0' };
    const byMember = await put('agents', body, member);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ detail: 'Only administrators can change the remote registry' });
    expect((await del('agents', member)).statusCode).toBe(403);
    expect((await put('agents', body, null)).statusCode).toBe(401);
  });

  it('validates the id and the entry', async () => {
    const unknown = await put('billing', { entry: '/x/mf-manifest.json', version: '1.0.0' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'id: Unknown remote; expected one of agents, missions, flows, background, pages' });
    const badEntry = await put('agents', { entry: 'javascript:alert(1)', version: '1.0.0' });
    expect(badEntry.json()).toEqual({ detail: 'entry: Entry must be an http(s) URL or a path starting with /' });
    const noVersion = await put('agents', { entry: '/x/mf-manifest.json' });
    expect(noVersion.json()).toEqual({ detail: 'version: Version is required' });
  });
});
