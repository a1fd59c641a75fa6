// Sign-in with Ethereum (EIP-4361), off by default: Admin → Sign-in (allow it, which chains), Profile →
// Linked accounts (link and unlink a wallet) and the login page. Used by the server and the shell.
import { z } from 'zod';

export const WALLET_CHAINS_MAX = 10;
/** How long a message handed out to be signed stays good. */
export const WALLET_MESSAGE_TTL_MS = 5 * 60_000;

export const WALLET_MESSAGES = {
  statement: 'Sign in to Accent Studio with this wallet.',
  linkStatement: 'Link this wallet to your Accent Studio account.',
  notAllowed: 'Sign-in with Ethereum is not turned on for this library. Ask an administrator.',
  chainNotAccepted: (chainId: number, accepted: number[]) => `Your wallet is on chain ${chainId}; this library accepts chain ${accepted.join(', ')}. Switch networks in your wallet and try again.`,
  badMessage: 'That is not a sign-in message from this studio.',
  expired: 'This sign-in message has expired or was already used. Please try again.',
  wrongDomain: 'This message was made for another site, so it cannot sign in here.',
  wrongAddress: 'The message names another wallet than the one it was made for.',
  badSignature: 'The signature does not match the wallet. Please try again.',
  notLinked: 'This wallet is not linked to an account in this library. Sign in another way and link it in Profile → Linked accounts.',
  inactive: 'This account cannot sign in to this library. Ask an administrator.',
  linkedElsewhere: 'This wallet is already linked to an account in this library.',
  walletNotFound: 'Linked wallet not found.',
  tooManyAttempts: 'Too many sign-in attempts. Try again in a minute.',
} as const;

const address = z
  .string({ error: 'Enter a wallet address' })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'A wallet address is 0x followed by 40 hexadecimal digits')
  .transform((a) => a.toLowerCase());
const chainId = z.number({ error: 'The chain id must be a number' }).int('The chain id must be a whole number').min(1, 'The chain id must be at least 1').max(2 ** 31 - 1, 'That chain id is too large');

/** GET/PUT /api/v1/admin/wallet-sign-in */
export const walletSettingsSchema = z.object({
  enabled: z.boolean(),
  chain_ids: z.array(z.number().int()),
  updated_at: z.string().nullable(),
});
export type WalletSettings = z.infer<typeof walletSettingsSchema>;
export const walletPutRequestSchema = z.object({
  enabled: z.boolean({ error: 'Say whether sign-in with Ethereum is allowed' }),
  chain_ids: z
    .array(chainId)
    .min(1, 'Enter at least one chain id (1 is Ethereum mainnet)')
    .max(WALLET_CHAINS_MAX, `At most ${WALLET_CHAINS_MAX} chains`)
    .transform((ids) => [...new Set(ids)]),
});
export type WalletPutRequest = z.input<typeof walletPutRequestSchema>;

/** GET /api/auth/wallet/status?environment=&library= (public: the login page asks it) */
export const walletStatusQuerySchema = z.object({
  environment: z.string().trim().min(1).max(200),
  library: z.string().trim().min(1).max(200),
});
export const walletStatusResponseSchema = z.object({ enabled: z.boolean(), chain_ids: z.array(z.number().int()) });

/** POST /api/auth/wallet/sign-in/message and /api/auth/wallet/link/message: the EIP-4361 text to sign. */
export const walletMessageRequestSchema = z.object({ address, chain_id: chainId });
export const walletSignInMessageRequestSchema = walletStatusQuerySchema.extend({ address, chain_id: chainId, remember_me: z.boolean().default(false) });
export const walletMessageResponseSchema = z.object({ message: z.string() });

/** POST /api/auth/wallet/sign-in and /api/auth/wallet/link: the message as signed and its signature. */
export const walletSignedRequestSchema = z.object({
  message: z.string({ error: 'The signed message is missing' }).min(1, 'The signed message is missing').max(4000, 'The signed message is too long'),
  signature: z
    .string({ error: 'The signature is missing' })
    .regex(/^0x[0-9a-fA-F]{130}$/, 'The signature must be 0x followed by 130 hexadecimal digits'),
});
export type WalletSignedRequest = z.infer<typeof walletSignedRequestSchema>;

/** GET /api/auth/wallet/wallets */
export const linkedWalletSchema = z.object({
  id: z.string(),
  address: z.string(),
  chain_id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type LinkedWallet = z.infer<typeof linkedWalletSchema>;
export const linkedWalletsResponseSchema = z.object({ wallets: z.array(linkedWalletSchema), enabled: z.boolean(), chain_ids: z.array(z.number().int()) });
export type LinkedWalletsResponse = z.infer<typeof linkedWalletsResponseSchema>;
