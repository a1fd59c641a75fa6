// @accent/shared/data: table access for the remotes (DESIGN.md §4 "The data gateway", §5): the one
// supabase-js client of the page and the services built on it.
export {
  getDataClient,
  createDataClient,
  loadDataConfig,
  refreshingFetch,
  resolveDataUrl,
  dataConfigSchema,
  DATA_CLIENT_GLOBAL_KEY,
  type DataConfig,
  type DataClientOptions,
  type SupabaseClient,
} from './client.js';
export {
  missionsService,
  createMissionsService,
  databaseError,
  MISSIONS_TABLE,
  NOT_FOUND_CODE,
  type MissionsService,
  type ListOptions,
  type LatestMissionUpdate,
  type DataClientSource,
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
export {
  flowsService,
  createFlowsService,
  flowSummaryFromRow,
  flowFromStoredRow,
  flowPatchToRow,
  FLOWS_TABLE,
  FLOW_LIST_COLUMNS,
  type FlowsService,
  type FlowSummary,
  type FlowPatch,
  type FlowUser,
  type FlowDeployment,
} from './flows.js';
export {
  backgroundAgentsService,
  createBackgroundAgentsService,
  backgroundSummaryFromRow,
  storedBackgroundAgentFromRow,
  BACKGROUND_AGENTS_TABLE,
  BACKGROUND_LIST_COLUMNS,
  type BackgroundAgentsService,
  type BackgroundAgentSummary,
  type StoredBackgroundAgent,
} from './background.js';
