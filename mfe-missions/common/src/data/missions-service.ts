// The spec's mission operations (spec 01 §7 "Missions", §8, §9) as table operations on `missions`
// through the data client. Row-level security on the server decides what the caller sees and may change.
import type { SupabaseClient } from '@supabase/supabase-js';
import { normalizeMission, type Mission, type MissionPatch, type MissionWrite } from '../missions.js';
import { attempt, databaseError, getDataClient, NOT_FOUND_CODE, strict, type DataClientSource, type DbError } from '@accent/shared/data';

export const MISSIONS_TABLE = 'missions';

/**
 * List helpers return [] on a database error (spec 01 §8); screens that show an error state instead
 * pass `{ throwOnError: true }` and get the same `database error: {message}` the other operations raise.
 */
export interface ListOptions {
  throwOnError?: boolean;
}

export interface LatestMissionUpdate {
  /** updated_at of the most recently changed mission, null without missions */
  latestUpdate: string | null;
  /** exact number of missions visible to the caller */
  count: number;
}

export interface MissionsService {
  /** Insert or update on id; returns the stored row. Raises `database error: {message}`. */
  upsertMission(mission: MissionWrite): Promise<Mission>;
  /** The mission, or null when there is none (PGRST116). Raises `database error: {message}` otherwise. */
  getMissionById(id: string): Promise<Mission | null>;
  /** Every mission the caller can see, newest created first. */
  listMissions(options?: ListOptions): Promise<Mission[]>;
  listMissionsByUser(userId: string, options?: ListOptions): Promise<Mission[]>;
  listMissionsByAgent(agentId: string, options?: ListOptions): Promise<Mission[]>;
  /** Raises `database error: {message}`. */
  updateMission(id: string, patch: MissionPatch): Promise<Mission>;
  /** true when deleted; false on any error. */
  deleteMission(id: string): Promise<boolean>;
  /** Sets agent_name on every mission of the agent. Raises `database error: {message}`. */
  renameAgentInMissions(agentId: string, agentName: string): Promise<void>;
  /** The latest updated_at and the exact count (zero / null on error). */
  latestMissionUpdate(): Promise<LatestMissionUpdate>;
}

async function list(source: DataClientSource, run: (client: SupabaseClient) => PromiseLike<{ data: unknown; error: DbError | null }>, options?: ListOptions) {
  try {
    const data = await strict(source, run);
    return Array.isArray(data) ? data.map(normalizeMission) : [];
  } catch (err) {
    if (options?.throwOnError) throw err;
    return [];
  }
}

export function createMissionsService(source: DataClientSource = getDataClient): MissionsService {
  const table = (client: SupabaseClient) => client.from(MISSIONS_TABLE);
  return {
    async upsertMission(mission) {
      const row = await strict(source, (c) => table(c).upsert(mission, { onConflict: 'id' }).select().single());
      return normalizeMission(row);
    },

    async getMissionById(id) {
      // maybeSingle: an unknown id is an empty list, not a 406 in the browser's console
      const { data, error } = await attempt(source, (c) => table(c).select('*').eq('id', id).maybeSingle());
      if (error) {
        if (error.code === NOT_FOUND_CODE) return null;
        throw databaseError(error);
      }
      return data ? normalizeMission(data) : null;
    },

    listMissions: (options) => list(source, (c) => table(c).select('*').order('created_at', { ascending: false }), options),

    listMissionsByUser: (userId, options) =>
      list(source, (c) => table(c).select('*').eq('user_id', userId).order('created_at', { ascending: false }), options),

    listMissionsByAgent: (agentId, options) =>
      list(source, (c) => table(c).select('*').eq('agent_id', agentId).order('created_at', { ascending: false }), options),

    async updateMission(id, patch) {
      const row = await strict(source, (c) => table(c).update(patch).eq('id', id).select().single());
      return normalizeMission(row);
    },

    async deleteMission(id) {
      try {
        await strict(source, (c) => table(c).delete().eq('id', id));
        return true;
      } catch {
        return false;
      }
    },

    async renameAgentInMissions(agentId, agentName) {
      await strict(source, (c) => table(c).update({ agent_name: agentName }).eq('agent_id', agentId));
    },

    async latestMissionUpdate() {
      try {
        const { data, error, count } = await attempt(source, (c) =>
          table(c).select('updated_at', { count: 'exact' }).order('updated_at', { ascending: false }).limit(1),
        );
        if (error) return { latestUpdate: null, count: 0 };
        const first = Array.isArray(data) ? (data[0] as { updated_at?: unknown } | undefined) : undefined;
        return { latestUpdate: typeof first?.updated_at === 'string' ? first.updated_at : null, count: count ?? 0 };
      } catch {
        return { latestUpdate: null, count: 0 };
      }
    },
  };
}

/** The missions service on the page's data client. */
export const missionsService: MissionsService = createMissionsService();
