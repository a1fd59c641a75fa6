// My Team's one call, GET /api/v1/team, its answer parsed with the contract's schema. Behind a context so
// tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, jsonApi } from '@accent/shared/client';
import { teamResponseSchema, type TeamMember } from '@accent/shell-common';

export interface TeamApi {
  list(): Promise<TeamMember[]>;
}

export function createTeamApi(http: AxiosInstance): TeamApi {
  const json = jsonApi(http);
  return { list: async () => (await json.get('/api/v1/team', teamResponseSchema)).members };
}

export const TeamApiContext = createContext<TeamApi>(createTeamApi(api));
export const useTeamApi = () => useContext(TeamApiContext);
