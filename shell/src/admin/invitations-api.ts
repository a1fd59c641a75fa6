// Admin → Users' invitations and Admin → Settings' sign-up domains: /api/v1/admin/invitations and
// /api/v1/admin/sign-up-domains, requests checked and answers parsed with the contract's schemas. Behind
// a context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, jsonApi } from '@accent/shared/client';
import {
  invitationSchema,
  invitationsResponseSchema,
  inviteRequestSchema,
  signUpDomainVerifyRequestSchema,
  signUpDomainsPutRequestSchema,
  signUpDomainsResponseSchema,
  type Invitation,
  type InvitationsResponse,
  type InviteRequest,
  type SignUpDomainsResponse,
} from '@accent/shell-common';

export interface InvitationsApi {
  list(): Promise<InvitationsResponse>;
  /** 409 ApiError for an existing member, a pending invitation, or a server without email */
  invite(body: InviteRequest): Promise<Invitation>;
  /** a new link, valid another 7 days */
  resend(id: string): Promise<Invitation>;
  revoke(id: string): Promise<void>;
  getSignUpDomains(): Promise<SignUpDomainsResponse>;
  /** 400 ApiError naming the entry (`domains.2: …`) when one is refused */
  putSignUpDomains(domains: string[]): Promise<SignUpDomainsResponse>;
  /** checks the domain's DNS TXT record; 400 ApiError saying what was found, 409 when another library verified it */
  verifySignUpDomain(domain: string): Promise<SignUpDomainsResponse>;
}

const segment = (value: string) => encodeURIComponent(value);

export function createInvitationsApi(http: AxiosInstance): InvitationsApi {
  const json = jsonApi(http);
  return {
    list: async () => json.get('/api/v1/admin/invitations', invitationsResponseSchema),
    invite: async (body) => json.post('/api/v1/admin/invitations', inviteRequestSchema.parse(body), invitationSchema),
    resend: async (id) => json.post(`/api/v1/admin/invitations/${segment(id)}/resend`, undefined, invitationSchema),
    async revoke(id) {
      await http.delete(`/api/v1/admin/invitations/${segment(id)}`);
    },
    getSignUpDomains: async () => json.get('/api/v1/admin/sign-up-domains', signUpDomainsResponseSchema),
    putSignUpDomains: async (domains) =>
      json.put('/api/v1/admin/sign-up-domains', signUpDomainsPutRequestSchema.parse({ domains }), signUpDomainsResponseSchema),
    verifySignUpDomain: async (domain) =>
      json.post('/api/v1/admin/sign-up-domains/verify', signUpDomainVerifyRequestSchema.parse({ domain }), signUpDomainsResponseSchema),
  };
}

export const InvitationsApiContext = createContext<InvitationsApi>(createInvitationsApi(api));
export const useInvitationsApi = () => useContext(InvitationsApiContext);
