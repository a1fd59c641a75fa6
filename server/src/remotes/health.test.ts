// The canary's health through the real endpoints: who may report, which reports count, and the rate
// that rolls a canary back (failed visits of the users given that version).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { makeStaticRoot } from '../testing/static-root.js';
import { createTestContext, createUser, login, loginAdmin, type SignedIn, type TestContext } from '../testing/test-app.js';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { canaryBucket } from './registry.js';
import { releaseFiles } from './testing.js';

interface Reporter {
  id: string;
  who: SignedIn;
}

describe('canary health', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  /** users given the canary (their bucket is under its percent), and users who are not */
  let inCanary: Reporter[];
  let outside: Reporter[];
  let percent: number;

  beforeAll(async () => {
    const releasesDir = makeStaticRoot({
      ...releaseFiles('agents/1.3.0', 'mfe_agents', '1.3.0'),
      ...releaseFiles('agents/1.4.0', 'mfe_agents', '1.4.0'),
    });
    ctx = await createTestContext({ env: { RELEASES_DIR: releasesDir } });
    admin = await loginAdmin(ctx.app);
    const users: Reporter[] = [];
    for (let i = 0; i < 8; i++) {
      const email = `reporter-${i}@accent.local`;
      const id = await createUser(ctx.database, {
        environment: DEMO_CREDENTIALS.environment,
        library: DEMO_CREDENTIALS.library,
        email,
        password: 'reporter-password-1',
        role: 'member',
      });
      users.push({ id, who: await login(ctx.app, { email, password: 'reporter-password-1' }) });
    }
    users.sort((a, b) => canaryBucket(a.id, 'agents') - canaryBucket(b.id, 'agents'));
    // the canary reaches at least the first five users (by bucket), never the last ones: the cut is at
    // the first bucket after the fifth user that is higher than the one before (users may share a bucket)
    const bucket = (u: Reporter) => canaryBucket(u.id, 'agents');
    const cut = users.findIndex((u, i) => i >= 5 && bucket(u) > bucket(users[i - 1]));
    percent = bucket(users[cut]);
    inCanary = users.filter((u) => canaryBucket(u.id, 'agents') < percent);
    outside = users.filter((u) => canaryBucket(u.id, 'agents') >= percent);
    expect(inCanary.length).toBeGreaterThanOrEqual(5);
    expect(outside.length).toBeGreaterThanOrEqual(1);
  }, 120_000);
  afterAll(() => ctx.close());

  const canary = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/remotes/agents/versions', headers: admin.headers });
    return response.json() as {
      canary: { version: string } | null;
      versions: { version: string; status: string; withdrawn: unknown; health: { loaded: number; failed: number } }[];
      events: { action: string; detail: string | null }[];
    };
  };
  beforeEach(async () => {
    // a fresh canary for each case: its reports so far are forgotten
    await ctx.database.db.deleteFrom('remote_health').execute();
    await ctx.database.db.updateTable('remote_versions').set({ withdrawn: false }).execute();
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/remotes/agents/canary',
      payload: { version: '1.3.0', percent },
      headers: admin.headers,
    });
    expect(set.statusCode).toBe(200);
  });

  let references = 0;
  const report = (who: SignedIn | null, outcome: 'loaded' | 'load-failed' | 'render-failed', pageLoad: string, version = '1.3.0') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remotes/agents/health',
      payload: { version, outcome, reference: `R-${String(++references).padStart(8, '0')}`, pageLoad },
      headers: who?.headers,
      remoteAddress: `10.2.0.${references % 250}`,
    });
  /** One page load of the area: it loaded, and maybe then failed to render. */
  const visit = async (who: SignedIn, failed: boolean) => {
    const pageLoad = randomUUID();
    expect((await report(who, 'loaded', pageLoad)).statusCode).toBe(202);
    if (failed) return report(who, 'render-failed', pageLoad);
    return undefined;
  };

  it('refuses reports without a session: anonymous failures never withdraw a healthy canary', async () => {
    for (let i = 0; i < 3; i++) {
      const anonymous = await report(null, 'render-failed', randomUUID());
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Not signed in' });
    }
    const after = await canary();
    expect(after.canary).toMatchObject({ version: '1.3.0' });
    expect(after.versions.find((v) => v.version === '1.3.0')?.health).toEqual({ loaded: 0, failed: 0 });
  });

  it('counts only users given that version: others’ reports are answered and left out', async () => {
    for (const user of outside) {
      const failed = await report(user.who, 'render-failed', randomUUID());
      expect(failed.statusCode).toBe(202);
      expect(failed.json()).toMatchObject({ counted: false, rolledBack: false });
    }
    // the current version is not theirs to report either, for users in the canary
    expect((await report(inCanary[0].who, 'render-failed', randomUUID(), '1.4.0')).json()).toMatchObject({ counted: false });
    expect((await canary()).canary).toMatchObject({ version: '1.3.0' });
    expect((await canary()).versions.find((v) => v.version === '1.3.0')?.health).toEqual({ loaded: 0, failed: 0 });
  });

  it('keeps one outcome per user, version and page load: forged repeats add nothing, a failure outweighs its load', async () => {
    const pageLoad = randomUUID();
    const user = inCanary[0].who;
    for (let i = 0; i < 5; i++) expect((await report(user, 'loaded', pageLoad)).json()).toMatchObject({ counted: true, rolledBack: false });
    expect((await report(user, 'render-failed', pageLoad)).json()).toMatchObject({ counted: true });
    // a later "loaded" of the same page load does not hide the failure
    await report(user, 'loaded', pageLoad);
    expect((await canary()).versions.find((v) => v.version === '1.3.0')?.health).toEqual({ loaded: 0, failed: 1 });
  });

  it('rolls back when every visit failed and words the rate as failed visits', async () => {
    const answers = [];
    for (const user of inCanary.slice(0, 4)) answers.push((await visit(user.who, true))!.json());
    expect(answers.map((a) => (a as { rolledBack: boolean }).rolledBack)).toEqual([false, false, false, true]);
    const after = await canary();
    expect(after.canary).toBeNull();
    const reason = 'Canary Agents 1.3.0 was rolled back automatically: 4 of 4 visits failed (limit 25%).';
    expect(after.versions.find((v) => v.version === '1.3.0')).toMatchObject({
      status: 'withdrawn',
      withdrawn: { reason },
      health: { loaded: 0, failed: 4 },
    });
    expect(after.events[0]).toMatchObject({
      action: 'canary-rolled-back',
      detail: 'Canary Agents 1.3.0 was rolled back automatically: 4 of 4 visits failed (limit 25%).',
    });
  });

  it('rolls back at one failed visit in four (25%)', async () => {
    for (const user of inCanary.slice(0, 3)) await visit(user.who, false);
    expect((await visit(inCanary[3].who, true))!.json()).toMatchObject({ rolledBack: true });
    const after = await canary();
    expect(after.versions.find((v) => v.version === '1.3.0')).toMatchObject({ status: 'withdrawn', health: { loaded: 3, failed: 1 } });
    expect(after.events[0]).toMatchObject({ detail: 'Canary Agents 1.3.0 was rolled back automatically: 1 of 4 visits failed (limit 25%).' });
  });
});

describe('promoting a withdrawn version', () => {
  let ctx: TestContext;
  let admin: SignedIn;

  beforeAll(async () => {
    const releasesDir = makeStaticRoot(releaseFiles('agents/1.3.0', 'mfe_agents', '1.3.0'));
    ctx = await createTestContext({ env: { RELEASES_DIR: releasesDir } });
    admin = await loginAdmin(ctx.app);
  }, 120_000);
  afterAll(() => ctx.close());

  it('needs an explicit confirmation, and the refusal says when and why it was withdrawn', async () => {
    // the canary's users all failed: withdrawn by the server
    const reason = 'Canary Agents 1.3.0 was rolled back automatically: 4 of 4 visits failed (limit 25%).';
    await ctx.database.db
      .updateTable('remote_versions')
      .set({ withdrawn: true, withdrawn_at: '2026-11-27T21:05:00Z', withdrawn_reason: reason })
      .where('version', '=', '1.3.0')
      .execute();
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/v1/remotes/agents/versions', headers: admin.headers })).json() as {
      versions: { version: string; status: string; withdrawn: unknown }[];
    };
    expect(listed.versions.find((v) => v.version === '1.3.0')).toMatchObject({
      status: 'withdrawn',
      withdrawn: { at: '2026-11-27T21:05:00.000Z', reason },
    });

    const promote = (body: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/remotes/agents/promote', payload: body, headers: admin.headers });
    const refused = await promote({ version: '1.3.0' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: `Agents 1.3.0 was withdrawn on 2026-11-27 21:05 UTC: ${reason} Promote it again only if that is fixed, with the confirmation (confirmWithdrawn: true).`,
    });
    // nor in one call with the registration
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/remotes/agents',
      payload: { version: '1.3.0', entry: '/mfe/agents/1.3.0/mf-manifest.json' },
      headers: admin.headers,
    });
    expect(put.statusCode).toBe(409);

    const confirmed = await promote({ version: '1.3.0', confirmWithdrawn: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ id: 'agents', current: '1.3.0' });
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/v1/remotes/agents/versions', headers: admin.headers })).json() as {
      versions: { version: string; status: string; withdrawn: unknown }[];
    };
    expect(after.versions.find((v) => v.version === '1.3.0')).toMatchObject({ status: 'current', withdrawn: null });
  });
});
