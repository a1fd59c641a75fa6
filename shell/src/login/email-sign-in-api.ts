// The email sign-in calls (password reset, sign-in codes, change password) and the session adoption
// after a code sign-in, behind a context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, ApiError, jsonApi, session } from '@accent/shared/client';
import {
  emailSentResponseSchema,
  emailStatusResponseSchema,
  detailResponseSchema,
  resetCheckResponseSchema,
  type ChangePasswordRequest,
  type EmailAccount,
  type EmailSentResponse,
  type VerifyCodeRequest,
} from '@accent/shell-common';

export interface EmailSignInApi {
  /** whether the server can send email at all */
  available(): Promise<boolean>;
  forgotPassword(account: EmailAccount): Promise<EmailSentResponse>;
  /** the email a reset link sets the password of; 400 ApiError when the link no longer works */
  checkResetLink(token: string): Promise<string>;
  resetPassword(token: string, password: string): Promise<string>;
  changePassword(request: ChangePasswordRequest): Promise<string>;
  sendCode(account: EmailAccount): Promise<EmailSentResponse>;
  /** signs in (the server sets the refresh cookie) */
  verifyCode(request: VerifyCodeRequest): Promise<void>;
  /** takes the new sign-in into this page's session (from the refresh cookie); false when it could not */
  adoptSession(): Promise<boolean>;
  /** Admin → Users: sets another user's password (their sessions end) */
  setUserPassword(userId: string, password: string): Promise<string>;
}

export function createEmailSignInApi(http: AxiosInstance, adopt: () => Promise<boolean>): EmailSignInApi {
  const json = jsonApi(http);
  return {
    available: async () => (await json.get('/api/auth/email/status', emailStatusResponseSchema)).available,
    forgotPassword: async (account) => json.post('/api/auth/password/forgot', account, emailSentResponseSchema),
    checkResetLink: async (token) => (await json.post('/api/auth/password/reset/check', { token }, resetCheckResponseSchema)).email,
    resetPassword: async (token, password) => (await json.post('/api/auth/password/reset', { token, password }, detailResponseSchema)).detail,
    changePassword: async (request) => (await json.post('/api/auth/password/change', request, detailResponseSchema)).detail,
    sendCode: async (account) => json.post('/api/auth/code/send', account, emailSentResponseSchema),
    async verifyCode(request) {
      await http.post<unknown>('/api/auth/code/verify', request);
    },
    adoptSession: adopt,
    setUserPassword: async (userId, password) =>
      (await json.put(`/api/v1/admin/users/${encodeURIComponent(userId)}/password`, { password }, detailResponseSchema)).detail,
  };
}

export const EmailSignInApiContext = createContext<EmailSignInApi>(createEmailSignInApi(api, () => session.refresh()));
export const useEmailSignInApi = () => useContext(EmailSignInApiContext);

export const GENERIC_FAILURE = 'Something went wrong. Check your connection and try again.';
/** The server's words for a refusal, else a plain sentence. */
export const detailOf = (error: unknown) => (error instanceof ApiError && error.status > 0 && error.detail ? error.detail : GENERIC_FAILURE);
