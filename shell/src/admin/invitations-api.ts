// Admin → Users' invitations and Admin → Settings' sign-up domains: /api/v1/admin/invitations and
// /api/v1/admin/sign-up-domains, requests checked and answers parsed with the contract's schemas. Behind
// a context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api } from '@accent/shared/client';
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
  return {
    async list() {
      const { data } = await http.get<unknown>('/api/v1/admin/invitations');
      return invitationsResponseSchema.parse(data);
    },
    async invite(body) {
      const { data } = await http.post<unknown>('/api/v1/admin/invitations', inviteRequestSchema.parse(body));
      return invitationSchema.parse(data);
    },
    async resend(id) {
      const { data } = await http.post<unknown>(`/api/v1/admin/invitations/${segment(id)}/resend`);
      return invitationSchema.parse(data);
    },
    async revoke(id) {
      await http.delete(`/api/v1/admin/invitations/${segment(id)}`);
    },
    async getSignUpDomains() {
      const { data } = await http.get<unknown>('/api/v1/admin/sign-up-domains');
      return signUpDomainsResponseSchema.parse(data);
    },
    async putSignUpDomains(domains) {
      const { data } = await http.put<unknown>('/api/v1/admin/sign-up-domains', signUpDomainsPutRequestSchema.parse({ domains }));
      return signUpDomainsResponseSchema.parse(data);
    },
    async verifySignUpDomain(domain) {
      const { data } = await http.post<unknown>('/api/v1/admin/sign-up-domains/verify', signUpDomainVerifyRequestSchema.parse({ domain }));
      return signUpDomainsResponseSchema.parse(data);
    },
  };
}

export const InvitationsApiContext = createContext<InvitationsApi>(createInvitationsApi(api));
export const useInvitationsApi = () => useContext(InvitationsApiContext);
