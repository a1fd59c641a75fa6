// Mission runs: the read-only table `mission_runs` (newest first) and "Run now", which asks the
// scheduler to queue a run (POST /api/v1/missions/:id/run → 202 {run_id}).
import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import { api } from '@accent/shared/client';
import { normalizeMissionRun, type MissionRun } from '../missions.js';
import { getDataClient, strict, type DataClientSource } from '@accent/shared/data';
import type { ListOptions } from './missions-service.js';

export const MISSION_RUNS_TABLE = 'mission_runs';
export const DEFAULT_RUNS_LIMIT = 50;

export interface ListRunsQuery {
  /** only this mission's runs */
  missionId?: string;
  /** only runs of missions this user owns */
  userId?: string;
  limit?: number;
}

export interface MissionRunsService {
  /** Runs the caller can see, newest first; [] on error unless `throwOnError`. */
  listRuns(query?: ListRunsQuery, options?: ListOptions): Promise<MissionRun[]>;
  /** Queues a run now; resolves with the run id. Rejects with ApiError (`HTTP {status}: {detail}`). */
  runMissionNow(id: string): Promise<string>;
}

const runAcceptedSchema = z.object({ run_id: z.string() });

export function createMissionRunsService(source: DataClientSource = getDataClient, http: AxiosInstance = api): MissionRunsService {
  return {
    async listRuns({ missionId, userId, limit = DEFAULT_RUNS_LIMIT } = {}, options) {
      try {
        const data = await strict(source, (client) => {
          let query = client.from(MISSION_RUNS_TABLE).select('*');
          if (missionId) query = query.eq('mission_id', missionId);
          if (userId) query = query.eq('user_id', userId);
          return query.order('created_at', { ascending: false }).limit(limit);
        });
        return Array.isArray(data) ? data.map(normalizeMissionRun) : [];
      } catch (err) {
        if (options?.throwOnError) throw err;
        return [];
      }
    },

    async runMissionNow(id) {
      const { data } = await http.post<unknown>(`/api/v1/missions/${encodeURIComponent(id)}/run`);
      return runAcceptedSchema.parse(data).run_id;
    },
  };
}

export const missionRunsService: MissionRunsService = createMissionRunsService();

/** POST /api/v1/missions/:id/run on the page's API client. */
export const runMissionNow = (id: string) => missionRunsService.runMissionNow(id);
