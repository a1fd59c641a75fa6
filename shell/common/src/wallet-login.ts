// What the login page needs of sign-in with Ethereum, without the schema library (the login page's bundle
// stays small): its texts and a hand reading of the library's answer.

export const WALLET_LOGIN_TEXTS = {
  signIn: 'Sign in with Ethereum',
  signingIn: 'Waiting for your wallet…',
  failed: 'Sign-in with Ethereum did not complete. Check your connection and try again.',
} as const;

/** GET /api/auth/wallet/status's answer (`walletStatusResponseSchema`), read by hand. */
export function readWalletStatus(data: unknown): { enabled: boolean; chainIds: number[] } {
  const answer = data as { enabled?: unknown; chain_ids?: unknown } | null;
  const chainIds = Array.isArray(answer?.chain_ids) ? answer.chain_ids.filter((c): c is number => Number.isInteger(c)) : [];
  return { enabled: answer?.enabled === true, chainIds };
}

/** `message` of POST /api/auth/wallet/sign-in/message's answer, read by hand. */
export function readWalletMessage(data: unknown): string {
  const message = (data as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || message === '') throw new Error('The server did not send a message to sign.');
  return message;
}
