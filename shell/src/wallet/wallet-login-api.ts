// The login page's sign-in with Ethereum: is it on for the library on the form, the message to sign, the
// sign-in. Read without the schema library so the login page's bundle stays small; behind a context so
// tests hand in their own.
import { createContext, useContext } from 'react';
import { api, session } from '@accent/shared/client';
import { readWalletMessage, readWalletStatus } from '@accent/shell-common';

export interface WalletLoginApi {
  status(environment: string, library: string): Promise<{ enabled: boolean; chainIds: number[] }>;
  message(request: { environment: string; library: string; address: string; chain_id: number; remember_me: boolean }): Promise<string>;
  /** signs in (the server sets the refresh cookie); true when a second factor is asked for next */
  signIn(message: string, signature: string): Promise<{ secondFactor: boolean }>;
  /** takes the new sign-in into this page's session (from the refresh cookie) */
  adoptSession(): Promise<boolean>;
}

export const walletLoginApi: WalletLoginApi = {
  async status(environment, library) {
    const { data } = await api.get<unknown>('/api/auth/wallet/status', { params: { environment, library } });
    return readWalletStatus(data);
  },
  async message(request) {
    const { data } = await api.post<unknown>('/api/auth/wallet/sign-in/message', request);
    return readWalletMessage(data);
  },
  async signIn(message, signature) {
    const { data } = await api.post<unknown>('/api/auth/wallet/sign-in', { message, signature });
    return { secondFactor: (data as { second_factor_required?: unknown } | null)?.second_factor_required === true };
  },
  adoptSession: () => session.refresh(),
};

export const WalletLoginApiContext = createContext<WalletLoginApi>(walletLoginApi);
export const useWalletLoginApi = () => useContext(WalletLoginApiContext);
