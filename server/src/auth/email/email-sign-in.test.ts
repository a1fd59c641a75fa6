// Password reset, change password and emailed sign-in codes on the real app (PGlite) with a real SMTP sink.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { EMAIL_SIGN_IN_TEXTS, SIGN_IN_CODE_MAX_TRIES, SSO_MESSAGES } from '@accent/shell-common';
import { DEMO_CREDENTIALS } from '../../db/seed.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../testing/smtp-sink.js';
import { createTestContext, createUser, login, loginAdmin, loginMember, type TestContext } from '../../testing/test-app.js';
import { PUBLIC_URL_NEEDED } from '../../http/origin.js';
import { EMAIL_SIGN_IN_LIMITS } from './routes.js';

// every password set or checked costs a scrypt (~¼ s of a core): a few per test on a busy machine
jest.setTimeout(60_000);

const { environment, library } = DEMO_CREDENTIALS;
const PASSWORD = 'first-Password-1';

let sink: SmtpSink;
let ctx: TestContext;
let people = 0;
/** A user of its own for each test, so cool-downs and limits of one test do not reach another. */
async function newPerson() {
  const email = `person${++people}@example.com`;
  const id = await createUser(ctx.database, { environment, library, email, password: PASSWORD, role: 'member' });
  return { id, email };
}
/** A client address of its own for each test (the per-address limits). */
let addresses = 0;
const newAddress = () => `10.0.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

/** The body with quoted-printable undone. */
const textOf = (mail: ReceivedMail) => mail.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email));
async function waitForMail(email: string, count = 1): Promise<ReceivedMail> {
  for (let i = 0; i < 200 && mailsTo(email).length < count; i++) await new Promise((r) => setTimeout(r, 25));
  const mails = mailsTo(email);
  if (mails.length < count) throw new Error(`no mail number ${count} to ${email}`);
  return mails[count - 1]!;
}
const linkTokenOf = (mail: ReceivedMail) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(textOf(mail))![1]!;
const codeOf = (mail: ReceivedMail) => /sign-in code for Accent Studio is (\d{6})/.exec(textOf(mail))![1]!;

const post = (url: string, payload: object, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress, headers });
const forgot = (email: string, remoteAddress?: string) => post('/api/auth/password/forgot', { environment, library, email }, remoteAddress);
const sendCode = (email: string, remoteAddress?: string) => post('/api/auth/code/send', { environment, library, email }, remoteAddress);
const verifyCode = (email: string, code: string, remoteAddress?: string) => post('/api/auth/code/verify', { environment, library, email, code }, remoteAddress);
const me = (headers: { authorization: string }) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const refreshWith = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { accent_refresh: cookie } });
const expireChallenges = (userId: string) => sql`UPDATE email_challenges SET expires_at = now() - interval '1 second' WHERE user_id = ${userId}`.execute(ctx.database.db);
const auditActions = async (email: string) =>
  (await sql<{ action: string; details: Record<string, unknown> }>`SELECT action, details FROM audit_log WHERE actor_email = ${email} ORDER BY at`.execute(ctx.database.db)).rows;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://studio.example.com' } });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

describe('password reset', () => {
  it('answers an unknown email exactly as a known one, and emails only the known one', async () => {
    const { email } = await newPerson();
    const known = await forgot(email, newAddress());
    const unknown = await forgot('nobody-here@example.com', newAddress());
    const deactivated = await createUser(ctx.database, { environment, library, email: 'gone@example.com', password: PASSWORD, role: 'member', active: false });
    const inactive = await forgot('gone@example.com', newAddress());
    expect(known.statusCode).toBe(202);
    for (const other of [unknown, inactive]) {
      expect(other.statusCode).toBe(known.statusCode);
      expect(other.body).toBe(known.body);
      expect(other.headers['content-type']).toBe(known.headers['content-type']);
    }
    expect(known.json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.resetSent, resend_after: 60 });
    const mail = await waitForMail(email);
    expect(mail.headers.subject).toBe('Reset your Accent Studio password');
    expect(textOf(mail)).toContain('https://studio.example.com/reset-password?token=');
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo('nobody-here@example.com')).toHaveLength(0);
    expect(mailsTo('gone@example.com')).toHaveLength(0);
    expect(deactivated).toBeTruthy();
  });

  it('sets the new password once, ends every session at once, and refuses the old password', async () => {
    const { email } = await newPerson();
    const first = await login(ctx.app, { email, password: PASSWORD });
    const second = await login(ctx.app, { email, password: PASSWORD, remember_me: true });
    expect((await me(first.headers)).statusCode).toBe(200);

    await forgot(email, newAddress());
    const token = linkTokenOf(await waitForMail(email));
    const check = await post('/api/auth/password/reset/check', { token });
    expect(check.json()).toEqual({ email });

    const reset = await post('/api/auth/password/reset', { token, password: 'brand-new-secret-9' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.resetDone });

    // access tokens stop working at once, refresh cookies too
    expect((await me(first.headers)).statusCode).toBe(401);
    expect((await me(second.headers)).statusCode).toBe(401);
    expect((await refreshWith(second.refreshCookie)).statusCode).toBe(401);
    await expect(login(ctx.app, { email, password: PASSWORD })).rejects.toThrow('401');
    await login(ctx.app, { email, password: 'brand-new-secret-9' });

    // the link works once: a replay is refused and changes nothing
    const replay = await post('/api/auth/password/reset', { token, password: 'another-secret-77' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.resetLinkInvalid });
    expect((await post('/api/auth/password/reset/check', { token })).statusCode).toBe(400);
    await login(ctx.app, { email, password: 'brand-new-secret-9' });
    expect((await auditActions(email)).map((e) => e.action)).toContain('auth.password_reset');
  });

  it('refuses an expired link and an unknown one with the same words', async () => {
    const { id, email } = await newPerson();
    await forgot(email, newAddress());
    const token = linkTokenOf(await waitForMail(email));
    await expireChallenges(id);
    const expired = await post('/api/auth/password/reset', { token, password: 'brand-new-secret-9' });
    const unknown = await post('/api/auth/password/reset', { token: 'x'.repeat(43), password: 'brand-new-secret-9' });
    for (const answer of [expired, unknown]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.resetLinkInvalid });
    }
    await login(ctx.app, { email, password: PASSWORD });
  });

  it('refuses a weak password with the rule it breaks, keeping the link usable', async () => {
    const { email } = await newPerson();
    await forgot(email, newAddress());
    const token = linkTokenOf(await waitForMail(email));
    const cases: [string, string][] = [
      ['short', 'Password must be at least 8 characters'],
      [email, 'Password must not be your email address'],
      ['Password123', 'This password is too common: choose another'],
    ];
    for (const [password, detail] of cases) {
      const answer = await post('/api/auth/password/reset', { token, password });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ detail });
    }
    expect((await post('/api/auth/password/reset', { token, password: 'finally-a-good-one' })).statusCode).toBe(200);
  });

  it('a newer email retires the older link; within the cool-down nothing more is sent', async () => {
    const { id, email } = await newPerson();
    await forgot(email, newAddress());
    const older = linkTokenOf(await waitForMail(email));
    const again = await forgot(email, newAddress());
    expect(again.json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.resetSent, resend_after: 60 });
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(email)).toHaveLength(1);
    // past the cool-down a second link comes, and the first stops working
    await sql`UPDATE email_challenges SET created_at = created_at - interval '61 seconds' WHERE user_id = ${id}`.execute(ctx.database.db);
    await forgot(email, newAddress());
    const newer = linkTokenOf(await waitForMail(email, 2));
    expect(newer).not.toBe(older);
    expect((await post('/api/auth/password/reset/check', { token: older })).statusCode).toBe(400);
    expect((await post('/api/auth/password/reset/check', { token: newer })).statusCode).toBe(200);
  });

  it('stores only a hash of the link', async () => {
    const { id, email } = await newPerson();
    await forgot(email, newAddress());
    const token = linkTokenOf(await waitForMail(email));
    const { rows } = await sql<{ secret_hash: string }>`SELECT secret_hash FROM email_challenges WHERE user_id = ${id}`.execute(ctx.database.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret_hash).not.toContain(token);
  });

  it('limits emails per address and email', async () => {
    const { email } = await newPerson();
    const address = newAddress();
    for (let i = 0; i < EMAIL_SIGN_IN_LIMITS.sendPerEmail.max; i++) expect((await forgot(email, address)).statusCode).toBe(202);
    const limited = await forgot(email, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Too many tries\. Try again in \d+ seconds\.$/);
    // whatever the email, one client gets only so many
    const flooder = newAddress();
    let status = 0;
    for (let i = 0; i <= EMAIL_SIGN_IN_LIMITS.sendPerAddress.max; i++) status = (await forgot(`someone${i}@example.com`, flooder)).statusCode;
    expect(status).toBe(429);
  });

  it('says 400 in words for a malformed request', async () => {
    const answer = await post('/api/auth/password/forgot', { environment, library, email: 'not-an-email' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toContain('Enter a valid email address');
  });
});

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const { email } = await newPerson();
    const here = await login(ctx.app, { email, password: PASSWORD });
    const elsewhere = await login(ctx.app, { email, password: PASSWORD });
    const change = (body: object) => post('/api/auth/password/change', body, '127.0.0.1', here.headers);

    const wrong = await change({ current_password: 'not-it-at-all', new_password: 'a-fine-new-one-4' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.wrongCurrentPassword });
    const weak = await change({ current_password: PASSWORD, new_password: 'short' });
    expect(weak.json()).toEqual({ detail: 'Password must be at least 8 characters' });
    expect((await change({ current_password: PASSWORD, new_password: PASSWORD })).json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.sameAsCurrent });
    expect((await me(elsewhere.headers)).statusCode).toBe(200);

    const done = await change({ current_password: PASSWORD, new_password: 'a-fine-new-one-4' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.passwordChanged });
    expect((await me(here.headers)).statusCode).toBe(200);
    expect((await refreshWith(here.refreshCookie)).statusCode).toBe(200);
    expect((await me(elsewhere.headers)).statusCode).toBe(401);
    expect((await refreshWith(elsewhere.refreshCookie)).statusCode).toBe(401);
    await login(ctx.app, { email, password: 'a-fine-new-one-4' });
    await expect(login(ctx.app, { email, password: PASSWORD })).rejects.toThrow('401');
    expect((await auditActions(email)).map((e) => e.action)).toContain('auth.password_change');
  });

  it('is refused signed out, and limited per user', async () => {
    expect((await post('/api/auth/password/change', { current_password: 'x', new_password: 'y-long-enough' })).statusCode).toBe(401);
    const { email } = await newPerson();
    const here = await login(ctx.app, { email, password: PASSWORD });
    let status = 0;
    for (let i = 0; i <= EMAIL_SIGN_IN_LIMITS.changePerUser.max; i++)
      status = (await post('/api/auth/password/change', { current_password: 'wrong-one', new_password: 'a-fine-new-one-4' }, newAddress(), here.headers)).statusCode;
    expect(status).toBe(429);
  });
});

describe('sign-in code', () => {
  it('answers an unknown email exactly as a known one, and signs in with the emailed code once', async () => {
    const { email } = await newPerson();
    const known = await sendCode(email, newAddress());
    const unknown = await sendCode('nobody-here@example.com', newAddress());
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.codeSent, resend_after: 60 });
    const code = codeOf(await waitForMail(email));

    const signedIn = await verifyCode(email, code, newAddress());
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json<{ token: string; email: string }>();
    expect(body.email).toBe(email);
    const cookie = signedIn.cookies.find((c) => c.name === 'accent_refresh');
    expect(cookie?.httpOnly).toBe(true);
    expect((await me({ authorization: `Bearer ${body.token}` })).statusCode).toBe(200);
    expect((await refreshWith(cookie!.value)).statusCode).toBe(200);
    // the shared issuance recorded the method
    expect((await auditActions(email)).find((e) => e.action === 'auth.sign_in')?.details).toEqual({ method: 'email_code' });

    // replay: the code worked once
    const replay = await verifyCode(email, code, newAddress());
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.codeInvalid });
    // an unknown email with a code gets the very same answer
    const stranger = await verifyCode('nobody-here@example.com', code, newAddress());
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toBe(replay.body);
  });

  it(`retires a code after ${SIGN_IN_CODE_MAX_TRIES} wrong tries`, async () => {
    const { email } = await newPerson();
    await sendCode(email, newAddress());
    const code = codeOf(await waitForMail(email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SIGN_IN_CODE_MAX_TRIES; i++) expect((await verifyCode(email, wrong, newAddress())).statusCode).toBe(400);
    const late = await verifyCode(email, code, newAddress());
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.codeInvalid });
  });

  it('accepts a code after fewer wrong tries, and refuses an expired one', async () => {
    const { id, email } = await newPerson();
    await sendCode(email, newAddress());
    const code = codeOf(await waitForMail(email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SIGN_IN_CODE_MAX_TRIES - 1; i++) await verifyCode(email, wrong, newAddress());
    expect((await verifyCode(email, ` ${code.slice(0, 3)} ${code.slice(3)} `, newAddress())).statusCode).toBe(200);

    await sql`UPDATE email_challenges SET created_at = created_at - interval '61 seconds' WHERE user_id = ${id}`.execute(ctx.database.db);
    await sendCode(email, newAddress());
    const second = codeOf(await waitForMail(email, 2));
    await expireChallenges(id);
    expect((await verifyCode(email, second, newAddress())).json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.codeInvalid });
  });

  it('stores the code only hashed with the user, and resends only after the cool-down', async () => {
    const { id, email } = await newPerson();
    await sendCode(email, newAddress());
    const code = codeOf(await waitForMail(email));
    const { rows } = await sql<{ secret_hash: string }>`SELECT secret_hash FROM email_challenges WHERE user_id = ${id}`.execute(ctx.database.db);
    expect(rows[0]!.secret_hash).not.toContain(code);
    await sendCode(email, newAddress());
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(email)).toHaveLength(1);
    // the resent code replaces the first
    await sql`UPDATE email_challenges SET created_at = created_at - interval '61 seconds' WHERE user_id = ${id}`.execute(ctx.database.db);
    await sendCode(email, newAddress());
    const second = codeOf(await waitForMail(email, 2));
    if (second !== code) expect((await verifyCode(email, code, newAddress())).statusCode).toBe(400);
    expect((await verifyCode(email, second, newAddress())).statusCode).toBe(200);
  });

  it('a repeat within the cool-down keeps the live code working', async () => {
    const { email } = await newPerson();
    await sendCode(email, newAddress());
    const code = codeOf(await waitForMail(email));
    expect((await sendCode(email, newAddress())).json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.codeSent, resend_after: 60 });
    expect((await verifyCode(email, code, newAddress())).statusCode).toBe(200);
  });

  it('limits code tries per address and email, and per address', async () => {
    const { email } = await newPerson();
    const address = newAddress();
    let status = 0;
    for (let i = 0; i <= EMAIL_SIGN_IN_LIMITS.verifyPerEmail.max; i++) status = (await verifyCode(email, '123456', address)).statusCode;
    expect(status).toBe(429);
    const guesser = newAddress();
    for (let i = 0; i <= EMAIL_SIGN_IN_LIMITS.verifyPerAddress.max; i++) status = (await verifyCode(`someone${i}@example.com`, '123456', guesser)).statusCode;
    expect(status).toBe(429);
  });

  it('refuses a right code where the library allows only single sign-on, as the password login does', async () => {
    const email = 'sso-only@example.com';
    const id = await createUser(ctx.database, { environment, library: 'sso-only', email, password: PASSWORD, role: 'member' });
    await sql`INSERT INTO library_sso_providers (library_id, display_name, issuer, client_id, secret_ciphertext, secret_iv, secret_auth_tag, default_role, password_sign_in)
      SELECT library_id, 'Acme ID', 'https://id.example.com', 'studio', '\\x00', '\\x00', '\\x00', 'member', false FROM users WHERE id = ${id}`.execute(ctx.database.db);
    await post('/api/auth/code/send', { environment, library: 'sso-only', email }, newAddress());
    const code = codeOf(await waitForMail(email));
    const answer = await post('/api/auth/code/verify', { environment, library: 'sso-only', email, code }, newAddress());
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ detail: SSO_MESSAGES.passwordSignInOff('Acme ID') });
    expect(answer.cookies.find((c) => c.name === 'accent_refresh')).toBeUndefined();
  });

  it('refuses a code that is not six digits, in words', async () => {
    const answer = await verifyCode('someone@example.com', '12ab', newAddress());
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toContain('Enter the 6 digits from the email');
  });
});

describe('an administrator sets a password (no email needed)', () => {
  it('sets it for a user of the library, ends their sessions, and is refused to others', async () => {
    const { id, email } = await newPerson();
    const theirs = await login(ctx.app, { email, password: PASSWORD });
    const admin = await loginAdmin(ctx.app);
    const put = (userId: string, password: string, headers: { authorization: string }) =>
      ctx.app.inject({ method: 'PUT', url: `/api/v1/admin/users/${userId}/password`, payload: { password }, headers });

    expect((await put(id, 'short', admin.headers)).json()).toEqual({ detail: 'Password must be at least 8 characters' });
    const member = await loginMember(ctx.app);
    expect((await put(id, 'set-by-a-member-1', member.headers)).statusCode).toBe(403);
    expect((await put(admin.body.user_id, 'my-own-new-one-1', admin.headers)).json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.ownPasswordInProfile });
    expect((await put('00000000-0000-4000-8000-000000000000', 'set-by-admin-12', admin.headers)).statusCode).toBe(404);

    const done = await put(id, 'set-by-admin-12', admin.headers);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.passwordSetByAdmin(email) });
    expect((await me(theirs.headers)).statusCode).toBe(401);
    await login(ctx.app, { email, password: 'set-by-admin-12' });
    const entry = (await sql<{ details: Record<string, unknown> }>`SELECT details FROM audit_log WHERE action = 'user.update' AND target = ${email}`.execute(ctx.database.db)).rows[0];
    expect(entry?.details).toEqual({ password: 'set by an administrator' });
  });
});

describe('without SMTP', () => {
  it('says email is not set up instead of pretending to send', async () => {
    const bare = await createTestContext();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/email/status' })).json()).toEqual({ available: false });
      const answer = await bare.app.inject({ method: 'POST', url: '/api/auth/code/send', payload: { environment, library, email: DEMO_CREDENTIALS.member.email } });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ detail: EMAIL_SIGN_IN_TEXTS.emailUnavailable });
    } finally {
      await bare.close();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/email/status' })).json()).toEqual({ available: true });
  });
});

describe('without PUBLIC_URL', () => {
  it('emails a link to the loopback address a developer uses, and refuses a forged Host instead of emailing its link', async () => {
    const local = await createTestContext({ env: { SMTP_URL: sink.url } });
    try {
      const email = 'local-dev@example.com';
      await createUser(local.database, { environment, library, email, password: PASSWORD, role: 'member' });
      const body = { environment, library, email };
      const forged = await local.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: body, headers: { host: 'evil.example' } });
      expect(forged.statusCode).toBe(409);
      expect(forged.json()).toEqual({ detail: PUBLIC_URL_NEEDED });
      const ok = await local.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: body, headers: { host: '127.0.0.1:3199' } });
      expect(ok.statusCode).toBe(202);
      expect(textOf(await waitForMail(email))).toContain('http://127.0.0.1:3199/reset-password?token=');
      expect(mailsTo(email)).toHaveLength(1);
    } finally {
      await local.close();
    }
  });
});
