// @accent/missions-common/data: the missions tables through the page's data client (browser only), for
// mfe-missions and the Agents area's mission counts. Not part of the package's main entry: the server
// does not use it.
export {
  missionsService,
  createMissionsService,
  MISSIONS_TABLE,
  type MissionsService,
  type ListOptions,
  type LatestMissionUpdate,
} from './missions-service.js';
export {
  missionRunsService,
  createMissionRunsService,
  runMissionNow,
  MISSION_RUNS_TABLE,
  DEFAULT_RUNS_LIMIT,
  type MissionRunsService,
  type ListRunsQuery,
} from './mission-runs-service.js';
