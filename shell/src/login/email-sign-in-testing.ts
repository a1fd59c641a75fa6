// A fake of the email sign-in calls for component tests, answering as the server does (the same words
// from @accent/shell-common), with what was asked kept for assertions.
import { jest } from '@jest/globals';
import { ApiError } from '@accent/shared/client';
import { EMAIL_RESEND_COOLDOWN_SECONDS, EMAIL_SIGN_IN_TEXTS, passwordProblem } from '@accent/shell-common';
import type { FakeApi } from '../app/fake-api.js';
import type { EmailSignInApi } from './email-sign-in-api.js';

export interface FakeEmailOptions {
  available?: boolean;
  /** the live reset link and whose it is */
  resetToken?: string;
  resetEmail?: string;
  /** the code the (fake) email holds */
  code?: string;
  currentPassword?: string;
  resendAfter?: number;
  /** what taking up the session does (sign the test session in) */
  adopt?: () => Promise<boolean>;
}

const refused = (detail: string) => new ApiError(400, 'Bad Request', detail);

export function fakeEmailSignIn(options: FakeEmailOptions = {}): FakeApi<EmailSignInApi> {
  const { resetToken = 'live-token-0123456789abcdef', resetEmail = 'ada@accent.local', code = '424242' } = options;
  let resetUsed = false;
  let currentPassword = options.currentPassword ?? 'old-password-1';
  const sent = () => ({ resend_after: options.resendAfter ?? EMAIL_RESEND_COOLDOWN_SECONDS });
  const api = {
    available: jest.fn(async () => options.available ?? true),
    forgotPassword: jest.fn(async (_account: Parameters<EmailSignInApi['forgotPassword']>[0]) => ({ detail: EMAIL_SIGN_IN_TEXTS.resetSent, ...sent() })),
    checkResetLink: jest.fn(async (token: string) => {
      if (token !== resetToken || resetUsed) throw refused(EMAIL_SIGN_IN_TEXTS.resetLinkInvalid);
      return resetEmail;
    }),
    resetPassword: jest.fn(async (token: string, password: string) => {
      if (token !== resetToken || resetUsed) throw refused(EMAIL_SIGN_IN_TEXTS.resetLinkInvalid);
      const problem = passwordProblem(password, resetEmail);
      if (problem) throw refused(problem);
      resetUsed = true;
      return EMAIL_SIGN_IN_TEXTS.resetDone;
    }),
    changePassword: jest.fn(async (request: Parameters<EmailSignInApi['changePassword']>[0]) => {
      if (request.current_password !== currentPassword) throw refused(EMAIL_SIGN_IN_TEXTS.wrongCurrentPassword);
      currentPassword = request.new_password;
      return EMAIL_SIGN_IN_TEXTS.passwordChanged;
    }),
    sendCode: jest.fn(async (_account: Parameters<EmailSignInApi['sendCode']>[0]) => ({ detail: EMAIL_SIGN_IN_TEXTS.codeSent, ...sent() })),
    verifyCode: jest.fn(async (request: Parameters<EmailSignInApi['verifyCode']>[0]) => {
      if (request.code.replace(/\s+/g, '') !== code) throw refused(EMAIL_SIGN_IN_TEXTS.codeInvalid);
    }),
    adoptSession: jest.fn(options.adopt ?? (async () => true)),
    setUserPassword: jest.fn(async (_userId: string, password: string) => {
      const problem = passwordProblem(password, 'max@accent.local');
      if (problem) throw refused(problem);
      return EMAIL_SIGN_IN_TEXTS.passwordSetByAdmin('max@accent.local');
    }),
  } satisfies EmailSignInApi;
  return api;
}
