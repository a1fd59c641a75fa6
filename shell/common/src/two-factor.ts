// Two-factor authentication (Profile → Two-factor authentication, the sign-in's second step, Admin's
// library requirement) and the session list (Profile → Sessions): what the server accepts and answers,
// and the words both sides show.
import { z } from 'zod';

export const TWO_FACTOR_TEXTS = {
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  challengeGone: 'This sign-in step has expired or was already used. Please sign in again.',
  tooManyCodes: (seconds: number) => `Too many codes tried. Try again in ${seconds} seconds.`,
  alreadyEnabled: 'Two-factor authentication is already on. Turn it off first to set it up again.',
  notEnabled: 'Two-factor authentication is not on for this account.',
  noEnrolment: 'Start the setup again: there is no code waiting to be confirmed.',
  requiredForAdmin: 'This library requires two-factor authentication for administration. Set it up in your profile, or sign in again with your code.',
  enableForYourselfFirst: 'Turn on two-factor authentication for your own account before requiring it for the library.',
  userNotFound: 'User not found',
  sessionNotFound: 'That session has already ended.',
} as const;

/** GET /api/auth/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  /** the library requires a second factor from every user */
  required: z.boolean(),
  /** this session was signed in with the second factor (or raised by setting it up) */
  session_verified: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/auth/two-factor/enroll */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** data:image/svg+xml QR code of otpauth_url */
  qr_code: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** A code from the app, or one recovery code (`xxxxx-xxxxx`). */
export const secondFactorCodeSchema = z
  .string({ error: 'Enter a code' })
  .trim()
  .min(1, 'Enter a code')
  .max(40, 'That code is too long')
  .regex(/^(\d{6}|[a-zA-Z0-9\s-]{10,20})$/, 'Enter the 6-digit code from your app or one of your recovery codes');

/** POST /api/auth/two-factor/confirm */
export const twoFactorConfirmRequestSchema = z.object({ code: totpCodeSchema });
/** POST /api/auth/two-factor/disable and POST /api/auth/second-factor */
export const secondFactorRequestSchema = z.object({ code: secondFactorCodeSchema });

/** The answer to a confirmed enrolment: the recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** GET/PUT /api/v1/admin/two-factor: the library's requirement */
export const twoFactorRequirementSchema = z.object({ required: z.boolean({ error: 'required must be true or false' }) });
export type TwoFactorRequirement = z.infer<typeof twoFactorRequirementSchema>;

/** GET /api/auth/sessions */
export const authSessionSchema = z.object({
  id: z.string(),
  /** "Firefox on Windows", from the user agent */
  device: z.string(),
  ip: z.string(),
  last_ip: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
  two_factor: z.boolean(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;
export const authSessionsResponseSchema = z.object({ sessions: z.array(authSessionSchema) });

export const SIGN_OUT_SCOPES = ['local', 'others', 'global'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];
export const signOutQuerySchema = z.object({
  scope: z.enum(SIGN_OUT_SCOPES, { error: 'scope must be local, others or global' }).default('local'),
});

/** "Chrome on macOS" from a user agent: only the common browsers and systems, else a plain fallback. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent;
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl\//i.test(ua)
              ? 'curl'
              : null;
  const system = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
