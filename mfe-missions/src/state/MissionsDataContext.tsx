// Data access of the Missions area behind one context, so that components get the real services (the
// missions and mission_runs tables through @accent/shared/data, Run now, the agent list) and the toast
// bus by default, and tests inject plain functions instead of mocking modules.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AgentListItem } from '@accent/agents-common';
import type { Mission, MissionPatch, MissionRun, MissionWrite } from '@accent/missions-common';
import { agentsApi } from '@accent/agents-common/client';
import { toast, uuid } from '@accent/shared/client';
import { missionRunsService, missionsService, type LatestMissionUpdate, type ListRunsQuery } from '@accent/missions-common/data';
import type { Notifier } from '@accent/shared/client';

export interface MissionsData {
  /** every mission the user can see, newest first; rejects with `database error: …` */
  listMissions(): Promise<Mission[]>;
  /** the user's own missions, newest first; rejects with `database error: …` */
  listMissionsByUser(userId: string): Promise<Mission[]>;
  /** null when not found */
  getMission(id: string): Promise<Mission | null>;
  upsertMission(mission: MissionWrite): Promise<Mission>;
  updateMission(id: string, patch: MissionPatch): Promise<Mission>;
  /** false when it could not be deleted */
  deleteMission(id: string): Promise<boolean>;
  latestMissionUpdate(): Promise<LatestMissionUpdate>;
  /** newest first; rejects with `database error: …` */
  listRuns(query: ListRunsQuery): Promise<MissionRun[]>;
  /** queues a run; resolves with its id */
  runNow(id: string): Promise<string>;
  /** the agents a mission can use (GET /api/v1/agent/list) */
  listAgents(): Promise<AgentListItem[]>;
}

export type { Notifier };

export interface MissionsEnvironment {
  api: MissionsData;
  notify: Notifier;
  /** id of a new mission */
  newId(): string;
  /** the browser's time zone: the default of a new schedule */
  defaultTimeZone(): string;
  /** the zones the schedule can use */
  timeZones(): string[];
  /** how often lists look for changes (Mission results refreshes this often); 0 = never */
  refreshIntervalMs: number;
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** UTC first, then every IANA zone the browser knows. */
export function supportedTimeZones(): string[] {
  let zones: string[] = [];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

export const DEFAULT_REFRESH_INTERVAL_MS = 10_000;

export const defaultMissionsEnvironment: MissionsEnvironment = {
  api: {
    listMissions: () => missionsService.listMissions({ throwOnError: true }),
    listMissionsByUser: (userId) => missionsService.listMissionsByUser(userId, { throwOnError: true }),
    getMission: (id) => missionsService.getMissionById(id),
    upsertMission: (mission) => missionsService.upsertMission(mission),
    updateMission: (id, patch) => missionsService.updateMission(id, patch),
    deleteMission: (id) => missionsService.deleteMission(id),
    latestMissionUpdate: () => missionsService.latestMissionUpdate(),
    listRuns: (query) => missionRunsService.listRuns(query, { throwOnError: true }),
    runNow: (id) => missionRunsService.runMissionNow(id),
    listAgents: () => agentsApi.list(),
  },
  notify: {
    success: (title, message) => toast.success(title, message),
    error: (title, message) => toast.error(title, message),
  },
  newId: uuid,
  defaultTimeZone: browserTimeZone,
  timeZones: supportedTimeZones,
  refreshIntervalMs: DEFAULT_REFRESH_INTERVAL_MS,
};

const MissionsDataContext = createContext<MissionsEnvironment>(defaultMissionsEnvironment);

export function MissionsDataProvider({ value, children }: { value?: Partial<MissionsEnvironment>; children: ReactNode }) {
  const merged = useMemo<MissionsEnvironment>(() => ({ ...defaultMissionsEnvironment, ...value }), [value]);
  return <MissionsDataContext.Provider value={merged}>{children}</MissionsDataContext.Provider>;
}

export const useMissionsEnv = () => useContext(MissionsDataContext);

/** The message of anything thrown (`database error: …`, or ApiError's `HTTP {status}: {detail}`). */
export function errorMessage(err: unknown, fallback = 'Request failed'): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return fallback;
}
