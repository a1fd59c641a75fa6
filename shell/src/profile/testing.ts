// A stateful fake of the account-security API for the Profile sections' tests (no module mocking).
import { jest } from '@jest/globals';
import type { AuthSession, TwoFactorStatus } from '@accent/shell-common';
import { ApiError } from '@accent/shared/client';
import type { FakeApi } from '../app/fake-api.js';
import type { AccountSecurityApi } from './account-security-api.js';

export const RIGHT_CODE = '123456';
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcde-${String(i).padStart(5, '2')}`);

export function fakeAccountSecurityApi(options: { enabled?: boolean; required?: boolean; sessions?: AuthSession[] } = {}): FakeApi<AccountSecurityApi> {
  let status: TwoFactorStatus = {
    enabled: options.enabled ?? false,
    enabled_at: options.enabled ? '2026-11-01T10:00:00.000Z' : null,
    recovery_codes_left: options.enabled ? 10 : 0,
    required: options.required ?? false,
    session_verified: false,
  };
  let sessions = options.sessions ?? [];
  const wrong = () => new ApiError(400, 'Bad Request', 'That code is not right. Check your authenticator app and try again.');
  const api = {
    twoFactorStatus: jest.fn(async () => status),
    startEnrolment: jest.fn(async () => ({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_code: 'data:image/svg+xml;base64,PHN2Zy8+' })),
    confirmEnrolment: jest.fn(async (code: string) => {
      if (code !== RIGHT_CODE) throw wrong();
      status = { ...status, enabled: true, enabled_at: '2026-11-23T10:00:00.000Z', recovery_codes_left: 10, session_verified: true };
      return RECOVERY_CODES;
    }),
    disableTwoFactor: jest.fn(async (code: string) => {
      if (code !== RIGHT_CODE && !RECOVERY_CODES.includes(code)) throw wrong();
      status = { ...status, enabled: false, enabled_at: null, recovery_codes_left: 0 };
    }),
    sessions: jest.fn(async () => sessions),
    endSession: jest.fn(async (id: string) => {
      sessions = sessions.filter((s) => s.id !== id);
    }),
    signOut: jest.fn(async (scope: 'others' | 'global') => {
      sessions = scope === 'others' ? sessions.filter((s) => s.current) : [];
    }),
    refreshSession: jest.fn(async () => true),
  } satisfies AccountSecurityApi;
  return api;
}

export const sessionRow = (id: string, extra: Partial<AuthSession> = {}): AuthSession => ({
  id,
  device: 'Firefox on Windows',
  ip: '10.0.0.1',
  last_ip: '10.0.0.1',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: '2026-11-23T10:00:00.000Z',
  current: false,
  two_factor: false,
  ...extra,
});
