// The public side of invitations and self sign-up: a link's preview, setting name and password through
// it, asking for a sign-up link, and taking the new sign-in into this page's session. Behind a context so
// tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, jsonApi, session } from '@accent/shared/client';
import {
  acceptLinkRequestSchema,
  linkPreviewSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  type AcceptLinkRequest,
  type LinkPreview,
  type SignUpRequest,
} from '@accent/shell-common';

export interface LinksApi {
  /** the link's library, role and address; 404/409 ApiError saying why it cannot be used */
  preview(token: string): Promise<LinkPreview>;
  /** creates the account and signs in (the server sets the refresh cookie) */
  accept(request: AcceptLinkRequest): Promise<void>;
  /** the server's sentence, the same whether or not the address has an account */
  requestSignUp(request: SignUpRequest): Promise<string>;
  /** takes the new sign-in into this page's session (from the refresh cookie); false when it could not */
  adoptSession(): Promise<boolean>;
}

export function createLinksApi(http: AxiosInstance, adopt: () => Promise<boolean>): LinksApi {
  const json = jsonApi(http);
  return {
    preview: async (token) => json.get('/api/auth/invitation', linkPreviewSchema, { params: { token } }),
    async accept(request) {
      await http.post<unknown>('/api/auth/invitation/accept', acceptLinkRequestSchema.parse(request));
    },
    requestSignUp: async (request) => (await json.post('/api/auth/sign-up', signUpRequestSchema.parse(request), signUpResponseSchema)).detail,
    adoptSession: adopt,
  };
}

export const LinksApiContext = createContext<LinksApi>(createLinksApi(api, () => session.refresh()));
export const useLinksApi = () => useContext(LinksApiContext);
