// The log never holds query-string secrets nor credentials from headers.
import { Writable } from 'node:stream';
import { createTestContext, type TestContext } from '../testing/test-app.js';
import { redactedUrl } from './log.js';

describe('redactedUrl', () => {
  it('keeps the path and the query keys, never the values', () => {
    expect(redactedUrl('/p/acme?p=tok&x=1')).toBe('/p/acme?p=[redacted]&x=[redacted]');
    expect(redactedUrl('/api/v1/flows/f1/webhook?secret=s3cret')).toBe('/api/v1/flows/f1/webhook?secret=[redacted]');
    expect(redactedUrl('/api/v1/agent/list')).toBe('/api/v1/agent/list');
    expect(redactedUrl('/x?flag&code=abc')).toBe('/x?flag&code=[redacted]');
  });
});

describe('the request log', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    ctx = await createTestContext({ env: { LOG_LEVEL: 'info' }, logStream: stream });
  }, 60_000);
  afterAll(() => ctx.close());

  it('holds neither query-string secrets nor authorization and cookie headers', async () => {
    const secrets = ['personal-token-1', 'flow-secret-2', 'bearer-token-3', 'refresh-cookie-4', 'oauth-code-5', 'api-key-6'];
    await ctx.app.inject({ method: 'GET', url: `/p/some-page?p=${secrets[0]}` });
    await ctx.app.inject({ method: 'POST', url: `/api/v1/flows/flow-1/webhook?secret=${secrets[1]}`, payload: {} });
    await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/list', headers: { authorization: `Bearer ${secrets[2]}`, cookie: `accent_refresh=${secrets[3]}` } });
    await ctx.app.inject({ method: 'GET', url: `/api/v1/config?code=${secrets[4]}&key=${secrets[5]}` });
    const log = lines.join('\n');
    expect(log).toContain('"url":"/p/some-page?p=[redacted]"');
    expect(log).toContain('"url":"/api/v1/flows/flow-1/webhook?secret=[redacted]"');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
