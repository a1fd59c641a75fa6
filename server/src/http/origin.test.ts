// X-Forwarded-Host / -Proto decide the URLs the server hands out only when TRUST_PROXY names the peer.
import { createTestContext, type TestContext } from '../testing/test-app.js';

const FORWARDED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'studio.local:3000' };

async function supabaseUrlWith(ctx: TestContext) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/config', headers: FORWARDED });
  return response.json<{ supabaseUrl: string }>().supabaseUrl;
}

describe('forwarded headers', () => {
  it('are ignored without TRUST_PROXY', async () => {
    const ctx = await createTestContext();
    try {
      expect(await supabaseUrlWith(ctx)).toBe('http://studio.local:3000/');
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('are ignored when the peer is not the trusted proxy', async () => {
    const ctx = await createTestContext({ env: { TRUST_PROXY: '10.1.2.3' } });
    try {
      expect(await supabaseUrlWith(ctx)).toBe('http://studio.local:3000/');
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('say what the browser saw behind a trusted proxy', async () => {
    const ctx = await createTestContext({ env: { TRUST_PROXY: 'true' } });
    try {
      expect(await supabaseUrlWith(ctx)).toBe('https://evil.example/');
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
