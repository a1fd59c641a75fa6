// Sign-in with Ethereum on the real app (PGlite): real EIP-4361 messages built by the server, signed by
// ethers wallets made for each test, verified with siwe. Every refusal is checked for its words, its
// status and its audit entry.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type BaseWallet, Wallet } from 'ethers';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { SiweMessage } from 'siwe';
import { WALLET_MESSAGES } from '@accent/shell-common';
import { DEMO_CREDENTIALS } from '../../db/seed.js';
import { createTestContext, createUser, login, loginAdmin, type SignedIn, type TestContext } from '../../testing/test-app.js';
import { REFRESH_COOKIE } from '../routes.js';
import { SECOND_FACTOR_COOKIE } from '../issue-session.js';

jest.setTimeout(60_000);

const { environment, library } = DEMO_CREDENTIALS;
const PASSWORD = 'wallet-Password-1';
const SITE = 'https://studio.example.com';

let ctx: TestContext;
let admin: SignedIn;
let people = 0;
let addresses = 0;
/** A client address of its own for each call group, so the per-address limits of one test do not reach another. */
const newAddress = () => `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

async function newPerson() {
  const email = `wallet${++people}@example.com`;
  await createUser(ctx.database, { environment, library, email, password: PASSWORD, role: 'member' });
  const session = await login(ctx.app, { email, password: PASSWORD });
  return { email, session, id: session.body.user_id };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method, url, payload, headers, remoteAddress });
const allow = (enabled: boolean, chain_ids = [1]) => call('PUT', '/api/v1/admin/wallet-sign-in', { enabled, chain_ids }, admin.headers);
const signInMessage = async (wallet: BaseWallet, chain_id = 1, from = '127.0.0.1') =>
  call('POST', '/api/auth/wallet/sign-in/message', { environment, library, address: wallet.address, chain_id }, {}, from);
const signIn = (message: string, signature: string, from = '127.0.0.1') => call('POST', '/api/auth/wallet/sign-in', { message, signature }, {}, from);

/** Links a new wallet to the person through the API, as Profile does. */
async function link(session: SignedIn, wallet = Wallet.createRandom()) {
  const asked = await call('POST', '/api/auth/wallet/link/message', { address: wallet.address, chain_id: 1 }, session.headers);
  expect(asked.statusCode).toBe(200);
  const { message } = asked.json<{ message: string }>();
  const linked = await call('POST', '/api/auth/wallet/link', { message, signature: await wallet.signMessage(message) }, session.headers);
  expect(linked.statusCode).toBe(201);
  return { wallet, id: linked.json<{ id: string }>().id };
}

const failures = async (reason: string) =>
  (await sql<{ action: string; details: Record<string, unknown> }>`SELECT action, details FROM audit_log WHERE action = 'auth.sign_in_failed' AND details->>'method' = 'wallet' AND details->>'reason' = ${reason}`.execute(ctx.database.db)).rows;

/** A message with one field changed from the server's, signed by `wallet`. */
async function altered(message: string, wallet: BaseWallet, change: Partial<SiweMessage>) {
  const text = new SiweMessage({ ...new SiweMessage(message), ...change }).prepareMessage();
  return { text, signature: await wallet.signMessage(text) };
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: SITE } });
  admin = await loginAdmin(ctx.app);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

describe('Admin → Sign-in: sign-in with Ethereum', () => {
  it('is off by default, is turned on with its chains by an administrator only, and is recorded', async () => {
    const before = await call('GET', '/api/v1/admin/wallet-sign-in', undefined, admin.headers);
    expect(before.json()).toMatchObject({ enabled: false, chain_ids: [1] });
    const status = await call('GET', `/api/auth/wallet/status?environment=${environment}&library=${library}`);
    expect(status.json()).toEqual({ enabled: false, chain_ids: [] });

    const { session } = await newPerson();
    expect((await call('PUT', '/api/v1/admin/wallet-sign-in', { enabled: true, chain_ids: [1] }, session.headers)).statusCode).toBe(403);
    const none = await call('PUT', '/api/v1/admin/wallet-sign-in', { enabled: true, chain_ids: [] }, admin.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toContain('at least one chain id');

    const saved = await allow(true, [1, 10, 1]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, chain_ids: [1, 10] });
    expect((await call('GET', `/api/auth/wallet/status?environment=${environment}&library=${library}`)).json()).toEqual({ enabled: true, chain_ids: [1, 10] });
    const audit = await sql<{ details: Record<string, unknown> }>`SELECT details FROM audit_log WHERE action = 'settings.wallet_sign_in' ORDER BY at DESC LIMIT 1`.execute(ctx.database.db);
    expect(audit.rows[0]?.details).toMatchObject({ enabled: true, chain_ids: [1, 10] });
    await allow(false);
  });
});

describe('linking a wallet and signing in with it', () => {
  it('links a wallet in Profile, signs in with it (the refresh cookie set), lists and unlinks it', async () => {
    await allow(true);
    const person = await newPerson();
    const { wallet, id } = await link(person.session);

    const listed = await call('GET', '/api/auth/wallet/wallets', undefined, person.session.headers);
    expect(listed.json()).toMatchObject({ enabled: true, wallets: [{ id, address: wallet.address, chain_id: 1, last_used_at: null }] });

    const asked = await signInMessage(wallet);
    expect(asked.statusCode).toBe(200);
    const { message } = asked.json<{ message: string }>();
    const parsed = new SiweMessage(message);
    expect(parsed).toMatchObject({ domain: 'studio.example.com', uri: SITE, chainId: 1, address: wallet.address, statement: WALLET_MESSAGES.statement, version: '1' });
    expect(new Date(parsed.expirationTime!).getTime() - new Date(parsed.issuedAt!).getTime()).toBe(5 * 60_000);

    const signed = await signIn(message, await wallet.signMessage(message));
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ email: person.email });
    expect(signed.cookies.find((c) => c.name === REFRESH_COOKIE)?.value).toBeTruthy();
    const entry = await sql<{ details: Record<string, unknown> }>`SELECT details FROM audit_log WHERE action = 'auth.sign_in' AND actor_email = ${person.email} ORDER BY at DESC LIMIT 1`.execute(ctx.database.db);
    expect(entry.rows[0]?.details).toEqual({ method: 'wallet' });

    // replay: the same message and signature again
    const replay = await signIn(message, await wallet.signMessage(message), newAddress());
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: WALLET_MESSAGES.expired });
    expect((await failures('unknown, used or expired nonce')).length).toBeGreaterThan(0);

    const unlinked = await call('DELETE', `/api/auth/wallet/wallets/${id}`, undefined, person.session.headers);
    expect(unlinked.statusCode).toBe(204);
    expect((await call('GET', '/api/auth/wallet/wallets', undefined, person.session.headers)).json().wallets).toEqual([]);
    const again = await call('DELETE', `/api/auth/wallet/wallets/${id}`, undefined, person.session.headers);
    expect(again.json()).toEqual({ detail: WALLET_MESSAGES.walletNotFound });
    const actions = await sql<{ action: string }>`SELECT action FROM audit_log WHERE actor_email = ${person.email} AND action LIKE 'wallet.%' ORDER BY at`.execute(ctx.database.db);
    expect(actions.rows.map((r) => r.action)).toEqual(['wallet.link', 'wallet.unlink']);
  });

  it('refuses an unlinked wallet in words and never creates a user', async () => {
    await allow(true);
    const stranger = Wallet.createRandom();
    const users = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM users`.execute(ctx.database.db)).rows[0]!.n);
    const before = await users();
    const { message } = (await signInMessage(stranger, 1, newAddress())).json<{ message: string }>();
    const refused = await signIn(message, await stranger.signMessage(message), newAddress());
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: WALLET_MESSAGES.notLinked });
    expect(refused.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    expect(await users()).toBe(before);
    expect((await failures('wallet not linked')).length).toBeGreaterThan(0);
  });

  it('refuses a wallet whose user was deactivated', async () => {
    await allow(true);
    const person = await newPerson();
    const { wallet } = await link(person.session);
    await sql`UPDATE users SET active = false WHERE id = ${person.id}`.execute(ctx.database.db);
    const { message } = (await signInMessage(wallet, 1, newAddress())).json<{ message: string }>();
    const refused = await signIn(message, await wallet.signMessage(message), newAddress());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: WALLET_MESSAGES.inactive });
    expect(refused.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
  });

  it('a wallet linked to one user cannot be linked by another', async () => {
    await allow(true);
    const first = await newPerson();
    const { wallet } = await link(first.session);
    const second = await newPerson();
    const { message } = (await call('POST', '/api/auth/wallet/link/message', { address: wallet.address, chain_id: 1 }, second.session.headers)).json<{ message: string }>();
    const refused = await call('POST', '/api/auth/wallet/link', { message, signature: await wallet.signMessage(message) }, second.session.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: WALLET_MESSAGES.linkedElsewhere });
    const entry = await sql<{ details: Record<string, unknown> }>`SELECT details FROM audit_log WHERE action = 'auth.sign_in_failed' AND actor_email = ${second.email}`.execute(ctx.database.db);
    expect(entry.rows.map((r) => r.details)).toEqual([{ method: 'wallet', purpose: 'link', reason: 'linked already' }]);
  });

  it('asks for the second factor when the user has one', async () => {
    await allow(true);
    const person = await newPerson();
    const { wallet } = await link(person.session);
    const started = await call('POST', '/api/auth/two-factor/enroll', undefined, person.session.headers);
    const { secret } = started.json<{ secret: string }>();
    const confirmed = await call('POST', '/api/auth/two-factor/confirm', { code: TOTP.generate({ secret: Secret.fromBase32(secret) }) }, person.session.headers);
    expect(confirmed.statusCode).toBe(200);

    const { message } = (await signInMessage(wallet, 1, newAddress())).json<{ message: string }>();
    const answer = await signIn(message, await wallet.signMessage(message), newAddress());
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ second_factor_required: true });
    expect(answer.cookies.find((c) => c.name === SECOND_FACTOR_COOKIE)?.value).toBeTruthy();
    expect(answer.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
  });
});

describe('storage', () => {
  it('keeps the wallet tables to the server: row-level security on, no policy, not served by the data gateway', async () => {
    const tables = ['library_wallet_settings', 'wallet_nonces', 'user_wallets'];
    const rls = await sql<{ relname: string; relrowsecurity: boolean }>`SELECT relname, relrowsecurity FROM pg_class WHERE relname IN (${sql.join(tables)}) ORDER BY relname`.execute(ctx.database.db);
    expect(rls.rows).toEqual(tables.toSorted().map((relname) => ({ relname, relrowsecurity: true })));
    const policies = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_policies WHERE tablename IN (${sql.join(tables)})`.execute(ctx.database.db);
    expect(policies.rows[0]?.n).toBe(0);
    for (const table of tables) {
      const response = await ctx.app.inject({ method: 'GET', url: `/rest/v1/${table}?select=*`, headers: { ...admin.headers, apikey: 'anon' } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('refusals', () => {
  it('refuses an expired message, a message for another site, another chain, another wallet and a wrong signature', async () => {
    await allow(true, [1]);
    const person = await newPerson();
    const { wallet } = await link(person.session);
    const other = Wallet.createRandom();
    const fresh = async () => (await signInMessage(wallet, 1, newAddress())).json<{ message: string }>().message;

    // expired: the nonce handed out more than 5 minutes ago
    const old = await fresh();
    await sql`UPDATE wallet_nonces SET created_at = now() - interval '6 minutes' WHERE used_at IS NULL`.execute(ctx.database.db);
    const expired = await signIn(old, await wallet.signMessage(old), newAddress());
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: WALLET_MESSAGES.expired });

    // expired: the message's own expiry time passed (the nonce still good)
    const lapsed = await altered(await fresh(), wallet, { expirationTime: new Date(Date.now() - 1000).toISOString() });
    const pastExpiry = await signIn(lapsed.text, lapsed.signature, newAddress());
    expect(pastExpiry.statusCode).toBe(401);
    expect(pastExpiry.json()).toEqual({ detail: WALLET_MESSAGES.expired });
    expect((await failures('expired message')).length).toBeGreaterThan(0);

    const elsewhere = await altered(await fresh(), wallet, { domain: 'evil.example.com' });
    const wrongDomain = await signIn(elsewhere.text, elsewhere.signature, newAddress());
    expect(wrongDomain.statusCode).toBe(400);
    expect(wrongDomain.json()).toEqual({ detail: WALLET_MESSAGES.wrongDomain });
    expect((await failures('domain evil.example.com')).length).toBe(1);

    const otherUri = await altered(await fresh(), wallet, { uri: 'https://evil.example.com' });
    const wrongUri = await signIn(otherUri.text, otherUri.signature, newAddress());
    expect(wrongUri.statusCode).toBe(400);
    expect(wrongUri.json()).toEqual({ detail: WALLET_MESSAGES.wrongDomain });

    const onChain5 = await altered(await fresh(), wallet, { chainId: 5 });
    const wrongChain = await signIn(onChain5.text, onChain5.signature, newAddress());
    expect(wrongChain.statusCode).toBe(400);
    expect(wrongChain.json()).toEqual({ detail: WALLET_MESSAGES.chainNotAccepted(5, [1]) });
    expect((await failures('chain 5')).length).toBeGreaterThan(0);
    const askOn5 = await signInMessage(wallet, 5, newAddress());
    expect(askOn5.statusCode).toBe(400);
    expect(askOn5.json()).toEqual({ detail: WALLET_MESSAGES.chainNotAccepted(5, [1]) });

    const forged = await fresh();
    const wrongSignature = await signIn(forged, await other.signMessage(forged), newAddress());
    expect(wrongSignature.statusCode).toBe(401);
    expect(wrongSignature.json()).toEqual({ detail: WALLET_MESSAGES.badSignature });
    expect((await failures('wrong signature')).length).toBe(1);
    // the refused message was used up all the same
    const afterwards = await signIn(forged, await wallet.signMessage(forged), newAddress());
    expect(afterwards.json()).toEqual({ detail: WALLET_MESSAGES.expired });

    const swapped = await altered(await fresh(), other, { address: other.address });
    const wrongWallet = await signIn(swapped.text, swapped.signature, newAddress());
    expect(wrongWallet.statusCode).toBe(400);
    expect(wrongWallet.json()).toEqual({ detail: WALLET_MESSAGES.wrongAddress });

    const garbage = await signIn('hello', `0x${'ab'.repeat(65)}`, newAddress());
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({ detail: WALLET_MESSAGES.badMessage });
    const badShape = await signIn('hello', 'nope', newAddress());
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().detail).toContain('130 hexadecimal digits');
  });

  it('refuses while the library does not allow it, also a message handed out before it was turned off', async () => {
    await allow(true);
    const person = await newPerson();
    const { wallet } = await link(person.session);
    const { message } = (await signInMessage(wallet, 1, newAddress())).json<{ message: string }>();
    await allow(false);
    const refused = await signIn(message, await wallet.signMessage(message), newAddress());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: WALLET_MESSAGES.notAllowed });
    const ask = await signInMessage(wallet, 1, newAddress());
    expect(ask.statusCode).toBe(403);
    expect(ask.json()).toEqual({ detail: WALLET_MESSAGES.notAllowed });
    expect((await failures('not allowed in the library')).length).toBeGreaterThanOrEqual(2);
    const linkAsk = await call('POST', '/api/auth/wallet/link/message', { address: wallet.address, chain_id: 1 }, person.session.headers);
    expect(linkAsk.statusCode).toBe(403);
  });

  it('a link message serves only the user it was handed to', async () => {
    await allow(true);
    const first = await newPerson();
    const second = await newPerson();
    const wallet = Wallet.createRandom();
    const { message } = (await call('POST', '/api/auth/wallet/link/message', { address: wallet.address, chain_id: 1 }, first.session.headers)).json<{ message: string }>();
    const stolen = await call('POST', '/api/auth/wallet/link', { message, signature: await wallet.signMessage(message) }, second.session.headers);
    expect(stolen.statusCode).toBe(401);
    // nor does a sign-in message link, or a link message sign in
    const signInText = (await signInMessage(wallet, 1, newAddress())).json<{ message: string }>().message;
    const crossed = await call('POST', '/api/auth/wallet/link', { message: signInText, signature: await wallet.signMessage(signInText) }, first.session.headers);
    expect(crossed.json()).toEqual({ detail: WALLET_MESSAGES.expired });
  });

  it('rate-limits sign-in attempts per address', async () => {
    await allow(true);
    const from = newAddress();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await signIn('hello', `0x${'ab'.repeat(65)}`, from)).statusCode;
    expect(last).toBe(429);
    const limited = await signIn('hello', `0x${'ab'.repeat(65)}`, from);
    expect(limited.json()).toEqual({ detail: WALLET_MESSAGES.tooManyAttempts });
  });
});
