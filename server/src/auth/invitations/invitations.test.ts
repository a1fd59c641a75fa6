// Invitations and self sign-up on a real PGlite with a real SMTP sink: administrators only, a link that
// works once and expires, resend and revoke, the password rule, a clear 409 for an existing member, the
// sign-up domains, answers that never tell whether an address has an account, and the rate limits.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { LoginResponse } from '@accent/shared';
import { INVITATION_MESSAGES, type Invitation, type InvitationsResponse, type LinkPreview, type SignUpDomainsResponse } from '@accent/shell-common';
import { sql } from 'kysely';
import { DEMO_CREDENTIALS } from '../../db/seed.js';
import { startDnsServer, type DnsServer } from '../../testing/dns-server.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../testing/smtp-sink.js';
import { createTestContext, createUser, login, loginAdmin, loginMember, type SignedIn, type TestContext } from '../../testing/test-app.js';
import { hashLinkToken } from './links.js';
import { parseSignUpDomainArgs, verifySignUpDomainByOperator } from '../../admin/sign-up-domain.js';

jest.setTimeout(60_000);

let smtp: SmtpSink;
let dns: DnsServer;
let ctx: TestContext;
let admin: SignedIn;
let member: SignedIn;

/** The mail's text with quoted-printable soft breaks and escapes undone. */
const textOf = (mail: ReceivedMail) => mail.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function mailTo(address: string, after = 0): Promise<ReceivedMail> {
  for (let i = 0; i < 100; i++) {
    const found = smtp.messages.slice(after).find((m) => m.to.includes(address));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${address}`);
}

const tokenIn = (mail: ReceivedMail, page: 'invite' | 'sign-up') => {
  const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(textOf(mail));
  if (!match) throw new Error(`no ${page} link in ${textOf(mail)}`);
  return match[1];
};

const invite = (who: SignedIn | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/admin/invitations', headers: who?.headers ?? {}, payload: payload as object });
const preview = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/auth/invitation?token=${encodeURIComponent(token)}` });
const accept = (payload: unknown, remoteAddress?: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: payload as object, ...(remoteAddress ? { remoteAddress } : {}) });
const signUp = (email: string, remoteAddress = '10.1.0.1', library: string = DEMO_CREDENTIALS.library) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { environment: DEMO_CREDENTIALS.environment, library, email }, remoteAddress });
const putDomains = (who: SignedIn, domains: unknown) => ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/sign-up-domains', headers: who.headers, payload: { domains } as object });
const verifyDomain = (who: SignedIn, domain: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/admin/sign-up-domains/verify', headers: who.headers, payload: { domain } });
const signUpOpen = async (library = 'sales2') => (await ctx.app.inject({ method: 'GET', url: `/api/auth/sign-up?environment=lo-n02&library=${library}` })).json<{ allowed: boolean }>().allowed;

/** Lists the domains and proves control of each as an administrator does: its TXT record at the (test) DNS, then Verify. */
async function openDomains(who: SignedIn, domains: string[]) {
  const saved = await putDomains(who, domains);
  expect(saved.statusCode).toBe(200);
  for (const claim of saved.json<SignUpDomainsResponse>().verification) {
    if (claim.verified_at) continue;
    dns.setTxt(claim.domain, [claim.record]);
    expect((await verifyDomain(who, claim.domain)).statusCode).toBe(200);
  }
}
const auditActions = async (target: string) =>
  (await sql<{ action: string }>`SELECT action FROM audit_log WHERE target = ${target} ORDER BY at, id`.execute(ctx.database.db)).rows.map((r) => r.action);

/** Invites `email` and answers the token from the email it sent. */
async function invited(email: string, role = 'builder', team: string | null = 'sales') {
  const before = smtp.messages.length;
  const response = await invite(admin, { email, role, team });
  expect(response.statusCode).toBe(201);
  return { invitation: response.json<Invitation>(), token: tokenIn(await mailTo(email, before), 'invite') };
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  dns = await startDnsServer();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://studio.example.com', DNS_SERVERS: dns.address } });
  admin = await loginAdmin(ctx.app);
  member = await loginMember(ctx.app);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await dns?.close();
});

describe('invitations (Admin → Users → Invite user)', () => {
  it('are for administrators only', async () => {
    expect((await invite(null, { email: 'x@example.com', role: 'member' })).statusCode).toBe(401);
    const refused = await invite(member, { email: 'x@example.com', role: 'member' });
    expect(refused.statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/v1/admin/invitations'],
      ['GET', '/api/v1/admin/sign-up-domains'],
      ['DELETE', '/api/v1/admin/invitations/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await ctx.app.inject({ method, url, headers: member.headers })).statusCode).toBe(403);
    }
  });

  it('refuses a bad request in words, and an existing member or a pending invitation with a clear 409', async () => {
    const bad = await invite(admin, { email: 'not-an-email', role: 'member' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'email: Enter a valid email address' });
    expect((await invite(admin, { email: 'a@example.com', role: 'owner' })).json<{ detail: string }>().detail).toMatch(/^role: role must be one of admin, builder, member/);

    const existing = await invite(admin, { email: DEMO_CREDENTIALS.member.email.toUpperCase(), role: 'member' });
    expect(existing.statusCode).toBe(409);
    expect(existing.json()).toEqual({ detail: `A user with email ${DEMO_CREDENTIALS.member.email} already exists.` });

    await invited('twice@example.com');
    const again = await invite(admin, { email: 'twice@example.com', role: 'member' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: INVITATION_MESSAGES.alreadyPending('twice@example.com') });
  });

  it('emails a link the invitee uses once to set name and password, and is signed in with the role and team', async () => {
    const { invitation, token } = await invited('ines@example.com', 'builder', 'marketing');
    expect(invitation).toMatchObject({ email: 'ines@example.com', role: 'builder', team: 'marketing', status: 'pending', invited_by: DEMO_CREDENTIALS.admin.email });
    const expiresIn = new Date(invitation.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600_000);
    const mail = await mailTo('ines@example.com');
    expect(mail.headers.subject).toBe(`You are invited to ${DEMO_CREDENTIALS.library} on Accent Studio`);
    expect(textOf(mail)).toContain(`https://studio.example.com/invite?token=${token}`);
    expect(textOf(mail)).toContain(`${DEMO_CREDENTIALS.admin.name} invited you to the library ${DEMO_CREDENTIALS.library} on Accent Studio as Builder in the Marketing team.`);

    // only the token's hash is stored
    const stored = await sql<{ token_hash: string }>`SELECT token_hash FROM invitations WHERE email = 'ines@example.com'`.execute(ctx.database.db);
    expect(stored.rows).toEqual([{ token_hash: hashLinkToken(token) }]);

    const shown = await preview(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<LinkPreview>()).toMatchObject({ kind: 'invitation', email: 'ines@example.com', role: 'builder', team: 'marketing', environment: 'lo-n02', library: 'sales2', invited_by: 'Alex Admin' });

    // the password rule of every account; the link is not used up by a refused attempt
    const short = await accept({ token, name: 'Ines', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ detail: 'password: Password must be at least 8 characters' });
    expect((await accept({ token, name: '  ', password: 'a-long-password' })).json()).toEqual({ detail: 'name: Name is required' });
    expect((await accept({ token, name: 'Ines', password: 'password123' })).json()).toEqual({ detail: 'password: This password is too common: choose another' });
    expect((await accept({ token, name: 'Ines', password: 'ines@example.com' })).json()).toEqual({ detail: 'password: Password must not be your email address' });

    const accepted = await accept({ token, name: 'Ines Invited', title: 'Analyst', password: 'a-long-password' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<LoginResponse>()).toMatchObject({ email: 'ines@example.com', name: 'Ines Invited', title: 'Analyst', role: 'builder', library_id: admin.body.library_id });
    const cookie = accepted.cookies.find((c) => c.name === 'accent_refresh');
    expect(cookie?.httpOnly).toBe(true);
    // the session is a real one: the cookie refreshes, the token reads /me
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { accent_refresh: cookie!.value } });
    expect(refreshed.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accepted.json<LoginResponse>().token}` } });
    expect(me.json()).toMatchObject({ email: 'ines@example.com', role: 'builder' });
    const users = (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: admin.headers })).json<{ users: { email: string; team: string | null }[] }>().users;
    expect(users.find((u) => u.email === 'ines@example.com')?.team).toBe('marketing');
    // and with the password just set
    await login(ctx.app, { email: 'ines@example.com', password: 'a-long-password' });

    // once only
    const replay = await accept({ token, name: 'Someone Else', password: 'another-password' });
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({ detail: INVITATION_MESSAGES.linkUsed });
    expect((await preview(token)).json()).toEqual({ detail: INVITATION_MESSAGES.linkUsed });
    // no longer pending
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/invitations', headers: admin.headers })).json<InvitationsResponse>();
    expect(list.email_configured).toBe(true);
    expect(list.invitations.map((i) => i.email)).not.toContain('ines@example.com');
    expect(await auditActions('ines@example.com')).toEqual(['invitation.create', 'invitation.accept']);
  });

  it('accepts a link once when two people race for it', async () => {
    const { token } = await invited('race@example.com', 'member', null);
    const answers = await Promise.all([
      accept({ token, name: 'First', password: 'first-password' }),
      accept({ token, name: 'Second', password: 'second-password' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE email = 'race@example.com'`.execute(ctx.database.db);
    expect(rows.rows[0].n).toBe(1);
  });

  it('says an unknown, malformed, expired or revoked link in words', async () => {
    expect((await preview('x'.repeat(43))).json()).toEqual({ detail: INVITATION_MESSAGES.linkInvalid });
    expect((await preview('x'.repeat(43))).statusCode).toBe(404);
    const malformed = await preview('short');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: `token: ${INVITATION_MESSAGES.linkInvalid}` });

    const late = await invited('late@example.com');
    await sql`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = ${late.invitation.id}::uuid`.execute(ctx.database.db);
    expect((await preview(late.token)).json()).toEqual({ detail: INVITATION_MESSAGES.linkExpired });
    const lateAccept = await accept({ token: late.token, name: 'Late', password: 'a-long-password' });
    expect(lateAccept.statusCode).toBe(409);
    expect(lateAccept.json()).toEqual({ detail: INVITATION_MESSAGES.linkExpired });
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/invitations', headers: admin.headers })).json<InvitationsResponse>();
    expect(list.invitations.find((i) => i.email === 'late@example.com')?.status).toBe('expired');
    // an expired invitation does not block a new one
    await invited('late@example.com');

    const gone = await invited('gone@example.com');
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/invitations/${gone.invitation.id}`, headers: admin.headers });
    expect(revoked.json()).toEqual({ status: 'success' });
    expect((await preview(gone.token)).json()).toEqual({ detail: INVITATION_MESSAGES.linkRevoked });
    expect((await accept({ token: gone.token, name: 'Gone', password: 'a-long-password' })).statusCode).toBe(409);
    const twice = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/invitations/${gone.invitation.id}`, headers: admin.headers });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: INVITATION_MESSAGES.notPending });
    const unknown = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/admin/invitations/00000000-0000-4000-8000-000000000000', headers: admin.headers });
    expect(unknown.statusCode).toBe(404);
    expect(await auditActions('gone@example.com')).toEqual(['invitation.create', 'invitation.revoke']);
  });

  it('resends with a new link valid another 7 days; the old link stops working', async () => {
    const first = await invited('resend@example.com');
    await sql`UPDATE invitations SET expires_at = now() - interval '1 day' WHERE id = ${first.invitation.id}::uuid`.execute(ctx.database.db);
    const before = smtp.messages.length;
    const resent = await ctx.app.inject({ method: 'POST', url: `/api/v1/admin/invitations/${first.invitation.id}/resend`, headers: admin.headers });
    expect(resent.statusCode).toBe(200);
    expect(resent.json<Invitation>()).toMatchObject({ id: first.invitation.id, status: 'pending' });
    const token = tokenIn(await mailTo('resend@example.com', before), 'invite');
    expect(token).not.toBe(first.token);
    expect((await preview(first.token)).statusCode).toBe(404);
    expect((await accept({ token, name: 'Resent', password: 'a-long-password' })).statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: `/api/v1/admin/invitations/${first.invitation.id}/resend`, headers: admin.headers });
    expect(again.statusCode).toBe(409);
  });

  it('does not touch invitations of another library', async () => {
    await createUser(ctx.database, { environment: 'lo-n02', library: 'other-lib', email: 'other-admin@example.com', password: 'other-password', role: 'admin' });
    const other = await login(ctx.app, { email: 'other-admin@example.com', password: 'other-password', library: 'other-lib' });
    const mine = await invited('mine@example.com');
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/invitations', headers: other.headers })).json<InvitationsResponse>();
    expect(list.invitations).toEqual([]);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/invitations/${mine.invitation.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/admin/invitations/${mine.invitation.id}/resend`, headers: other.headers })).statusCode).toBe(404);
  });

  it('keeps invitations and sign-up domains away from the data gateway', async () => {
    for (const table of ['invitations', 'library_sign_up_domains']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/rest/v1/${table}?select=*`, headers: { ...admin.headers, apikey: 'anon' } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('self sign-up', () => {
  it('is closed until an administrator lists domains; the list is checked and recorded', async () => {
    const closed = await ctx.app.inject({ method: 'GET', url: '/api/auth/sign-up?environment=lo-n02&library=sales2' });
    expect(closed.json()).toEqual({ allowed: false });
    const refused = await signUp('newbie@acme.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: INVITATION_MESSAGES.signUpClosed });

    expect((await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/sign-up-domains', headers: member.headers, payload: { domains: ['acme.example'] } })).statusCode).toBe(403);
    const bad = await putDomains(admin, ['acme.example', '@evil.example']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'domains.1: must be a domain such as example.com (no @, no wildcard)' });
    const saved = await putDomains(admin, ['ACME.example', ' acme.example ', 'partner.example']);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ domains: ['acme.example', 'partner.example'], email_configured: true });
    expect(await auditActions('sign-up domains')).toEqual(['settings.sign_up_domains']);
    // listed is not open: each domain needs its proof of control first
    expect(await signUpOpen()).toBe(false);
    await openDomains(admin, ['acme.example', 'partner.example']);
    expect(await signUpOpen()).toBe(true);
    // an unknown library looks like a closed one
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/sign-up?environment=lo-n02&library=nope' })).json()).toEqual({ allowed: false });
    expect((await signUp('x@acme.example', '10.1.0.2', 'nope')).statusCode).toBe(403);
  });

  it('refuses another domain in words', async () => {
    const response = await signUp('someone@gmail.example');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: INVITATION_MESSAGES.domainNotAllowed('gmail.example') });
  });

  it('answers the same for a new and an existing address; only the inbox learns which', async () => {
    await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: 'known@acme.example', password: 'known-password', role: 'member' });
    const before = smtp.messages.length;
    const fresh = await signUp('fresh@acme.example', '10.1.0.3');
    const known = await signUp('known@acme.example', '10.1.0.3');
    expect(fresh.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(fresh.body);
    expect(fresh.json()).toEqual({ detail: INVITATION_MESSAGES.signUpSent });
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    const linkMail = await mailTo('fresh@acme.example', before);
    expect(linkMail.headers.subject).toBe('Finish signing up to Accent Studio');
    const existingMail = await mailTo('known@acme.example', before);
    expect(existingMail.headers.subject).toBe('You already have an Accent Studio account');
    expect(textOf(existingMail)).toContain('https://studio.example.com/login');
    expect(textOf(existingMail)).not.toContain('token=');

    const token = tokenIn(linkMail, 'sign-up');
    expect((await preview(token)).json<LinkPreview>()).toMatchObject({ kind: 'sign_up', email: 'fresh@acme.example', role: 'member', team: null, invited_by: null });
    const accepted = await accept({ token, name: 'Fresh Person', password: 'fresh-password' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<LoginResponse>()).toMatchObject({ email: 'fresh@acme.example', role: 'member' });
    expect((await accept({ token, name: 'Again', password: 'fresh-password' })).statusCode).toBe(409);
    expect(await auditActions('fresh@acme.example')).toEqual(['auth.sign_up']);
  });

  it('a newer request replaces the earlier link, and a link stops working once its domain is closed', async () => {
    const before = smtp.messages.length;
    await signUp('twice@partner.example', '10.1.0.4');
    const first = tokenIn(await mailTo('twice@partner.example', before), 'sign-up');
    const middle = smtp.messages.length;
    await signUp('twice@partner.example', '10.1.0.4');
    const second = tokenIn(await mailTo('twice@partner.example', middle), 'sign-up');
    expect((await preview(first)).statusCode).toBe(409);
    expect((await preview(second)).statusCode).toBe(200);

    await putDomains(admin, ['acme.example']);
    const closed = await accept({ token: second, name: 'Partner', password: 'partner-password' });
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ detail: INVITATION_MESSAGES.signUpClosed });
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE email = 'twice@partner.example'`.execute(ctx.database.db);
    expect(rows.rows[0].n).toBe(0);
    // nothing half-done: the link was not used up either (listed again, the domain is proven again)
    await openDomains(admin, ['acme.example', 'partner.example']);
    expect((await accept({ token: second, name: 'Partner', password: 'partner-password' })).statusCode).toBe(200);
  });

  it('is rate-limited per address and email, whatever the answer would have been', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signUp('limited@acme.example', '10.1.0.9')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const limited = await signUp('limited@acme.example', '10.1.0.9');
    expect(limited.json<{ detail: string }>().detail).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
    // another address may still ask
    expect((await signUp('limited@acme.example', '10.1.0.10')).statusCode).toBe(202);
  });
});

describe('sign-up domains need proof of control, and belong to one library', () => {
  let other: SignedIn;
  beforeAll(async () => {
    await createUser(ctx.database, { environment: 'lo-n02', library: 'rival-co', email: 'admin@rival.example', password: 'rival-admin-password', role: 'admin' });
    other = await login(ctx.app, { email: 'admin@rival.example', password: 'rival-admin-password', library: 'rival-co' });
  });

  it("listing another company's domain opens nothing until its DNS TXT record is there, which the server checks", async () => {
    const saved = await putDomains(other, ['victim.example']);
    expect(saved.statusCode).toBe(200);
    const [claim] = saved.json<SignUpDomainsResponse>().verification;
    expect(claim).toMatchObject({ domain: 'victim.example', verified_at: null, verified_by: null });
    expect(claim.record).toMatch(/^accent-studio-verification=[0-9a-f]{32}$/);
    expect(await signUpOpen('rival-co')).toBe(false);
    expect((await signUp('ceo@victim.example', '10.2.0.1', 'rival-co')).statusCode).toBe(403);

    const none = await verifyDomain(other, 'victim.example');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: INVITATION_MESSAGES.domainRecordMissing('victim.example', claim.record, 'the domain has no TXT records') });
    dns.setTxt('victim.example', ['v=spf1 -all', 'accent-studio-verification=0123456789abcdef0123456789abcdef']);
    expect((await verifyDomain(other, 'victim.example')).json<{ detail: string }>().detail).toContain('(it has 2 other TXT records)');
    expect((await verifyDomain(other, 'elsewhere.example')).json()).toEqual({ detail: INVITATION_MESSAGES.domainNotListed('elsewhere.example') });
    expect(await signUpOpen('rival-co')).toBe(false);
    expect((await verifyDomain(member, 'victim.example')).statusCode).toBe(403);
  });

  it('the record verifies it; another library listing a verified domain is refused with 409 and nothing changes', async () => {
    // the company that owns the domain (the demo library) lists it too, and proves it
    const mine = await putDomains(admin, ['acme.example', 'partner.example', 'victim.example']);
    const claim = mine.json<SignUpDomainsResponse>().verification.find((c) => c.domain === 'victim.example')!;
    dns.setTxt('victim.example', ['v=spf1 -all', claim.record]);
    const verified = await verifyDomain(admin, 'victim.example');
    expect(verified.statusCode).toBe(200);
    expect(verified.json<SignUpDomainsResponse>().verification.find((c) => c.domain === 'victim.example')).toMatchObject({ verified_by: 'dns', verified_at: expect.any(String) });
    expect(await auditActions('victim.example')).toContain('settings.sign_up_domain_verified');

    // the rival's pending claim can no longer be verified, nor can the domain be listed anew elsewhere
    const late = await verifyDomain(other, 'victim.example');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: INVITATION_MESSAGES.domainTaken('victim.example') });
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/sign-up-domains', headers: other.headers })).json<SignUpDomainsResponse>();
    const refused = await putDomains(other, ['rival.example', 'victim.example']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: INVITATION_MESSAGES.domainTaken('victim.example') });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/sign-up-domains', headers: other.headers })).json()).toEqual(before);
    expect((await signUp('ceo@victim.example', '10.2.0.2', 'rival-co')).statusCode).toBe(403);
    expect((await signUp('ceo@victim.example', '10.2.0.3')).statusCode).toBe(202);
  });

  it("a studio operator's word (npm run admin -- sign-up-domain) verifies without DNS, and moves a domain only when told to", async () => {
    const operator = (...args: string[]) => verifySignUpDomainByOperator(ctx.database, parseSignUpDomainArgs(['sign-up-domain', '--library', 'rival-co', ...args])!);
    expect(parseSignUpDomainArgs(['sign-up-domain', '--domain', 'x.example'])).toBeNull();
    await expect(operator('--domain', 'victim.example')).rejects.toThrow(/already verified for sign-up by another library.*--move/);
    await expect(operator('--domain', '@nope')).rejects.toThrow('--domain must be a domain such as example.com');
    expect(await operator('--domain', 'rival.example')).toBe('rival.example is verified for sign-up to library rival-co: people with rival.example addresses may sign up there.');
    const theirs = (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/sign-up-domains', headers: other.headers })).json<SignUpDomainsResponse>();
    expect(theirs.verification.find((c) => c.domain === 'rival.example')).toMatchObject({ verified_by: 'operator' });
    expect(await signUpOpen('rival-co')).toBe(true);

    expect(await operator('--domain', 'victim.example', '--move')).toContain('(taken from the library that had it)');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/sign-up-domains', headers: admin.headers })).json<SignUpDomainsResponse>().domains).not.toContain('victim.example');
    expect((await signUp('cto@victim.example', '10.2.0.4')).statusCode).not.toBe(202);
  });
});

describe('without SMTP', () => {
  let bare: TestContext;
  let bareAdmin: SignedIn;
  beforeAll(async () => {
    bare = await createTestContext();
    bareAdmin = await loginAdmin(bare.app);
  }, 60_000);
  afterAll(() => bare?.close());

  it('says no invitation or sign-up link can be sent, and stores nothing', async () => {
    const list = (await bare.app.inject({ method: 'GET', url: '/api/v1/admin/invitations', headers: bareAdmin.headers })).json<InvitationsResponse>();
    expect(list).toEqual({ invitations: [], email_configured: false });
    const refused = await bare.app.inject({ method: 'POST', url: '/api/v1/admin/invitations', headers: bareAdmin.headers, payload: { email: 'nomail@example.com', role: 'member' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: INVITATION_MESSAGES.emailNotConfigured });
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM invitations`.execute(bare.database.db);
    expect(rows.rows[0].n).toBe(0);
    await bare.app.inject({ method: 'PUT', url: '/api/v1/admin/sign-up-domains', headers: bareAdmin.headers, payload: { domains: ['acme.example'] } });
    expect((await bare.app.inject({ method: 'GET', url: '/api/auth/sign-up?environment=lo-n02&library=sales2' })).json()).toEqual({ allowed: false });
  });
});
