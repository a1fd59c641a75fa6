// Security headers on the studio, the API and published pages.
import { registerVersion } from '../remotes/registry.js';
import { makeStaticRoot } from '../testing/static-root.js';
import { createTestContext, type TestContext } from '../testing/test-app.js';
import { API_POLICY, HSTS, originsOf, PUBLISHED_PAGE_POLICY, STORED_FILE_POLICY } from './security-headers.js';

const CDN_ENTRY = 'https://cdn.example.com/agents/1.4.0/mf-manifest.json';
const NEXT_ENTRY = 'https://releases.example.net/flows/2.0.0/mf-manifest.json';

describe('security headers', () => {
  let ctx: TestContext;
  let staticRoot: string;
  beforeAll(async () => {
    staticRoot = makeStaticRoot({
      'shell/dist/index.html': '<!doctype html><html><head><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>',
    });
    ctx = await createTestContext({
      env: { STATIC_ROOT: staticRoot, ACCENT_REMOTES: JSON.stringify([{ id: 'agents', entry: CDN_ENTRY, version: '1.4.0' }]) },
    });
    // a registered version not served yet (a canary, or the next one an open tab moves to)
    await registerVersion(ctx.database.db, { id: 'flows', version: '2.0.0', entry: NEXT_ENTRY, facts: null, actorId: null });
  }, 60_000);
  afterAll(() => ctx.close());

  it('the studio: a policy allowing this server and the registered remotes, never framed', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/agents' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.com /);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/cdn\.example\.com/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/releases\.example\.net/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('the studio trusts no local port unless DEV_REMOTE_ORIGINS names it', async () => {
    const csp = String((await ctx.app.inject({ method: 'GET', url: '/agents' })).headers['content-security-policy']);
    expect(csp).not.toMatch(/localhost|127\.0\.0\.1/);
    const dev = await createTestContext({ env: { STATIC_ROOT: staticRoot, DEV_REMOTE_ORIGINS: 'http://localhost:3101' } });
    try {
      const named = String((await dev.app.inject({ method: 'GET', url: '/agents' })).headers['content-security-policy']);
      expect(named).toMatch(/script-src 'self' [^;]*http:\/\/localhost:3101[ ;]/);
      // and its dev server's reload socket
      expect(named).toMatch(/connect-src 'self' [^;]*http:\/\/localhost:3101 [^;]*ws:\/\/localhost:3101[ ;]/);
      expect(named).not.toContain('localhost:*');
      expect(named).not.toContain('127.0.0.1');
      expect(named).not.toContain('unsafe-eval');
    } finally {
      await dev.close();
    }
  }, 60_000);

  it('the API, its errors and unknown paths: nothing to run or frame', async () => {
    for (const url of ['/api/v1/config', '/api/v1/agent/list', '/api/v1/nope']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe(API_POLICY);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('a published page: its own policy, framed by the studio only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/p/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-security-policy']).toBe(PUBLISHED_PAGE_POLICY);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a stored file: sandboxed with nothing to run whatever its type, framed by the studio only', async () => {
    expect(STORED_FILE_POLICY).toBe("default-src 'none'; frame-ancestors 'self'; sandbox");
    for (const url of ['/storage/v1/object/sign/documents/page.html?token=nope', '/storage/v1/object/authenticated/documents/page.html']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe(STORED_FILE_POLICY);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('HSTS with COOKIE_SECURE', async () => {
    const secure = await createTestContext({ env: { COOKIE_SECURE: 'true' } });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/v1/config' });
      expect(response.headers['strict-transport-security']).toBe(HSTS);
    } finally {
      await secure.close();
    }
  }, 60_000);

  it('originsOf keeps absolute http(s) entries only', () => {
    expect(originsOf(['/mfe/agents/mf-manifest.json', CDN_ENTRY, 'https://cdn.example.com/x', 'http://localhost:3101/mf-manifest.json', 'javascript:alert(1)'])).toEqual([
      'http://localhost:3101',
      'https://cdn.example.com',
    ]);
  });
});
