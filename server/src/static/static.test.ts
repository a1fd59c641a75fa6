import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { makeStaticRoot } from '../testing/static-root.js';
import { createTestContext, type TestContext } from '../testing/test-app.js';
import { cacheControlFor } from './sites.js';

const INDEX = '<!doctype html><title>Accent Studio</title>';

describe('static sites', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const staticRoot = makeStaticRoot({
      'shell/dist/index.html': INDEX,
      'shell/dist/main.3f9a0c1d.js': 'console.log("shell")',
      'mfe-agents/package.json': '{"version":"0.1.0"}',
      'mfe-agents/dist/mf-manifest.json': '{"name":"mfe_agents"}',
      'mfe-agents/dist/remoteEntry.js': 'var mfe_agents;',
      'mfe-agents/dist/245.68a6d52c.js': 'chunk',
    });
    ctx = await createTestContext({ env: { STATIC_ROOT: staticRoot } });
  }, 60_000);
  afterAll(() => ctx.close());

  const get = (url: string, method: 'GET' | 'POST' | 'HEAD' = 'GET') => ctx.app.inject({ method, url });

  it('serves the shell at / without caching index.html', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/agents', '/flows/1b2c', '/end-user/missions/edit/42', '/pages/builder/42'])('answers the client-side route %s with index.html', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it.each(['/p/quarterly-review', '/p/quarterly-review/extra', '/p'])('never answers a published page path (%s) with the studio', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toBe(INDEX);
  });

  it('caches hashed files for a year', async () => {
    const response = await get('/main.3f9a0c1d.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a built remote under /mfe/<id>/ with open CORS; its entry files are never cached', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await get(`/mfe/agents/${file}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const chunk = await get('/mfe/agents/245.68a6d52c.js');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['GET', '/api/v1/unknown', 'Not found: GET /api/v1/unknown'],
    ['POST', '/api/nothing?x=1', 'Not found: POST /api/nothing'],
    ['GET', '/mfe/agents/missing.js', 'Not found: GET /mfe/agents/missing.js'],
    ['GET', '/mfe/flows/mf-manifest.json', 'Not found: GET /mfe/flows/mf-manifest.json'],
    ['GET', '/rest/v1', 'Not found: GET /rest/v1'],
    ['GET', '/missing.js', 'Not found: GET /missing.js'],
  ] as const)('answers %s %s with a JSON 404', async (method, url, detail) => {
    const response = await get(url, method);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail });
  });

  it('publishes the OpenAPI document and Swagger UI at /api/docs', async () => {
    const doc = await get('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/auth/login', '/api/v1/agent/list', '/api/v1/agent/save', '/api/v1/multi-agent/agent-config', '/api/v1/remotes']));
    const ui = await get('/api/docs');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('the signed-out pages', () => {
  const LEAN = '<!doctype html><title>Accent Studio (signed out)</title>';
  let ctx: TestContext;
  beforeAll(async () => {
    const staticRoot = makeStaticRoot({
      'shell/dist/index.html': INDEX,
      'shell/dist/public/index.html': LEAN,
      'shell/dist/public/main.5e6f7a8b.js': 'console.log("lean")',
    });
    ctx = await createTestContext({ env: { STATIC_ROOT: staticRoot } });
  }, 60_000);
  afterAll(() => ctx.close());

  const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it.each(['/', '/landing', '/login', '/login/', '/login/code', '/forgot-password', '/reset-password?token=abc', '/invite?token=abc', '/sign-up'])(
    'answers %s with the lean page when the browser holds no sign-in',
    async (url) => {
      const response = await get(url, 'accent_theme=dark');
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(LEAN);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/cookie/i);
    },
  );

  it.each(['/', '/login', '/landing', '/sign-up'])('answers %s with the studio when the sign-in marker is there', async (url) => {
    const response = await get(url, 'accent_signed_in=1');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/home', '/agents', '/login/elsewhere', '/landingx'])('answers every other page (%s) with the studio, signed in or not', async (url) => {
    expect((await get(url)).body).toBe(INDEX);
  });

  it('caches the lean build\'s hashed files for a year', async () => {
    const response = await get('/public/main.5e6f7a8b.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('compression', () => {
  // big enough that compressing pays (the on-the-fly threshold is 1 KiB)
  const SCRIPT = `console.log(${JSON.stringify('accent '.repeat(400))});`;
  let ctx: TestContext;
  beforeAll(async () => {
    // as the build leaves them: each asset with its .br and .gz beside it
    const built = (path: string, text: string) => ({ [path]: text, [`${path}.br`]: brotliCompressSync(text), [`${path}.gz`]: gzipSync(text) });
    const staticRoot = makeStaticRoot({
      ...built('shell/dist/index.html', INDEX),
      ...built('shell/dist/main.3f9a0c1d.js', SCRIPT),
      'mfe-agents/package.json': '{"version":"0.1.0"}',
      ...built('mfe-agents/dist/mf-manifest.json', '{"name":"mfe_agents"}'),
      ...built('mfe-agents/dist/remoteEntry.js', SCRIPT),
      ...built('mfe-agents/dist/245.68a6d52c.js', SCRIPT),
    });
    ctx = await createTestContext({ env: { STATIC_ROOT: staticRoot } });
  }, 60_000);
  afterAll(() => ctx.close());

  const get = (url: string, acceptEncoding?: string) => ctx.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it.each(['/main.3f9a0c1d.js', '/mfe/agents/245.68a6d52c.js', '/mfe/agents/remoteEntry.js'])('sends the precompressed %s for br and gzip, the file itself otherwise', async (url) => {
    const br = await get(url, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get(url, acceptEncoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
    }
    // the compressed file is cached like the file it encodes
    for (const response of [br, gzip]) expect(response.headers['cache-control']).toBe(url.endsWith('remoteEntry.js') ? 'no-cache' : 'public, max-age=31536000, immutable');
  });

  it("answers a client-side route with the shell's index.html, compressed when asked", async () => {
    const response = await get('/agents', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('compresses large API JSON on the fly, small answers not', async () => {
    const doc = await get('/api/docs/json', 'br');
    expect(doc.headers['content-encoding']).toBe('br');
    expect(doc.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(doc.rawPayload).toString())).toHaveProperty('openapi');
    expect((await get('/api/docs/json', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/api/docs/json')).headers['content-encoding']).toBeUndefined();
    const small = await get('/api/v1/remotes', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.statusCode).toBe(200);
  });
});

describe('static sites without builds', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 60_000);
  afterAll(() => ctx.close());

  it('starts, and explains that the studio is not built', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'The studio is not built yet: run pnpm build, then restart the server' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/remotes' })).json()).toEqual({ remotes: [] });
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['remoteEntry.js', 'no-cache'],
    ['main.23d72f13.js', 'public, max-age=31536000, immutable'],
    ['__federation_expose_module.5ca9921c.js', 'public, max-age=31536000, immutable'],
    ['styles.0a1b2c3d4e5f.css', 'public, max-age=31536000, immutable'],
    ['favicon.svg', 'no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(`/dist/${file}`)).toBe(expected);
  });
});
