import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR_TEXTS } from '@accent/shell-common';
import { DEMO_CREDENTIALS } from '../../db/seed.js';
import { useTestApp } from '../../testing/model-app.js';
import { createUser, login, loginAdmin, type TestContext } from '../../testing/test-app.js';
import { REFRESH_COOKIE } from '../routes.js';
import { SECOND_FACTOR_COOKIE, SECOND_FACTOR_PENDING_COOKIE } from '../issue-session.js';
import { CHALLENGE_MAX_ATTEMPTS } from './challenge.js';

// each test signs in several times (scrypt) on a machine shared with other test runs
jest.setTimeout(60_000);

const { environment, library } = DEMO_CREDENTIALS;
const PASSWORD = 'correct horse battery staple';

/** The code an authenticator app shows `steps` periods from now. */
const codeAt = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

describe('two-factor authentication', () => {
  let ctx: TestContext;
  let counter = 0;
  useTestApp((started) => ({ ctx } = started));

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown, cookies?: Record<string, string>, remoteAddress?: string) =>
    ctx.app.inject({ method, url, headers, payload: payload as never, cookies, remoteAddress });

  async function newUser(role: 'admin' | 'member' = 'member') {
    const email = `twofa-${++counter}-${Date.now()}@accent.local`;
    await createUser(ctx.database, { environment, library, email, password: PASSWORD, role });
    const session = await login(ctx.app, { email, password: PASSWORD });
    return { email, session };
  }

  /** Enrols the user's factor; returns the secret and the recovery codes. */
  async function enrol(headers: Record<string, string>) {
    const started = await inject('POST', '/api/auth/two-factor/enroll', headers);
    expect(started.statusCode).toBe(200);
    const { secret } = started.json<{ secret: string }>();
    const confirmed = await inject('POST', '/api/auth/two-factor/confirm', headers, { code: codeAt(secret) });
    expect(confirmed.statusCode).toBe(200);
    return { secret, recoveryCodes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
  }

  const passwordLogin = (email: string) => inject('POST', '/api/auth/login', {}, { environment, library, email, password: PASSWORD });
  const challengeOf = (response: { cookies: { name: string; value: string }[] }) => response.cookies.find((c) => c.name === SECOND_FACTOR_COOKIE)?.value ?? '';
  // each test from its own address, so the per-address limit on codes only counts that test's tries
  let address = '';
  beforeEach(() => {
    address = `10.0.0.${++counter}`;
  });
  const secondStep = (challenge: string, code: string, from = address) => inject('POST', '/api/auth/second-factor', {}, { code }, { [SECOND_FACTOR_COOKIE]: challenge }, from);

  it('enrols with a QR code and a manual key, confirms with a code and shows ten recovery codes once', async () => {
    const { session } = await newUser();
    const before = await inject('GET', '/api/auth/two-factor', session.headers);
    expect(before.json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false, session_verified: false });

    const started = await inject('POST', '/api/auth/two-factor/enroll', session.headers);
    const enrolment = started.json<{ secret: string; otpauth_url: string; qr_code: string }>();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_url).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauth_url).toContain('issuer=Accent%20Studio');
    expect(enrolment.qr_code.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(enrolment.qr_code.split(',')[1], 'base64').toString()).toContain('<svg');

    // the secret is sealed at rest: its text is nowhere in the row
    const row = await ctx.database.db.withTables<{ user_totp_factors: { user_id: string; ciphertext: Buffer } }>().selectFrom('user_totp_factors').select('ciphertext').where('user_id', '=', session.body.user_id).executeTakeFirstOrThrow();
    expect(Buffer.from(row.ciphertext).toString('utf8')).not.toContain(enrolment.secret);

    const wrong = await inject('POST', '/api/auth/two-factor/confirm', session.headers, { code: codeAt(enrolment.secret, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: TWO_FACTOR_TEXTS.wrongCode });
    const notDigits = await inject('POST', '/api/auth/two-factor/confirm', session.headers, { code: 'abc' });
    expect(notDigits.statusCode).toBe(400);
    expect(notDigits.json().detail).toContain('6-digit code');

    const confirmed = await inject('POST', '/api/auth/two-factor/confirm', session.headers, { code: codeAt(enrolment.secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // stored hashed only
    const hashes = await ctx.database.db.withTables<{ user_recovery_codes: { user_id: string; code_hash: string } }>().selectFrom('user_recovery_codes').select('code_hash').where('user_id', '=', session.body.user_id).execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(codes).not.toContain(code_hash);

    const after = await inject('GET', '/api/auth/two-factor', session.headers);
    expect(after.json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // set up again while on: refused
    expect((await inject('POST', '/api/auth/two-factor/enroll', session.headers)).statusCode).toBe(409);

    // the sign-in that proved the factor counts as two-factor from its next token
    const refreshed = await inject('POST', '/api/auth/refresh', {}, undefined, { [REFRESH_COOKIE]: session.refreshCookie });
    expect(decodeJwt(refreshed.json<{ token: string }>().token)).toMatchObject({ aal: 'aal2', amr: ['password', 'totp'] });
  });

  it('asks for the second step at sign-in, then issues a session whose token says so', async () => {
    const { email, session } = await newUser();
    const { secret } = await enrol(session.headers);

    const first = await passwordLogin(email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ second_factor_required: true, methods: ['totp', 'recovery_code'] });
    // no session yet: only the challenge
    expect(first.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    const cookie = first.cookies.find((c) => c.name === SECOND_FACTOR_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth', maxAge: 300 });
    expect(first.cookies.find((c) => c.name === SECOND_FACTOR_PENDING_COOKIE)).toMatchObject({ value: '1', path: '/' });

    // the code that confirmed the enrolment was used in its time step: the next step's code works
    const passed = await secondStep(cookie!.value, codeAt(secret, 1));
    expect(passed.statusCode).toBe(200);
    const body = passed.json<{ token: string; email: string }>();
    expect(body.email).toBe(email);
    expect(decodeJwt(body.token)).toMatchObject({ aal: 'aal2', amr: ['password', 'totp'] });
    expect(passed.cookies.find((c) => c.name === REFRESH_COOKIE)?.value).toBeTruthy();
    expect(passed.cookies.find((c) => c.name === SECOND_FACTOR_COOKIE)?.value).toBe('');

    // the challenge is single use
    const again = await secondStep(cookie!.value, codeAt(secret, 1));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: TWO_FACTOR_TEXTS.challengeGone });
  });

  it('refuses a code replayed in its time step', async () => {
    const { email, session } = await newUser();
    const { secret } = await enrol(session.headers);
    const code = codeAt(secret, 1);
    expect((await secondStep(challengeOf(await passwordLogin(email)), code)).statusCode).toBe(200);
    const replay = await secondStep(challengeOf(await passwordLogin(email)), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: TWO_FACTOR_TEXTS.wrongCode });
    // an older code than the last one used is refused too
    expect((await secondStep(challengeOf(await passwordLogin(email)), codeAt(secret, 0))).statusCode).toBe(400);
  });

  it('accepts each recovery code once', async () => {
    const { email, session } = await newUser();
    const { recoveryCodes } = await enrol(session.headers);
    const used = await secondStep(challengeOf(await passwordLogin(email)), recoveryCodes[3].toUpperCase());
    expect(used.statusCode).toBe(200);
    expect(decodeJwt(used.json<{ token: string }>().token)).toMatchObject({ aal: 'aal2', amr: ['password', 'recovery_code'] });
    const reused = await secondStep(challengeOf(await passwordLogin(email)), recoveryCodes[3]);
    expect(reused.statusCode).toBe(400);
    const status = await inject('GET', '/api/auth/two-factor', session.headers);
    expect(status.json()).toMatchObject({ recovery_codes_left: 9 });
  });

  it('ends a challenge after too many wrong codes, and after it expires', async () => {
    const { email, session } = await newUser();
    const { secret } = await enrol(session.headers);
    const challenge = challengeOf(await passwordLogin(email));
    for (let i = 1; i < CHALLENGE_MAX_ATTEMPTS; i++) expect((await secondStep(challenge, '000000')).statusCode).toBe(400);
    const last = await secondStep(challenge, '000000');
    expect(last.statusCode).toBe(401);
    expect(last.json()).toEqual({ detail: TWO_FACTOR_TEXTS.challengeGone });
    // even the right code cannot use it now
    expect((await secondStep(challenge, codeAt(secret, 1))).statusCode).toBe(401);

    const expiring = challengeOf(await passwordLogin(email));
    await ctx.database.db.withTables<{ sign_in_challenges: { user_id: string; expires_at: Date } }>().updateTable('sign_in_challenges').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', session.body.user_id).execute();
    const expired = await secondStep(expiring, codeAt(secret, 1));
    expect(expired.statusCode).toBe(401);
    expect((await secondStep('', codeAt(secret, 1))).statusCode).toBe(401);
  });

  it('limits the codes one address may try', async () => {
    const { email } = await newUser();
    const challenge = challengeOf(await passwordLogin(email));
    const statuses: number[] = [];
    // fresh challenges, so the per-challenge limit is not what stops it
    for (let i = 0; i < 11; i++) statuses.push((await secondStep(i % 4 === 3 ? challengeOf(await passwordLogin(email)) : challenge, '000000', '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400 || s === 401)).toBe(true);
    const limited = await secondStep(challenge, '000000', '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Too many codes tried\. Try again in \d+ seconds\.$/);
  });

  it('turns off only with a current code', async () => {
    const { email, session } = await newUser();
    const { secret } = await enrol(session.headers);
    const wrong = await inject('POST', '/api/auth/two-factor/disable', session.headers, { code: '123456' });
    expect(wrong.statusCode).toBe(400);
    const off = await inject('POST', '/api/auth/two-factor/disable', session.headers, { code: codeAt(secret, 1) });
    expect(off.statusCode).toBe(204);
    expect((await inject('GET', '/api/auth/two-factor', session.headers)).json()).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    // signing in is one step again
    const plain = await passwordLogin(email);
    expect(plain.json()).toMatchObject({ email, token: expect.any(String) });
    expect((await inject('POST', '/api/auth/two-factor/disable', session.headers, { code: '123456' })).statusCode).toBe(409);
  });

  it('lets the library require it: administration needs a two-factor sign-in, and an admin can reset a user’s factor', async () => {
    // an admin created for this test, so the seeded admin stays without a factor for other tests
    const { email: adminEmail, session: adminSession } = await newUser('admin');
    // requiring it before having it yourself is refused: you would lock yourself out
    const early = await inject('PUT', '/api/v1/admin/two-factor', adminSession.headers, { required: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: TWO_FACTOR_TEXTS.enableForYourselfFirst });
    const bad = await inject('PUT', '/api/v1/admin/two-factor', adminSession.headers, { required: 'yes' });
    expect(bad.statusCode).toBe(400);

    const { secret } = await enrol(adminSession.headers);
    const raised = await inject('POST', '/api/auth/refresh', {}, undefined, { [REFRESH_COOKIE]: adminSession.refreshCookie });
    const adminHeaders = { authorization: `Bearer ${raised.json<{ token: string }>().token}` };
    const on = await inject('PUT', '/api/v1/admin/two-factor', adminHeaders, { required: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ required: true });
    try {
      // the seeded admin, signed in with a password only, is refused administration at once
      const seeded = await loginAdmin(ctx.app);
      const refused = await inject('GET', '/api/v1/admin/users', seeded.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: TWO_FACTOR_TEXTS.requiredForAdmin });
      expect((await inject('GET', '/api/auth/two-factor', seeded.headers)).json()).toMatchObject({ required: true, enabled: false });
      // the two-factor admin is not
      expect((await inject('GET', '/api/v1/admin/users', adminHeaders)).statusCode).toBe(200);

      // reset a user's factor
      const { email, session } = await newUser();
      await enrol(session.headers);
      const listed = await inject('GET', '/api/v1/admin/two-factor', adminHeaders);
      expect(listed.json<{ enrolled_user_ids: string[] }>().enrolled_user_ids).toContain(session.body.user_id);
      const reset = await inject('DELETE', `/api/v1/admin/users/${session.body.user_id}/two-factor`, adminHeaders);
      expect(reset.statusCode).toBe(204);
      expect((await passwordLogin(email)).json()).toMatchObject({ token: expect.any(String) });
      expect((await inject('DELETE', `/api/v1/admin/users/${session.body.user_id}/two-factor`, adminHeaders)).statusCode).toBe(409);
      expect((await inject('DELETE', '/api/v1/admin/users/not-a-uuid/two-factor', adminHeaders)).statusCode).toBe(400);
      const audit = await inject('GET', '/api/v1/admin/audit?action=two_factor.reset', adminHeaders);
      expect(audit.json<{ entries: { actor_email: string; target: string }[] }>().entries[0]).toMatchObject({ actor_email: adminEmail, target: email });
      // a member cannot reset anyone
      expect((await inject('DELETE', `/api/v1/admin/users/${session.body.user_id}/two-factor`, session.headers)).statusCode).toBe(403);
      void secret;
    } finally {
      const off = await inject('PUT', '/api/v1/admin/two-factor', adminHeaders, { required: false });
      expect(off.json()).toMatchObject({ required: false });
    }
  });
});
