// The browser's injected Ethereum wallet (EIP-1193 `window.ethereum`): which account, on which chain, and a
// signature of a text the server built. No Ethereum library: the wallet does the cryptography.

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export const WALLET_TEXTS = {
  noWallet: 'No Ethereum wallet was found in this browser. Install a wallet extension (such as MetaMask) and reload the page.',
  noAccount: 'Your wallet did not share an account.',
  rejected: 'The request was cancelled in your wallet.',
} as const;

/** The injected wallet, if the browser has one. */
export function injectedWallet(): Eip1193Provider | null {
  const candidate = (globalThis as { ethereum?: unknown }).ethereum as Partial<Eip1193Provider> | undefined;
  return candidate && typeof candidate.request === 'function' ? (candidate as Eip1193Provider) : null;
}

/** A refusal from the wallet in words: the user cancelling (EIP-1193 code 4001) reads as such. */
export class WalletProblem extends Error {}
const explain = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return new WalletProblem(code === 4001 ? WALLET_TEXTS.rejected : error instanceof Error && error.message ? error.message : WALLET_TEXTS.rejected);
};

/** Asks the wallet for its account and chain (the wallet shows its own prompt the first time). */
export async function connect(wallet: Eip1193Provider): Promise<{ address: string; chainId: number }> {
  let accounts: unknown;
  let chain: unknown;
  try {
    accounts = await wallet.request({ method: 'eth_requestAccounts' });
    chain = await wallet.request({ method: 'eth_chainId' });
  } catch (error) {
    throw explain(error);
  }
  const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
  if (!address) throw new WalletProblem(WALLET_TEXTS.noAccount);
  const chainId = typeof chain === 'string' ? Number.parseInt(chain, 16) : Number(chain);
  return { address, chainId: Number.isFinite(chainId) ? chainId : 1 };
}

/** personal_sign of the text as UTF-8 hex, the form wallets expect. */
export async function sign(wallet: Eip1193Provider, address: string, text: string): Promise<string> {
  const hex = `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  try {
    const signature = await wallet.request({ method: 'personal_sign', params: [hex, address] });
    if (typeof signature !== 'string') throw new WalletProblem(WALLET_TEXTS.rejected);
    return signature;
  } catch (error) {
    throw error instanceof WalletProblem ? error : explain(error);
  }
}
