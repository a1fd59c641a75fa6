// Single sign-on against a real OpenID provider (oidc-provider 9 on loopback): the admin's settings
// (discovery checked, secret sealed), just-in-time users, linking, and every refusal of a bad answer.
import { DEMO_CREDENTIALS } from '../../db/seed.js';
import { createTestContext, createUser, login, loginAdmin, loginMember, type TestContext } from '../../testing/test-app.js';
import { signInAt, startOidcProvider, type TestOidcProvider } from '../../testing/oidc-provider.js';
import { SSO_LOGIN_ERRORS, SSO_MESSAGES } from '@accent/shell-common';
import { Secret, TOTP } from 'otpauth';
import { SECOND_FACTOR_COOKIE } from '../issue-session.js';
import { withSso } from './store.js';

const STUDIO = 'http://studio.test';
const CALLBACK = `${STUDIO}/api/auth/sso/callback`;
const LIBRARY = `environment=${DEMO_CREDENTIALS.environment}&library=${DEMO_CREDENTIALS.library}`;

let ctx: TestContext;
let idp: TestOidcProvider;
let admin: { authorization: string };

beforeAll(async () => {
  idp = await startOidcProvider({
    redirectUris: [CALLBACK],
    accounts: [
      { email: 'new.person@example.com', email_verified: true, name: 'New Person' },
      { email: 'member@accent.local', email_verified: true, name: 'Morgan at the provider' },
      { email: 'unverified@example.com', email_verified: false },
      { email: 'someone@elsewhere.org', email_verified: true },
      { email: 'other-library@example.com', email_verified: true },
    ],
  });
  ctx = await createTestContext({ env: { PUBLIC_URL: STUDIO, SSO_ALLOW_HOSTS: '127.0.0.1', ACCENT_MASTER_KEY: Buffer.alloc(32, 7).toString('base64') } });
  admin = (await loginAdmin(ctx.app)).headers;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await idp?.close();
});

afterEach(() => idp.tamper(null));

const settings = (over: Record<string, unknown> = {}) => ({
  display_name: 'Example ID',
  issuer: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  allowed_domains: ['example.com', 'accent.local'],
  default_role: 'builder',
  password_sign_in: true,
  ...over,
});
const put = (body: Record<string, unknown>, headers = admin) => ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/sso', headers, payload: body });

/** /start as a browser: the provider's URL and the cookie binding the sign-in to this browser. */
async function start() {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/auth/sso/start?${LIBRARY}` });
  expect(response.statusCode).toBe(303);
  const browser = response.cookies.find((c) => c.name === 'accent_sso')?.value ?? '';
  return { location: response.headers.location as string, browser };
}

/** The callback as the browser would open it: where it is sent and the cookies it receives. */
async function callback(url: string, browser: string) {
  const { pathname, search } = new URL(url);
  const response = await ctx.app.inject({ method: 'GET', url: `${pathname}${search}`, cookies: browser ? { accent_sso: browser } : {} });
  expect(response.statusCode).toBe(303);
  return { location: response.headers.location as string, refresh: response.cookies.find((c) => c.name === 'accent_refresh')?.value };
}

async function signInAs(email: string) {
  const { location, browser } = await start();
  return callback(await signInAt(location, STUDIO, email), browser);
}

async function me(refresh: string) {
  const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { accent_refresh: refresh } });
  expect(refreshed.statusCode).toBe(200);
  return refreshed.json<{ user_id: string; email: string; role: string; name: string; token: string }>();
}

describe('Admin → Sign-in', () => {
  it('is for administrators only', async () => {
    const member = await loginMember(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/sso', headers: member.headers })).statusCode).toBe(403);
    expect((await put(settings(), member.headers)).statusCode).toBe(403);
  });

  it('refuses an issuer that is not an OpenID provider, a private host not allowed, and bad fields, saving nothing', async () => {
    const notOidc = await put(settings({ issuer: `${idp.issuer}/nothing-here` }));
    expect(notOidc.statusCode).toBe(400);
    expect(notOidc.json().detail).toBe(SSO_MESSAGES.discoveryFailed(`${idp.issuer}/nothing-here`));
    const privateHost = await put(settings({ issuer: 'https://10.1.2.3' }));
    expect(privateHost.statusCode).toBe(400);
    expect(privateHost.json().detail).toMatch(/Refused to connect to 10\.1\.2\.3: private addresses are not allowed\. .*SSO_ALLOW_HOSTS/);
    const insecure = await put(settings({ issuer: 'http://idp.example.com' }));
    expect(insecure.json().detail).toBe(SSO_MESSAGES.insecureIssuer);
    const badDomain = await put(settings({ allowed_domains: ['not a domain'] }));
    expect(badDomain.statusCode).toBe(400);
    expect(badDomain.json().detail).toContain(SSO_MESSAGES.badDomain('not a domain'));
    expect((await put(settings({ default_role: 'admin' }))).statusCode).toBe(400);
    expect((await put(settings({ client_secret: '' }))).json().detail).toBe(SSO_MESSAGES.secretRequired);
    const read = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/sso', headers: admin });
    expect(read.json()).toMatchObject({ configured: false, redirect_uri: CALLBACK });
  });

  it('saves a provider that answers discovery, seals the secret and never sends it back', async () => {
    const saved = await put(settings());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ configured: true, display_name: 'Example ID', client_secret_set: true, default_role: 'builder', allowed_domains: ['example.com', 'accent.local'] });
    expect(saved.body).not.toContain(idp.clientSecret);
    const row = await withSso(ctx.database.db).selectFrom('library_sso_providers').selectAll().executeTakeFirstOrThrow();
    expect(Buffer.from(row.secret_ciphertext).toString('utf8')).not.toContain(idp.clientSecret);
    // an empty secret keeps the stored one
    expect((await put(settings({ client_secret: '', display_name: 'Example ID' }))).statusCode).toBe(200);
    const audit = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/audit?action=settings.sso', headers: admin });
    expect(audit.body).not.toContain(idp.clientSecret);
    expect(audit.json().entries.length).toBeGreaterThanOrEqual(1);
  });

  it('tells the login page the provider of a library, and nothing for another', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/auth/sso/provider?${LIBRARY}` })).json()).toEqual({ name: 'Example ID' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/sso/provider?environment=nope&library=none' })).json()).toEqual({ name: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/sso/provider' })).statusCode).toBe(400);
  });
});

describe('signing in through the provider', () => {
  it('creates a new user just in time with the configured role, and a second sign-in is the same user', async () => {
    const first = await signInAs('new.person@example.com');
    expect(first.location).toBe('/');
    const user = await me(first.refresh ?? '');
    expect(user).toMatchObject({ email: 'new.person@example.com', role: 'builder', name: 'New Person' });

    const second = await signInAs('new.person@example.com');
    expect((await me(second.refresh ?? '')).user_id).toBe(user.user_id);
    const identities = await withSso(ctx.database.db).selectFrom('user_identities').selectAll().where('user_id', '=', user.user_id).execute();
    expect(identities).toHaveLength(1);
    // a user made by single sign-on has no password, so cannot unlink its only way in
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/auth/sso/identities', headers: { authorization: `Bearer ${user.token}` } });
    expect(listed.json()).toMatchObject({ has_password: false, identities: [{ provider: 'Example ID', email: 'new.person@example.com' }] });
    const unlink = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/sso/identities/${identities[0].id}`, headers: { authorization: `Bearer ${user.token}` } });
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json().detail).toBe(SSO_MESSAGES.cannotUnlinkLast);
  });

  it('links an existing user by verified email, who keeps the role and may unlink while having a password', async () => {
    const member = await loginMember(ctx.app);
    const signedIn = await signInAs('member@accent.local');
    const user = await me(signedIn.refresh ?? '');
    expect(user).toMatchObject({ user_id: member.body.user_id, role: 'member' });
    const headers = { authorization: `Bearer ${user.token}` };
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/auth/sso/identities', headers })).json();
    expect(listed).toMatchObject({ has_password: true, identities: [{ provider: 'Example ID' }] });
    const other = await loginAdmin(ctx.app);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/auth/sso/identities/${listed.identities[0].id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/auth/sso/identities/${listed.identities[0].id}`, headers })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/sso/identities', headers })).json().identities).toEqual([]);
  });

  it('refuses an unverified email, a domain not allowed and an email of another library', async () => {
    expect(await signInAs('unverified@example.com')).toEqual({ location: '/login?error=sso_unverified', refresh: undefined });
    expect(await signInAs('someone@elsewhere.org')).toEqual({ location: '/login?error=sso_domain', refresh: undefined });
    await createUser(ctx.database, { environment: 'other-env', library: 'other-lib', email: 'other-library@example.com', password: 'whatever-123', role: 'member' });
    expect(await signInAs('other-library@example.com')).toEqual({ location: '/login?error=sso_account', refresh: undefined });
    const count = await ctx.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('email', 'in', ['unverified@example.com', 'someone@elsewhere.org']).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a replayed state, a replayed code, and a callback in another browser', async () => {
    const { location, browser } = await start();
    const back = await signInAt(location, STUDIO, 'new.person@example.com');
    expect((await callback(back, browser)).location).toBe('/');
    expect(await callback(back, browser)).toEqual({ location: '/login?error=sso_expired', refresh: undefined });

    // the used code with a fresh state: the provider refuses the code
    const fresh = await start();
    const code = new URL(back).searchParams.get('code') ?? '';
    const state = new URL(fresh.location).searchParams.get('state') ?? '';
    expect(await callback(`${CALLBACK}?code=${code}&state=${state}&iss=${encodeURIComponent(idp.issuer)}`, fresh.browser)).toEqual({ location: '/login?error=sso_failed', refresh: undefined });

    const third = await start();
    const elsewhere = await signInAt(third.location, STUDIO, 'new.person@example.com');
    expect(await callback(elsewhere, 'another-browser')).toEqual({ location: '/login?error=sso_expired', refresh: undefined });
  });

  it.each([
    ['a wrong nonce', (c: Record<string, unknown>) => ({ ...c, nonce: 'not-the-one-sent' }), false],
    ['a wrong audience', (c: Record<string, unknown>) => ({ ...c, aud: 'another-client' }), false],
    ['a wrong issuer', (c: Record<string, unknown>) => ({ ...c, iss: 'http://127.0.0.1:1/impostor' }), false],
    ['a key the provider does not publish', (c: Record<string, unknown>) => c, true],
  ])('refuses an ID token with %s', async (_what, change, foreignKey) => {
    idp.tamper(change, { foreignKey });
    expect(await signInAs('new.person@example.com')).toEqual({ location: '/login?error=sso_failed', refresh: undefined });
    const failures = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/audit?action=auth.sign_in_failed', headers: admin });
    expect(failures.json().entries[0].details).toMatchObject({ method: 'sso' });
  });

  it('accepts an ID token re-signed by the provider key with nothing changed (the refusals above are about the claims)', async () => {
    idp.tamper((claims) => claims);
    expect((await signInAs('new.person@example.com')).location).toBe('/');
  });

  it('comes back with a fixed reason when the user cancels at the provider', async () => {
    const { location, browser } = await start();
    expect(await callback(await signInAt(location, STUDIO, '', 'cancel'), browser)).toEqual({ location: '/login?error=sso_cancelled', refresh: undefined });
    expect(SSO_LOGIN_ERRORS.sso_cancelled).toBeTruthy();
  });

  it('turns password sign-in off for everybody but administrators', async () => {
    expect((await put(settings({ client_secret: '', password_sign_in: false }))).statusCode).toBe(200);
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { environment: DEMO_CREDENTIALS.environment, library: DEMO_CREDENTIALS.library, ...DEMO_CREDENTIALS.member } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(SSO_MESSAGES.passwordSignInOff('Example ID'));
    // a wrong password still gets the usual answer: the setting reveals nothing about accounts
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { environment: DEMO_CREDENTIALS.environment, library: DEMO_CREDENTIALS.library, email: DEMO_CREDENTIALS.member.email, password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    await expect(login(ctx.app, DEMO_CREDENTIALS.admin)).resolves.toBeTruthy();
    expect((await put(settings({ client_secret: '', password_sign_in: true }))).statusCode).toBe(200);
    await expect(login(ctx.app, DEMO_CREDENTIALS.member)).resolves.toBeTruthy();
  });

  it('refuses a deactivated user, whom an administrator turned off', async () => {
    const user = await ctx.database.db.selectFrom('users').select('id').where('email', '=', 'new.person@example.com').executeTakeFirstOrThrow();
    await ctx.database.db.updateTable('users').set({ active: false }).where('id', '=', user.id).execute();
    expect(await signInAs('new.person@example.com')).toEqual({ location: '/login?error=sso_account', refresh: undefined });
    await ctx.database.db.updateTable('users').set({ active: true }).where('id', '=', user.id).execute();
  });

  it('sends a user with a second factor to the login page for the code, and signs in only after it', async () => {
    const signedIn = await signInAs('new.person@example.com');
    const headers = { authorization: `Bearer ${(await me(signedIn.refresh ?? '')).token}` };
    const enrolled = await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/enroll', headers });
    const secret = Secret.fromBase32(enrolled.json<{ secret: string }>().secret);
    // the next period's code for the second step: a code once used is not taken again
    const code = (steps = 0) => TOTP.generate({ secret, timestamp: Date.now() + steps * 30_000 });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/confirm', headers, payload: { code: code() } })).statusCode).toBe(200);

    const { location, browser } = await start();
    const back = await signInAt(location, STUDIO, 'new.person@example.com');
    const { pathname, search } = new URL(back);
    const response = await ctx.app.inject({ method: 'GET', url: `${pathname}${search}`, cookies: { accent_sso: browser } });
    expect(response.headers.location).toBe('/login');
    expect(response.cookies.find((c) => c.name === 'accent_refresh')).toBeUndefined();
    const challenge = response.cookies.find((c) => c.name === SECOND_FACTOR_COOKIE)?.value ?? '';
    expect(challenge).not.toBe('');
    const second = await ctx.app.inject({ method: 'POST', url: '/api/auth/second-factor', payload: { code: code(1) }, cookies: { [SECOND_FACTOR_COOKIE]: challenge } });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ email: 'new.person@example.com', role: 'builder' });
  });

  it('sends the browser back to the login page when the library has no provider', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/sso/start?environment=nope&library=none' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login?error=sso_unavailable');
  });
});

// last: it spends this address's sign-in starts for the minute
describe('rate limits', () => {
  it('refuses more than 30 sign-in starts a minute from one address, in words', async () => {
    let refused: { statusCode: number; json(): { detail: string } } | undefined;
    for (let i = 0; i < 31 && !refused; i++) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/auth/sso/start?${LIBRARY}` });
      if (response.statusCode === 429) refused = response;
    }
    expect(refused?.json().detail).toBe(SSO_MESSAGES.tooManyAttempts);
  });
});
