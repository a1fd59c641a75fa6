// The gateway's token check, and the verified tokens it remembers: only the exact token text is
// remembered, and its expiry still applies at every use.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { SignJWT } from 'jose';
import { AUTH_MESSAGES, createVerifyCaller } from './auth.js';
import { GatewayError } from './errors.js';

const SECRET = 'gateway-auth-test-secret-long-enough-for-hs256';
const key = new TextEncoder().encode(SECRET);
const CLAIMS = {
  role: 'authenticated',
  app_role: 'member',
  lib: '00000000-0000-4000-8000-00000000000a',
  session_id: '00000000-0000-4000-8000-00000000000b',
  email: 'm@example.com',
};
const SUB = '00000000-0000-4000-8000-00000000000c';

const sign = (exp: number, secret = key) =>
  new SignJWT(CLAIMS).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(SUB).setAudience('authenticated').setExpirationTime(exp).sign(secret);

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(401);
    return (error as GatewayError).message;
  }
  throw new Error('expected a 401');
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('createVerifyCaller', () => {
  it('answers the same caller for the same token, and refuses the same claims under another signature', async () => {
    const verify = createVerifyCaller(SECRET);
    const token = await sign(Math.floor(Date.now() / 1000) + 3600);
    const first = await verify(`Bearer ${token}`);
    expect(first).toMatchObject({ userId: SUB, sessionId: CLAIMS.session_id });
    expect(JSON.parse(first.claimsJson)).toMatchObject({ ...CLAIMS, sub: SUB });
    expect(await verify(`Bearer ${token}`)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.claims)).toBe(true);

    const [header, payload] = token.split('.');
    expect(await refusal(verify(`Bearer ${header}.${payload}.${'A'.repeat(43)}`))).toBe(AUTH_MESSAGES.invalid);
    const forged = await sign(Math.floor(Date.now() / 1000) + 3600, new TextEncoder().encode('another-secret-that-is-long-enough-000'));
    expect(await refusal(verify(`Bearer ${forged}`))).toBe(AUTH_MESSAGES.invalid);
    expect(await refusal(verify(undefined))).toBe(AUTH_MESSAGES.missing);
  });

  it('refuses a remembered token once it has expired', async () => {
    const verify = createVerifyCaller(SECRET);
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = await sign(exp);
    await verify(`Bearer ${token}`);
    const now = jest.spyOn(Date, 'now');
    now.mockReturnValue(exp * 1000 - 1);
    expect((await verify(`Bearer ${token}`)).userId).toBe(SUB);
    now.mockReturnValue(exp * 1000);
    expect(await refusal(verify(`Bearer ${token}`))).toBe(AUTH_MESSAGES.expired);
  });
});
