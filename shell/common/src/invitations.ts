// Invitations and self sign-up: what the admin's Invite dialog and pending list, the Settings panel of
// sign-up domains, and the public accept and sign-up pages send and receive. A link's token travels in
// the query (the server's request log keeps query keys, never their values).
import { z } from 'zod';
import { APP_ROLES } from '@accent/shared';
import { adminCreateUserRequestSchema, TEAMS } from './admin.js';

/** An invitation link stays valid this long (resending starts it again). */
export const INVITATION_TTL_DAYS = 7;
/** A self sign-up's verification link stays valid this long. */
export const SIGN_UP_TTL_HOURS = 24;

export const INVITATION_MESSAGES = {
  alreadyPending: (email: string) => `An invitation to ${email} is already pending. Resend it instead.`,
  notFound: 'Invitation not found.',
  notPending: 'This invitation was already accepted or revoked.',
  emailNotConfigured:
    'Email is not set up on this server (SMTP_URL), so no invitation or sign-up link can be sent. Use Add user and give the person a password instead.',
  sendFailed: (reason: string) => `The email could not be sent: ${reason}`,
  linkInvalid: 'This link is not valid. Check that you opened the whole link from the email.',
  linkUsed: 'This link was already used. Sign in with your email and password.',
  linkExpired: 'This link has expired. Ask your administrator for a new invitation.',
  signUpLinkExpired: 'This link has expired. Sign up again to get a new one.',
  linkRevoked: 'This invitation was withdrawn by an administrator.',
  accountExists: 'An account with this email already exists. Sign in instead.',
  signUpClosed: 'This library does not accept sign-ups. Ask an administrator to invite you.',
  domainNotAllowed: (domain: string) => `Sign-up is not open to ${domain} addresses in this library. Ask an administrator to invite you.`,
  signUpSent: 'Check your email: if this address can sign up, a link to finish is on its way. It is valid for 24 hours.',
  tooMany: (seconds: number) => `Too many requests. Try again in ${seconds} seconds.`,
  domainTaken: (domain: string) =>
    `${domain} is already verified for sign-up by another library on this studio: a domain opens sign-up to one library only. Ask your studio operator if it should move to this library.`,
  domainNotListed: (domain: string) => `${domain} is not in this library's sign-up domains: add it first.`,
  domainRecordMissing: (domain: string, record: string, found: string) =>
    `No TXT record "${record}" was found at ${domain} (${found}). Add it at the domain's DNS provider, wait for it to appear (often a few minutes), then verify again.`,
} as const;

/** The TXT record that proves control of a sign-up domain: `accent-studio-verification=<token>` at the domain itself. */
export const SIGN_UP_DOMAIN_RECORD_PREFIX = 'accent-studio-verification=';

const email = z.email({ error: 'Enter a valid email address' }).max(320).transform((v) => v.trim().toLowerCase());
const role = z.enum(APP_ROLES, { error: `role must be one of ${APP_ROLES.join(', ')}` });
const team = z.enum(TEAMS, { error: `team must be one of ${TEAMS.join(', ')}` }).nullable();

// ---- Admin: invitations -------------------------------------------------------------------------

export const inviteRequestSchema = z.object({ email, role, team: team.optional().default(null) });
export type InviteRequest = z.input<typeof inviteRequestSchema>;

export const INVITATION_STATUSES = ['pending', 'expired'] as const;
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(APP_ROLES),
  team: z.enum(TEAMS).nullable(),
  /** expired ones stay listed until resent or revoked */
  status: z.enum(INVITATION_STATUSES),
  invited_by: z.string().nullable(),
  sent_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationsResponseSchema = z.object({
  invitations: z.array(invitationSchema),
  /** false: the server has no SMTP_URL, nothing can be sent */
  email_configured: z.boolean(),
});
export type InvitationsResponse = z.infer<typeof invitationsResponseSchema>;
export const invitationParamsSchema = z.object({ id: z.uuid({ error: 'Invitation id must be a UUID' }) });

// ---- Public: a link's preview and its acceptance --------------------------------------------------

/** 32 random bytes, base64url. */
export const linkTokenSchema = z.string({ error: 'The link has no token' }).regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid. Check that you opened the whole link from the email.');
export const linkQuerySchema = z.object({ token: linkTokenSchema });

export const LINK_KINDS = ['invitation', 'sign_up'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const linkPreviewSchema = z.object({
  kind: z.enum(LINK_KINDS),
  email: z.string(),
  role: z.enum(APP_ROLES),
  team: z.enum(TEAMS).nullable(),
  environment: z.string(),
  library: z.string(),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

export const acceptLinkRequestSchema = z.object({
  token: linkTokenSchema,
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  title: z.string().trim().max(200).default(''),
  // the same rule as an account an administrator creates
  password: adminCreateUserRequestSchema.shape.password,
});
export type AcceptLinkRequest = z.input<typeof acceptLinkRequestSchema>;

// ---- Self sign-up -------------------------------------------------------------------------------

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'An entry is empty')
  .max(253)
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, 'must be a domain such as example.com (no @, no wildcard)');

export const signUpDomainsPutRequestSchema = z.object({ domains: z.array(domain, { error: 'domains must be a list of domains' }).max(100, 'At most 100 domains') });
/**
 * One listed domain and whether it opens sign-up: verified (by its DNS TXT record, or by a studio operator on
 * the command line) or pending, with the record to add.
 */
export const signUpDomainStatusSchema = z.object({
  domain: z.string(),
  verified_at: z.string().nullable(),
  verified_by: z.enum(['dns', 'operator']).nullable(),
  /** the TXT record's value, to add at the domain itself */
  record: z.string(),
});
export type SignUpDomainStatus = z.infer<typeof signUpDomainStatusSchema>;

export const signUpDomainsResponseSchema = z.object({
  /** what the administrator listed; only the verified ones open sign-up */
  domains: z.array(z.string()),
  verification: z.array(signUpDomainStatusSchema),
  email_configured: z.boolean(),
  updated_at: z.string().nullable(),
});
export const signUpDomainVerifyRequestSchema = z.object({ domain });
export type SignUpDomainsResponse = z.infer<typeof signUpDomainsResponseSchema>;

const libraryName = z.string({ error: 'is required' }).trim().min(1, 'is required').max(200);
export const signUpAvailabilityQuerySchema = z.object({ environment: libraryName, library: libraryName });
export const signUpAvailabilityResponseSchema = z.object({ allowed: z.boolean() });
export const signUpRequestSchema = z.object({ environment: libraryName, library: libraryName, email });
export type SignUpRequest = z.input<typeof signUpRequestSchema>;
export const signUpResponseSchema = z.object({ detail: z.string() });

/** The domain part of an address, lower case. */
export const emailDomainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
