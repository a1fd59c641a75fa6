// Data access of the Background Agents area behind one context: components get the real service (tables
// `background_agents` and `background_runs` through @accent/shared/data, run/test calls on /api/v1) and
// the toast bus by default; tests inject plain functions instead of mocking modules.
import { toast } from '@accent/shared/client';
import { backgroundAgentsService, type BackgroundAgentsService } from '../data/background.js';
import type { Notifier } from '@accent/shared/client';
import { createAreaEnvironment, saveFile } from '@accent/shared/ui';

export type BackgroundData = Pick<
  BackgroundAgentsService,
  | 'listAgents'
  | 'getAgent'
  | 'saveAgent'
  | 'deleteAgent'
  | 'setAgentStatus'
  | 'duplicateAgent'
  | 'listRuns'
  | 'listFeed'
  | 'runNow'
  | 'testConfig'
  | 'getEventTrigger'
  | 'downloadDocument'
  | 'listVersions'
  | 'restoreVersion'
  | 'listMcpTools'
>;

export type { Notifier };

/** While a run is queued or running, runs and the results feed are read again this often. */
export const RUNS_REFRESH_MS = 3000;

export interface BackgroundEnvironment {
  api: BackgroundData;
  notify: Notifier;
  /** where test configurations and their results are logged (console.info in the browser) */
  log(...args: unknown[]): void;
  /** hands a file to the user (a download in the browser) */
  saveFile(blob: Blob, filename: string): void;
  /** the dashboard's filter animation (spec: 300 ms) */
  filterAnimationMs?: number;
  /** polling of pending runs (RUNS_REFRESH_MS) */
  runsRefreshMs?: number;
}

export const defaultBackgroundEnvironment: BackgroundEnvironment = {
  api: {
    listAgents: () => backgroundAgentsService.listAgents(),
    getAgent: (id) => backgroundAgentsService.getAgent(id),
    saveAgent: (config, status, id) => backgroundAgentsService.saveAgent(config, status, id),
    deleteAgent: (id) => backgroundAgentsService.deleteAgent(id),
    setAgentStatus: (id, status) => backgroundAgentsService.setAgentStatus(id, status),
    duplicateAgent: (id) => backgroundAgentsService.duplicateAgent(id),
    listRuns: (agentId, limit) => backgroundAgentsService.listRuns(agentId, limit),
    listFeed: (limit) => backgroundAgentsService.listFeed(limit),
    runNow: (id) => backgroundAgentsService.runNow(id),
    testConfig: (config, id) => backgroundAgentsService.testConfig(config, id),
    getEventTrigger: (id) => backgroundAgentsService.getEventTrigger(id),
    downloadDocument: (agentId, runId) => backgroundAgentsService.downloadDocument(agentId, runId),
    listVersions: (id) => backgroundAgentsService.listVersions(id),
    restoreVersion: (id, number) => backgroundAgentsService.restoreVersion(id, number),
    listMcpTools: () => backgroundAgentsService.listMcpTools(),
  },
  notify: toast,
  log: (...args) => console.info(...args),
  saveFile,
};

const environment = createAreaEnvironment(defaultBackgroundEnvironment);
export const BackgroundDataProvider = environment.Provider;
export const useBackgroundEnv = environment.useEnvironment;

export { errorDetail, errorMessage } from '@accent/shared/client';
