// The analytics endpoints: GET /api/v1/analytics (the server scopes it: administrators the library,
// everyone else their own runs) and, for the user filter, the library's users. Answers parsed with the
// shared schemas; behind a context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, jsonApi } from '@accent/shared/client';
import { adminUsersResponseSchema, analyticsResponseSchema, type AnalyticsQueryInput, type AnalyticsResponse } from '@accent/shell-common';

export interface AnalyticsUser {
  id: string;
  label: string;
}

export interface AnalyticsApi {
  get(query: AnalyticsQueryInput): Promise<AnalyticsResponse>;
  /** administrators only: the users to filter by */
  users(): Promise<AnalyticsUser[]>;
}

/** The browser's IANA time zone: buckets are the viewer's hours and days. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function createAnalyticsApi(http: AxiosInstance): AnalyticsApi {
  const json = jsonApi(http);
  return {
    get: async (query) =>
      json.get('/api/v1/analytics', analyticsResponseSchema, {
        params: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')),
      }),
    async users() {
      return (await json.get('/api/v1/admin/users', adminUsersResponseSchema)).users.map((u) => ({
        id: u.id,
        label: u.name ? `${u.name} (${u.email})` : u.email,
      }));
    },
  };
}

export const AnalyticsApiContext = createContext<AnalyticsApi>(createAnalyticsApi(api));
export const useAnalyticsApi = () => useContext(AnalyticsApiContext);
