import { describe, expect, it } from '@jest/globals';
import { jwtVerify, SignJWT } from 'jose';
import { createAccessTokens } from './access-token.js';

const SECRET = 'access-token-test-secret-that-is-long-enough';
const user = {
  id: '11111111-1111-4111-8111-111111111111',
  role: 'member' as const,
  libraryId: 'lib-1',
  env: 'env-1',
  email: 'member@example.com',
  sessionId: '22222222-2222-4222-8222-222222222222',
  aal: 1 as const,
  amr: ['password'],
};

/** A token as another HS256 signer with the raw secret would make it (e.g. a hosted Supabase project). */
const signRaw = (secret: string, alg = 'HS256', claims: Record<string, unknown> = {}) =>
  new SignJWT({ role: 'authenticated', app_role: 'member', lib: 'lib-1', env: 'env-1', email: 'member@example.com', session_id: user.sessionId, ...claims })
    .setProtectedHeader({ alg })
    .setSubject(user.id)
    .setAudience('authenticated')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));

describe('access tokens (HMAC key imported once per secret)', () => {
  it('verifies its own tokens again and again, and they verify with the raw secret elsewhere', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const { token } = await tokens.sign(user);
    for (let i = 0; i < 3; i++) expect(await tokens.verify(token)).toEqual(user);
    const { payload } = await jwtVerify(token, new TextEncoder().encode(SECRET), { audience: 'authenticated' });
    expect(payload).toMatchObject({ sub: user.id, app_role: 'member', session_id: user.sessionId });
  });

  it("accepts another signer's HS256 token made with the same secret", async () => {
    expect(await createAccessTokens(SECRET).verify(await signRaw(SECRET))).toMatchObject({ id: user.id, role: 'member', aal: 1, amr: [] });
  });

  it('refuses another secret, another algorithm with the same secret, and a token without expiry', async () => {
    const tokens = createAccessTokens(SECRET);
    expect(await tokens.verify(await signRaw(`${SECRET}-other`))).toBeNull();
    expect(await tokens.verify(await signRaw(SECRET, 'HS512'))).toBeNull();
    const noExpiry = await new SignJWT({ role: 'authenticated', app_role: 'member', lib: 'l', env: 'e', email: 'e@x.y', session_id: user.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setAudience('authenticated')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(noExpiry)).toBeNull();
  });

  it('refuses a token it verified before once it has expired', async () => {
    // 3 s, not 1: a 1 s token signed late in a second expires at the next second boundary, before a slow machine reaches the first verify
    const tokens = createAccessTokens(SECRET, 3);
    const { token } = await tokens.sign(user);
    expect(await tokens.verify(token)).toEqual(user);
    // a caller changing what it got does not change what the next request gets
    (await tokens.verify(token))!.amr.push('changed');
    expect(await tokens.verify(token)).toEqual(user);
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number };
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it("one instance's key does not verify another secret's tokens", async () => {
    const { token } = await createAccessTokens(`${SECRET}-rotated`).sign(user);
    expect(await createAccessTokens(SECRET).verify(token)).toBeNull();
    expect(await createAccessTokens(`${SECRET}-rotated`).verify(token)).toEqual(user);
  });
});
