// Fakes for component tests: a WalletApi and a WalletLoginApi answering like the server, and an injected
// EIP-1193 wallet that records what it is asked to sign.
import { jest } from '@jest/globals';
import { ApiError } from '@accent/shared/client';
import { WALLET_MESSAGES, type LinkedWallet, type WalletPutRequest, type WalletSettings } from '@accent/shell-common';
import type { Eip1193Provider } from './ethereum.js';
import type { WalletApi } from './wallet-api.js';
import type { WalletLoginApi } from './wallet-login-api.js';

export const ADDRESS = '0x1111111111111111111111111111111111111111';
export const SIGNATURE = `0x${'ab'.repeat(65)}`;

export function fakeWalletApi(options: { settings?: WalletSettings; wallets?: LinkedWallet[] } = {}) {
  let settings = options.settings ?? { enabled: false, chain_ids: [1], updated_at: null };
  let wallets = options.wallets ?? [];
  const api: WalletApi = {
    getSettings: jest.fn(async () => settings),
    putSettings: jest.fn(async (body: WalletPutRequest) => {
      settings = { enabled: body.enabled, chain_ids: [...new Set(body.chain_ids)], updated_at: '2026-11-24T00:00:00.000Z' };
      return settings;
    }),
    wallets: jest.fn(async () => ({ wallets, enabled: settings.enabled, chain_ids: settings.enabled ? settings.chain_ids : [] })),
    linkMessage: jest.fn(async (address: string, chainId: number) => {
      if (!settings.chain_ids.includes(chainId)) throw new ApiError(400, 'Bad Request', WALLET_MESSAGES.chainNotAccepted(chainId, settings.chain_ids));
      return `studio.example.com wants you to sign in with your Ethereum account:\n${address}`;
    }),
    link: jest.fn(async () => {
      wallets = [...wallets, { id: `w-${wallets.length + 1}`, address: ADDRESS, chain_id: 1, created_at: '2026-11-24T00:00:00.000Z', last_used_at: null }];
    }),
    unlink: jest.fn(async (id: string) => {
      wallets = wallets.filter((w) => w.id !== id);
    }),
  };
  return api;
}

export function fakeWalletLoginApi(options: { enabled?: boolean; refuse?: string; secondFactor?: boolean } = {}) {
  const api: WalletLoginApi = {
    status: jest.fn(async () => ({ enabled: options.enabled ?? true, chainIds: [1] })),
    message: jest.fn(async (request: { address: string }) => `studio.example.com wants you to sign in with your Ethereum account:\n${request.address}`),
    signIn: jest.fn(async () => {
      if (options.refuse) throw new ApiError(401, 'Unauthorized', options.refuse);
      return { secondFactor: options.secondFactor ?? false };
    }),
    adoptSession: jest.fn(async () => true),
  };
  return api;
}

/** Puts a wallet on `window.ethereum` (until `remove`); `reject` makes it refuse to sign like a user cancelling. */
export function injectWallet(options: { chainId?: number; reject?: boolean } = {}) {
  const requests: { method: string; params?: unknown[] }[] = [];
  const wallet: Eip1193Provider = {
    request: jest.fn(async (args: { method: string; params?: unknown[] }) => {
      requests.push(args);
      if (args.method === 'eth_requestAccounts') return [ADDRESS];
      if (args.method === 'eth_chainId') return `0x${(options.chainId ?? 1).toString(16)}`;
      if (args.method === 'personal_sign') {
        if (options.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        return SIGNATURE;
      }
      throw new Error(`unexpected ${args.method}`);
    }),
  };
  (globalThis as { ethereum?: unknown }).ethereum = wallet;
  return { wallet, requests, remove: () => delete (globalThis as { ethereum?: unknown }).ethereum };
}
