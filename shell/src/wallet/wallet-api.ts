// Sign-in with Ethereum for signed-in screens: the library's setting (Admin → Sign-in) and the user's
// linked wallets (Profile → Linked accounts). Requests checked and answers parsed with the contract's
// schemas. Behind a context so tests hand in their own.
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, jsonApi } from '@accent/shared/client';
import {
  linkedWalletsResponseSchema,
  walletMessageResponseSchema,
  walletPutRequestSchema,
  walletSettingsSchema,
  type LinkedWalletsResponse,
  type WalletPutRequest,
  type WalletSettings,
} from '@accent/shell-common';

export interface WalletApi {
  getSettings(): Promise<WalletSettings>;
  putSettings(body: WalletPutRequest): Promise<WalletSettings>;
  wallets(): Promise<LinkedWalletsResponse>;
  /** the EIP-4361 text the server built for this wallet to sign */
  linkMessage(address: string, chainId: number): Promise<string>;
  link(message: string, signature: string): Promise<void>;
  unlink(id: string): Promise<void>;
}

export function createWalletApi(http: AxiosInstance): WalletApi {
  const json = jsonApi(http);
  return {
    getSettings: async () => json.get('/api/v1/admin/wallet-sign-in', walletSettingsSchema),
    putSettings: async (body) => json.put('/api/v1/admin/wallet-sign-in', walletPutRequestSchema.parse(body), walletSettingsSchema),
    wallets: async () => json.get('/api/auth/wallet/wallets', linkedWalletsResponseSchema),
    linkMessage: async (address, chainId) =>
      (await json.post('/api/auth/wallet/link/message', { address, chain_id: chainId }, walletMessageResponseSchema)).message,
    async link(message, signature) {
      await http.post('/api/auth/wallet/link', { message, signature });
    },
    async unlink(id) {
      await http.delete(`/api/auth/wallet/wallets/${encodeURIComponent(id)}`);
    },
  };
}

export const WalletApiContext = createContext<WalletApi>(createWalletApi(api));
export const useWalletApi = () => useContext(WalletApiContext);
