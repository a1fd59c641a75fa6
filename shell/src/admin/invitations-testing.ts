// An in-memory InvitationsApi for component tests that behaves like the server (a 409 for a member or a
// pending invitation, a 409 without email, domains checked like the contract), every method a jest mock.
import { jest } from '@jest/globals';
import { ADMIN_MESSAGES, INVITATION_MESSAGES, inviteRequestSchema, SIGN_UP_DOMAIN_RECORD_PREFIX, signUpDomainsPutRequestSchema, type Invitation } from '@accent/shell-common';
import { ApiError } from '@accent/shared/client';
import type { FakeApi } from '../app/fake-api.js';
import type { InvitationsApi } from './invitations-api.js';

export interface FakeInvitationsOptions {
  invitations?: Invitation[];
  /** addresses that already have an account */
  members?: string[];
  emailConfigured?: boolean;
  domains?: string[];
  /** listed domains already verified (by DNS) */
  verified?: string[];
  /** the TXT records the fake DNS holds, per domain */
  dns?: Record<string, string[]>;
}

export const pendingInvitation = (overrides: Partial<Invitation> = {}): Invitation => ({
  id: 'inv-1',
  email: 'pat@example.com',
  role: 'builder',
  team: 'sales',
  status: 'pending',
  invited_by: 'ada@accent.local',
  sent_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

export function fakeInvitationsApi({ invitations = [], members = [], emailConfigured = true, domains = [], verified = [], dns = {} }: FakeInvitationsOptions = {}): FakeApi<InvitationsApi> & {
  api: InvitationsApi;
  readonly invitations: Invitation[];
  /** the fake DNS: set a domain's TXT records */
  dns: Record<string, string[]>;
} {
  const state = { invitations: invitations.map((i) => ({ ...i })), domains: [...domains], verified: new Set(verified) };
  const recordOf = (domain: string) => `${SIGN_UP_DOMAIN_RECORD_PREFIX}${domain.replace(/\W/g, '').padEnd(32, '0').slice(0, 32)}`;
  const domainsResponse = (updated_at: string | null) => ({
    domains: [...state.domains],
    verification: state.domains.map((domain) => {
      const done = state.verified.has(domain);
      return { domain, verified_at: done ? '2026-11-23T09:00:00.000Z' : null, verified_by: done ? ('dns' as const) : null, record: recordOf(domain) };
    }),
    email_configured: emailConfigured,
    updated_at,
  });
  let counter = 0;
  const list = jest.fn<InvitationsApi['list']>(async () => ({ invitations: state.invitations.map((i) => ({ ...i })), email_configured: emailConfigured }));
  const invite = jest.fn<InvitationsApi['invite']>(async (body) => {
    const input = inviteRequestSchema.parse(body);
    if (!emailConfigured) throw new ApiError(409, 'Conflict', INVITATION_MESSAGES.emailNotConfigured);
    if (members.includes(input.email)) throw new ApiError(409, 'Conflict', ADMIN_MESSAGES.emailTaken(input.email));
    if (state.invitations.some((i) => i.email === input.email)) throw new ApiError(409, 'Conflict', INVITATION_MESSAGES.alreadyPending(input.email));
    const invitation = pendingInvitation({ id: `inv-new-${++counter}`, email: input.email, role: input.role, team: input.team });
    state.invitations.unshift(invitation);
    return { ...invitation };
  });
  const resend = jest.fn<InvitationsApi['resend']>(async (id) => {
    const found = state.invitations.find((i) => i.id === id);
    if (!found) throw new ApiError(404, 'Not Found', INVITATION_MESSAGES.notFound);
    Object.assign(found, { status: 'pending', expires_at: '2026-12-01T10:00:00.000Z' });
    return { ...found };
  });
  const revoke = jest.fn<InvitationsApi['revoke']>(async (id) => {
    state.invitations = state.invitations.filter((i) => i.id !== id);
  });
  const getSignUpDomains = jest.fn<InvitationsApi['getSignUpDomains']>(async () => domainsResponse(null));
  const putSignUpDomains = jest.fn<InvitationsApi['putSignUpDomains']>(async (domains) => {
    const parsed = signUpDomainsPutRequestSchema.safeParse({ domains });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ApiError(400, 'Bad Request', `${issue.path.join('.')}: ${issue.message}`);
    }
    state.domains = [...new Set(parsed.data.domains)];
    for (const domain of state.verified) if (!state.domains.includes(domain)) state.verified.delete(domain);
    return domainsResponse('2026-11-23T10:00:00.000Z');
  });
  const verifySignUpDomain = jest.fn<InvitationsApi['verifySignUpDomain']>(async (domain) => {
    if (!state.domains.includes(domain)) throw new ApiError(400, 'Bad Request', INVITATION_MESSAGES.domainNotListed(domain));
    const found = dns[domain] ?? [];
    if (!found.includes(recordOf(domain))) {
      throw new ApiError(400, 'Bad Request', INVITATION_MESSAGES.domainRecordMissing(domain, recordOf(domain), found.length ? `it has ${found.length} other TXT records` : 'the domain has no TXT records'));
    }
    state.verified.add(domain);
    return domainsResponse('2026-11-23T10:00:00.000Z');
  });
  const api: InvitationsApi = { list, invite, resend, revoke, getSignUpDomains, putSignUpDomains, verifySignUpDomain };
  return {
    api,
    list,
    invite,
    resend,
    revoke,
    getSignUpDomains,
    putSignUpDomains,
    verifySignUpDomain,
    dns,
    get invitations() {
      return state.invitations;
    },
  };
}
export type FakeInvitations = ReturnType<typeof fakeInvitationsApi>;
