// Sign-in with Ethereum (EIP-4361), off by default. Under /api/v1/admin (administrators): whether the
// library allows it and which chains. Under /api/auth/wallet: the login page's question (is it on?), the
// message to sign and the sign-in; for the signed-in user, the message to link a wallet, the link, the
// list and the unlink. The server builds every message (its own domain, URI, chain, a single-use nonce
// and a 5-minute expiry); the browser only asks the wallet to sign the text. A wallet signs in only as the
// user it is linked to: it never creates one.
import { randomBytes } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  linkedWalletsResponseSchema,
  WALLET_MESSAGE_TTL_MS,
  WALLET_MESSAGES,
  walletMessageRequestSchema,
  walletMessageResponseSchema,
  walletPutRequestSchema,
  walletSettingsSchema,
  walletSignedRequestSchema,
  walletSignInMessageRequestSchema,
  walletStatusQuerySchema,
  walletStatusResponseSchema,
  type WalletSettings,
} from '@accent/shell-common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SiweMessage } from 'siwe';
import { z } from 'zod';
import { byCaller, libraryIdByName, record } from '../../audit/audit.js';
import type { DB } from '../../db/schema.js';
import { toIso } from '../../db/values.js';
import { apiErrorSchema } from '../../http/api-error.js';
import { HttpError } from '../../http/errors.js';
import type { AccessTokens } from '../access-token.js';
import { requireRole, type Guard } from '../guard.js';
import { AUTH_PATH, createSessionIssuer, originOf } from '../issue-session.js';
import { signInAnswerSchema } from '../schemas.js';
import { findSessionUser } from '../users.js';
import { claimNonce, saveNonce, saveWalletSetting, walletSetting, withWallets, type WalletPurpose } from './store.js';

export const WALLET_PATH = `${AUTH_PATH}/wallet`;

// ethers and siwe take long to load and serve only sign-in with Ethereum (off by default): loaded on first use.
let walletLibraries: Promise<{ getAddress: typeof import('ethers').getAddress } & Pick<typeof import('siwe'), 'SiweMessage' | 'SiweErrorType'>> | undefined;
const loadWalletLibraries = () =>
  (walletLibraries ??= Promise.all([import('ethers'), import('siwe')]).then(([ethers, siwe]) => ({ getAddress: ethers.getAddress, SiweMessage: siwe.SiweMessage, SiweErrorType: siwe.SiweErrorType })));

export interface WalletRate {
  max: number;
  windowMs: number;
}
export interface WalletRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  /** PUBLIC_URL: the site the messages name; else the request's origin */
  publicUrl?: string;
}

const tooMany = () => new HttpError(429, WALLET_MESSAGES.tooManyAttempts);
const limited = (name: string, rate: WalletRate, key: (request: FastifyRequest) => string) => ({
  rateLimit: { max: rate.max, timeWindow: rate.windowMs, hook: 'preHandler' as const, keyGenerator: (request: FastifyRequest) => `${name}|${key(request)}`, errorResponseBuilder: tooMany },
});
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** Admin → Sign-in: allow sign-in with Ethereum, and on which chains. */
export const walletAdminRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (app, { db, authenticate }) => {
  const onRequest = [authenticate, requireRole(['admin'], ADMIN_MESSAGES.onlyAdmins)];
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  const read = async (libraryId: string): Promise<WalletSettings> => {
    const setting = await walletSetting(db, libraryId);
    return { enabled: setting.enabled, chain_ids: setting.chainIds, updated_at: setting.updatedAt ? toIso(setting.updatedAt) : null };
  };

  app.get('/wallet-sign-in', { onRequest, schema: { ...common, summary: 'Whether the library allows sign-in with Ethereum, and on which chains', response: { 200: walletSettingsSchema, ...errors } } }, (request) =>
    read(request.user.libraryId),
  );

  app.put(
    '/wallet-sign-in',
    {
      onRequest,
      config: limited('wallet-admin', { max: 30, windowMs: 60_000 }, (request) => request.user.id),
      schema: { ...common, summary: 'Allow or stop sign-in with Ethereum, and set the chains accepted', body: walletPutRequestSchema, response: { 200: walletSettingsSchema, ...errors } },
    },
    async (request) => {
      const { libraryId, id } = request.user;
      const before = await walletSetting(db, libraryId);
      const { enabled, chain_ids: chainIds } = request.body;
      await db.transaction().execute(async (trx) => {
        await saveWalletSetting(trx, libraryId, { enabled, chainIds }, id);
        const changed = [before.enabled !== enabled && 'enabled', before.chainIds.join() !== chainIds.join() && 'chain_ids'].filter(Boolean);
        await record(trx, { ...byCaller(request), action: 'settings.wallet_sign_in', target: 'sign-in with Ethereum', details: { changed, enabled, chain_ids: chainIds } });
      });
      return read(libraryId);
    },
  );
};

/** /api/auth/wallet: status, message and sign-in (public); link, wallets and unlink (signed in). */
export const walletAuthRoutes: FastifyPluginAsyncZod<WalletRoutesOptions & { tokens: AccessTokens; cookieSecure: boolean; rateLimit?: WalletRate }> = async (app, options) => {
  const { db, authenticate } = options;
  const rate = options.rateLimit ?? { max: 30, windowMs: 60_000 };
  const { signIn } = createSessionIssuer({ db, tokens: options.tokens, cookieSecure: options.cookieSecure });
  const perAddress = (name: string) => limited(name, rate, (request) => request.ip);
  const perUser = (name: string) => limited(name, rate, (request) => request.user.id);
  const signedIn = { onRequest: [authenticate] };
  const auth = { tags: ['auth'] };
  const bearer = { tags: ['auth'], security: [{ bearerAuth: [] }] };

  /** The site every message names: the one the studio is served from. */
  const siteOf = (request: FastifyRequest) => {
    const origin = options.publicUrl ?? originOf(request);
    return { origin, domain: new URL(origin).host };
  };

  /** The EIP-4361 text for this wallet, its nonce stored (hashed) to be used once within 5 minutes. */
  async function newMessage(request: FastifyRequest, wanted: { purpose: WalletPurpose; libraryId: string; userId: string | null; address: string; chainId: number; rememberMe: boolean }) {
    const { getAddress, SiweMessage } = await loadWalletLibraries();
    const nonce = randomBytes(16).toString('hex');
    const { origin, domain } = siteOf(request);
    const now = Date.now();
    await saveNonce(db, { ...wanted, nonce });
    const message = new SiweMessage({
      domain,
      address: getAddress(wanted.address),
      statement: wanted.purpose === 'link' ? WALLET_MESSAGES.linkStatement : WALLET_MESSAGES.statement,
      uri: origin,
      version: '1',
      chainId: wanted.chainId,
      nonce,
      issuedAt: new Date(now).toISOString(),
      expirationTime: new Date(now + WALLET_MESSAGE_TTL_MS).toISOString(),
    });
    return { message: message.prepareMessage() };
  }

  const acceptedChain = (chainId: number, accepted: number[]) => {
    if (!accepted.includes(chainId)) throw new HttpError(400, WALLET_MESSAGES.chainNotAccepted(chainId, accepted));
  };

  /**
   * Checks a signed message against the one handed out: the nonce is used up first (whatever follows, a
   * message serves once), then the site, chain, wallet, expiry and signature. Answers the nonce's row or
   * a refusal in words with the reason for the audit log.
   */
  type Verified = { claimed: NonNullable<Awaited<ReturnType<typeof claimNonce>>> } | { refused: HttpError; reason: string; libraryId: string | null };
  async function verify(request: FastifyRequest, body: { message: string; signature: string }, purpose: WalletPurpose): Promise<Verified> {
    const { SiweMessage, SiweErrorType } = await loadWalletLibraries();
    let parsed: SiweMessage;
    try {
      parsed = new SiweMessage(body.message);
    } catch {
      return { refused: new HttpError(400, WALLET_MESSAGES.badMessage), reason: 'not an EIP-4361 message', libraryId: null };
    }
    const claimed = await claimNonce(db, parsed.nonce, purpose);
    if (!claimed) return { refused: new HttpError(401, WALLET_MESSAGES.expired), reason: 'unknown, used or expired nonce', libraryId: null };
    const refuse = (status: number, text: string, reason: string) => ({ refused: new HttpError(status, text), reason, libraryId: claimed.library_id });
    const setting = await walletSetting(db, claimed.library_id);
    if (!setting.enabled) return refuse(403, WALLET_MESSAGES.notAllowed, 'not allowed in the library');
    const { domain, origin } = siteOf(request);
    if (parsed.domain !== domain) return refuse(400, WALLET_MESSAGES.wrongDomain, `domain ${parsed.domain.slice(0, 100)}`);
    if (parsed.uri !== origin) return refuse(400, WALLET_MESSAGES.wrongDomain, `uri ${parsed.uri.slice(0, 200)}`);
    if (parsed.chainId !== claimed.chain_id || !setting.chainIds.includes(parsed.chainId)) {
      return refuse(400, WALLET_MESSAGES.chainNotAccepted(parsed.chainId, setting.chainIds), `chain ${parsed.chainId}`);
    }
    if (parsed.address.toLowerCase() !== claimed.address) return refuse(400, WALLET_MESSAGES.wrongAddress, 'another address');
    const checked = await parsed.verify({ signature: body.signature, domain, nonce: parsed.nonce }, { suppressExceptions: true });
    if (!checked.success) {
      const type = checked.error?.type;
      if (type === SiweErrorType.EXPIRED_MESSAGE || type === SiweErrorType.NOT_YET_VALID_MESSAGE) return refuse(401, WALLET_MESSAGES.expired, 'expired message');
      if (type === SiweErrorType.INVALID_SIGNATURE) return refuse(401, WALLET_MESSAGES.badSignature, 'wrong signature');
      return refuse(400, WALLET_MESSAGES.badMessage, String(type ?? 'refused by siwe').slice(0, 200));
    }
    return { claimed };
  }

  app.get(
    '/status',
    { config: { rateLimit: { max: 120, timeWindow: 60_000 } }, schema: { ...auth, summary: 'Whether the library named allows sign-in with Ethereum', querystring: walletStatusQuerySchema, response: { 200: walletStatusResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema } } },
    async (request) => {
      const libraryId = await libraryIdByName(db, request.query.environment, request.query.library);
      // an unknown library reads as one that does not allow it: nothing tells which libraries exist
      const setting = libraryId ? await walletSetting(db, libraryId) : null;
      return setting?.enabled ? { enabled: true, chain_ids: setting.chainIds } : { enabled: false, chain_ids: [] };
    },
  );

  app.post(
    '/sign-in/message',
    { config: perAddress('wallet-message'), schema: { ...auth, summary: 'The EIP-4361 message for a wallet to sign in with (single use, 5 minutes)', body: walletSignInMessageRequestSchema, response: { 200: walletMessageResponseSchema, ...errors } } },
    async (request) => {
      const { environment, library, address, chain_id: chainId, remember_me: rememberMe } = request.body;
      const { getAddress } = await loadWalletLibraries();
      const libraryId = await libraryIdByName(db, environment, library);
      const setting = libraryId ? await walletSetting(db, libraryId) : null;
      const refused = async (reason: string, refusal: HttpError) => {
        if (libraryId) await record(db, { libraryId, actor: { id: null, email: '' }, action: 'auth.sign_in_failed', target: getAddress(address), details: { method: 'wallet', reason }, ip: request.ip });
        throw refusal;
      };
      if (!libraryId || !setting?.enabled) return refused('not allowed in the library', new HttpError(403, WALLET_MESSAGES.notAllowed));
      if (!setting.chainIds.includes(chainId)) return refused(`chain ${chainId}`, new HttpError(400, WALLET_MESSAGES.chainNotAccepted(chainId, setting.chainIds)));
      return newMessage(request, { purpose: 'sign_in', libraryId, userId: null, address, chainId, rememberMe });
    },
  );

  app.post(
    '/sign-in',
    { config: perAddress('wallet-sign-in'), schema: { ...auth, summary: 'Sign in with a signed message; sets the refresh cookie like the password login', body: walletSignedRequestSchema, response: { 200: signInAnswerSchema, ...errors } } },
    async (request, reply) => {
      const fail = async (libraryId: string | null, address: string, reason: string, refusal: HttpError) => {
        await record(db, { libraryId, actor: { id: null, email: '' }, action: 'auth.sign_in_failed', target: address, details: { method: 'wallet', reason }, ip: request.ip });
        throw refusal;
      };
      const checked = await verify(request, request.body, 'sign_in');
      if ('refused' in checked) return fail(checked.libraryId, '', checked.reason, checked.refused);
      const { claimed } = checked;
      const wallet = await withWallets(db).selectFrom('user_wallets').select(['id', 'user_id']).where('library_id', '=', claimed.library_id).where('address', '=', claimed.address).executeTakeFirst();
      if (!wallet) return fail(claimed.library_id, claimed.address, 'wallet not linked', new HttpError(401, WALLET_MESSAGES.notLinked));
      const user = await findSessionUser(db, wallet.user_id);
      if (!user?.active || user.libraryId !== claimed.library_id) return fail(claimed.library_id, claimed.address, 'deactivated', new HttpError(403, WALLET_MESSAGES.inactive));
      await withWallets(db).updateTable('user_wallets').set({ last_used_at: sql<Date>`now()` }).where('id', '=', wallet.id).execute();
      return signIn(request, reply, user, { persistent: claimed.remember_me, method: 'wallet' });
    },
  );

  app.get(
    '/wallets',
    { ...signedIn, schema: { ...bearer, summary: "The signed-in user's linked wallets, and whether the library allows them", response: { 200: linkedWalletsResponseSchema, ...errors } } },
    async (request) => {
      const { getAddress } = await loadWalletLibraries();
      const rows = await withWallets(db).selectFrom('user_wallets').select(['id', 'address', 'chain_id', 'created_at', 'last_used_at']).where('user_id', '=', request.user.id).orderBy('created_at').execute();
      const setting = await walletSetting(db, request.user.libraryId);
      return {
        wallets: rows.map((row) => ({ id: row.id, address: getAddress(row.address), chain_id: row.chain_id, created_at: toIso(row.created_at), last_used_at: row.last_used_at ? toIso(row.last_used_at) : null })),
        enabled: setting.enabled,
        chain_ids: setting.enabled ? setting.chainIds : [],
      };
    },
  );

  app.post(
    '/link/message',
    { ...signedIn, config: perUser('wallet-link-message'), schema: { ...bearer, summary: 'The EIP-4361 message for a wallet to sign to link it (single use, 5 minutes)', body: walletMessageRequestSchema, response: { 200: walletMessageResponseSchema, ...errors } } },
    async (request) => {
      const { libraryId, id } = request.user;
      const setting = await walletSetting(db, libraryId);
      if (!setting.enabled) throw new HttpError(403, WALLET_MESSAGES.notAllowed);
      acceptedChain(request.body.chain_id, setting.chainIds);
      return newMessage(request, { purpose: 'link', libraryId, userId: id, address: request.body.address, chainId: request.body.chain_id, rememberMe: false });
    },
  );

  app.post(
    '/link',
    { ...signedIn, config: perUser('wallet-link'), schema: { ...bearer, summary: 'Link a wallet with a signed message', body: walletSignedRequestSchema, response: { 201: z.object({ id: z.string(), address: z.string() }), ...errors } } },
    async (request, reply) => {
      const checked = await verify(request, request.body, 'link');
      const refused = async (reason: string, refusal: HttpError) => {
        // a refused proof of a wallet, like a refused sign-in (wallet.link means a wallet was linked)
        await record(db, { ...byCaller(request), action: 'auth.sign_in_failed', details: { method: 'wallet', purpose: 'link', reason } });
        throw refusal;
      };
      if ('refused' in checked) return refused(checked.reason, checked.refused);
      const { claimed } = checked;
      const { getAddress } = await loadWalletLibraries();
      // the message was handed to this user: another user's message (or library's) does not link here
      if (claimed.user_id !== request.user.id || claimed.library_id !== request.user.libraryId) return refused('message of another user', new HttpError(401, WALLET_MESSAGES.expired));
      const linked = await db.transaction().execute(async (trx) => {
        const row = await withWallets(trx)
          .insertInto('user_wallets')
          .values({ user_id: request.user.id, library_id: claimed.library_id, address: claimed.address, chain_id: claimed.chain_id })
          .onConflict((oc) => oc.columns(['library_id', 'address']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (row) await record(trx, { ...byCaller(request), action: 'wallet.link', target: getAddress(claimed.address), details: { chain_id: claimed.chain_id } });
        return row;
      });
      if (!linked) return refused('linked already', new HttpError(409, WALLET_MESSAGES.linkedElsewhere));
      return reply.code(201).send({ id: linked.id, address: getAddress(claimed.address) });
    },
  );

  app.delete(
    '/wallets/:id',
    { ...signedIn, config: perUser('wallet-unlink'), schema: { ...bearer, summary: 'Unlink one of your wallets', params: z.object({ id: z.uuid({ error: WALLET_MESSAGES.walletNotFound }) }), response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { getAddress } = await loadWalletLibraries();
      const removed = await db.transaction().execute(async (trx) => {
        const row = await withWallets(trx).deleteFrom('user_wallets').where('id', '=', request.params.id).where('user_id', '=', request.user.id).returning(['address', 'chain_id']).executeTakeFirst();
        if (row) await record(trx, { ...byCaller(request), action: 'wallet.unlink', target: getAddress(row.address), details: { chain_id: row.chain_id } });
        return row;
      });
      if (!removed) throw new HttpError(404, WALLET_MESSAGES.walletNotFound);
      return reply.code(204).send(null);
    },
  );
};
