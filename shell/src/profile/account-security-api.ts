// What Profile → Two-factor authentication and Profile → Sessions call: /api/auth/two-factor/* and
// /api/auth/sessions, answers parsed with the contract's schemas. Behind a context so tests hand in
// their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, jsonApi, session } from '@accent/shared/client';
import {
  authSessionsResponseSchema,
  recoveryCodesSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
  type AuthSession,
  type SignOutScope,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@accent/shell-common';

export interface AccountSecurityApi {
  twoFactorStatus(): Promise<TwoFactorStatus>;
  startEnrolment(): Promise<TwoFactorEnrolment>;
  /** the ten recovery codes, answered this once */
  confirmEnrolment(code: string): Promise<string[]>;
  disableTwoFactor(code: string): Promise<void>;
  sessions(): Promise<AuthSession[]>;
  endSession(id: string): Promise<void>;
  /** others: every session but this one; global: every one, this one too */
  signOut(scope: Exclude<SignOutScope, 'local'>): Promise<void>;
  /** a fresh access token for this session (after setup it states the second factor) */
  refreshSession(): Promise<boolean>;
}

export function createAccountSecurityApi(http: AxiosInstance): AccountSecurityApi {
  const json = jsonApi(http);
  return {
    twoFactorStatus: async () => json.get('/api/auth/two-factor', twoFactorStatusSchema),
    startEnrolment: async () => json.post('/api/auth/two-factor/enroll', {}, twoFactorEnrolmentSchema),
    confirmEnrolment: async (code) => (await json.post('/api/auth/two-factor/confirm', { code }, recoveryCodesSchema)).recovery_codes,
    async disableTwoFactor(code) {
      await http.post('/api/auth/two-factor/disable', { code });
    },
    sessions: async () => (await json.get('/api/auth/sessions', authSessionsResponseSchema)).sessions,
    async endSession(id) {
      await http.delete(`/api/auth/sessions/${encodeURIComponent(id)}`);
    },
    async signOut(scope) {
      await http.post(`/api/auth/logout?scope=${scope}`);
    },
    refreshSession: async () => session.refresh(),
  };
}

export const AccountSecurityApiContext = createContext<AccountSecurityApi>(createAccountSecurityApi(api));
export const useAccountSecurityApi = () => useContext(AccountSecurityApiContext);
