// Signing in by email (password reset, change password, emailed sign-in codes): the requests, the rules a
// new password must meet and the texts, shared by the server and the shell so both say the same thing.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './admin.js';

export const PASSWORD_MAX_LENGTH = 1024;
export const RESET_LINK_TTL_MINUTES = 30;
export const SIGN_IN_CODE_TTL_MINUTES = 10;
export const SIGN_IN_CODE_LENGTH = 6;
/** wrong tries after which a code is dead (a new one must be asked for) */
export const SIGN_IN_CODE_MAX_TRIES = 5;
/** how long after an email was sent another one may be asked for */
export const EMAIL_RESEND_COOLDOWN_SECONDS = 60;

// The most used passwords (lists of leaked passwords) that pass the length rule: refused outright.
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '11111111',
  '00000000',
  '87654321',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwertyuiop',
  'qwerty123',
  'iloveyou',
  'sunshine',
  'football',
  'baseball',
  'princess',
  'welcome1',
  'abc12345',
  'abcd1234',
  'letmein1',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'changeme',
  'accentstudio',
]);

export interface PasswordRule {
  id: 'length' | 'not-email' | 'not-common';
  label: string;
  met(password: string, email: string): boolean;
}

/** What a password a user chooses must be (shown as a checklist while typing, checked again by the server). */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, met: (p) => p.length >= PASSWORD_MIN_LENGTH && p.length <= PASSWORD_MAX_LENGTH },
  {
    id: 'not-email',
    label: 'Not your email address or its name part',
    met: (p, email) => {
      const value = p.trim().toLowerCase();
      const address = email.trim().toLowerCase();
      return value.length === 0 || (value !== address && value !== address.split('@')[0]);
    },
  },
  { id: 'not-common', label: 'Not a commonly used password', met: (p) => !COMMON_PASSWORDS.has(p.trim().toLowerCase()) },
];

/** The first rule the password breaks, as a sentence; null when it meets them all. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  const broken = PASSWORD_RULES.find((rule) => !rule.met(password, email));
  if (!broken) return null;
  return {
    length: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    'not-email': 'Password must not be your email address',
    'not-common': 'This password is too common: choose another',
  }[broken.id];
}

export const EMAIL_SIGN_IN_TEXTS = {
  emailUnavailable: 'Email is not set up on this server, so we cannot send you a link or a code. Ask an administrator to set a new password for you in Admin → Users.',
  resetSent: `If an account uses this email, we sent it a link to reset the password. The link works for ${RESET_LINK_TTL_MINUTES} minutes.`,
  resetLinkInvalid: 'This link has expired or was already used. Ask for a new one.',
  resetDone: 'Your password is changed and every session of your account was signed out. Sign in with the new password.',
  codeSent: `If an account uses this email, we sent it a ${SIGN_IN_CODE_LENGTH}-digit sign-in code. It works for ${SIGN_IN_CODE_TTL_MINUTES} minutes.`,
  codeInvalid: 'That code is wrong or has expired. Check the latest email, or ask for a new code.',
  wrongCurrentPassword: 'Your current password is not right.',
  sameAsCurrent: 'The new password must differ from the current one.',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  tooManyRequests: (seconds: number) => `Too many tries. Try again in ${seconds} seconds.`,
  ownPasswordInProfile: 'Change your own password in Profile.',
  passwordSetByAdmin: (email: string) => `New password set for ${email}. Their sessions were signed out; give them the password over a safe channel.`,
} as const;

const emailField = z.email({ error: 'Enter a valid email address' }).max(320).transform((v) => v.trim().toLowerCase());
const nameField = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(200);
const passwordField = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Who is asking: the same three fields the login form sends. */
export const emailAccountSchema = z.object({ environment: nameField('Environment'), library: nameField('Library'), email: emailField });
export type EmailAccount = z.input<typeof emailAccountSchema>;

/** POST /api/auth/password/forgot and POST /api/auth/code/send */
export const emailSentResponseSchema = z.object({ detail: z.string(), resend_after: z.number().int() });
export type EmailSentResponse = z.infer<typeof emailSentResponseSchema>;

/** GET /api/auth/email/status: whether this server can send email (nothing about any account). */
export const emailStatusResponseSchema = z.object({ available: z.boolean() });

const resetTokenField = z.string({ error: 'The link has no token' }).trim().min(20, 'The link is incomplete: open it from the email again').max(200);
/** POST /api/auth/password/reset/check */
export const resetCheckRequestSchema = z.object({ token: resetTokenField });
export const resetCheckResponseSchema = z.object({ email: z.string() });
/** POST /api/auth/password/reset */
export const resetPasswordRequestSchema = z.object({ token: resetTokenField, password: passwordField });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** POST /api/auth/password/change (signed in) */
export const changePasswordRequestSchema = z.object({
  current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
  new_password: passwordField,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const detailResponseSchema = z.object({ detail: z.string() });

/** POST /api/auth/code/verify: answers like the password login (sets the refresh cookie). */
export const verifyCodeRequestSchema = emailAccountSchema.extend({
  code: z
    .string({ error: 'Enter the code from the email' })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), `Enter the ${SIGN_IN_CODE_LENGTH} digits from the email`)),
  remember_me: z.boolean().default(false),
});
export type VerifyCodeRequest = z.input<typeof verifyCodeRequestSchema>;

/** PUT /api/v1/admin/users/:id/password: an administrator sets a user's password (without email) */
export const adminSetPasswordRequestSchema = z.object({ password: passwordField });
