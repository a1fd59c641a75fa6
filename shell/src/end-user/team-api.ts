// My Team's one call, GET /api/v1/team, its answer parsed with the contract's schema. Behind a context so
// tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api } from '@accent/shared/client';
import { teamResponseSchema, type TeamMember } from '@accent/shell-common';

export interface TeamApi {
  list(): Promise<TeamMember[]>;
}

export function createTeamApi(http: AxiosInstance): TeamApi {
  return {
    async list() {
      const { data } = await http.get<unknown>('/api/v1/team');
      return teamResponseSchema.parse(data).members;
    },
  };
}

export const TeamApiContext = createContext<TeamApi>(createTeamApi(api));
export const useTeamApi = () => useContext(TeamApiContext);
