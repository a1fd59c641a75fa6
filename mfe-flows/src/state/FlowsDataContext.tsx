// Data access of the AI Flows area behind one context: components get the real flows service (table
// `flows` through @accent/shared/data and the flow endpoints) and the toast bus by default; tests inject
// plain functions instead of mocking modules.
import type { Flow, FlowRun, FlowStatus } from '@accent/flows-common';
import { flowId } from '@accent/flows-common';
import { toast } from '@accent/shared/client';
import { flowsService, type FlowImportReport, type FlowsService, type FlowSummary, type FlowUser } from '../data/flows.js';
import type { Notifier as BaseNotifier } from '@accent/shared/client';
import { createAreaEnvironment, saveFile } from '@accent/shared/ui';

/** What the flows pages use of the flows service (documented there), as tests inject it. */
export type FlowsData = Pick<
  FlowsService,
  | 'listFlows'
  | 'getFlow'
  | 'insertFlow'
  | 'insertFlows'
  | 'updateFlow'
  | 'deleteFlow'
  | 'exportFlows'
  | 'deployFlow'
  | 'undeployFlow'
  | 'getDeployment'
  | 'listFlowRuns'
  | 'listFlowVersions'
  | 'saveFlowVersion'
  | 'restoreFlowVersion'
> &
  Partial<Pick<FlowsService, 'listMcpTools'>> & {
    /** auto-save and Save Flow: updates the flow when it exists, inserts it otherwise */
    saveFlow(flow: Flow, user?: FlowUser): Promise<void>;
    importFlows(file: Blob | string, user?: FlowUser): Promise<FlowImportReport>;
    testFlow(id: string, payload: unknown): Promise<FlowRun>;
  };

/** Flows also warn (No Flows to Export). */
export interface Notifier extends BaseNotifier {
  warning(title: string, message?: string, duration?: number): unknown;
}

export interface FlowsEnvironment {
  api: FlowsData;
  notify: Notifier;
  /** id of a new flow (flow-{timestamp}-{random}) */
  newFlowId(): string;
  /** id of a new node */
  newNodeId(type: string): string;
  /** hands a file to the user (a download in the browser) */
  download(filename: string, content: string): void;
  now(): Date;
  /** ms of quiet before an auto-save (spec: 2000) */
  autoSaveDelayMs?: number;
}

export const browserDownload = (filename: string, content: string) => saveFile(new Blob([content], { type: 'application/json' }), filename);

let nodeCounter = 0;

export const defaultFlowsEnvironment: FlowsEnvironment = {
  api: {
    listFlows: () => flowsService.listFlows(),
    getFlow: (id) => flowsService.getFlow(id),
    insertFlow: (flow, user) => flowsService.insertFlow(flow, user),
    insertFlows: (flows, user) => flowsService.insertFlows(flows, user),
    updateFlow: (id, patch) => flowsService.updateFlow(id, patch),
    async saveFlow(flow, user) {
      if (await flowsService.flowExists(flow.id)) {
        // status is left to the server (deploy / undeploy change it)
        await flowsService.updateFlow(flow.id, { name: flow.name, description: flow.description, tags: flow.tags, flowData: flow.flowData });
      } else await flowsService.insertFlow(flow, user);
    },
    deleteFlow: (id) => flowsService.deleteFlow(id),
    exportFlows: () => flowsService.exportFlows(),
    importFlows: (file, user) => flowsService.importFlows(file, user),
    testFlow: (id, payload) => flowsService.testFlow(id, payload),
    deployFlow: (id) => flowsService.deployFlow(id),
    undeployFlow: (id) => flowsService.undeployFlow(id),
    getDeployment: (id) => flowsService.getDeployment(id),
    listFlowRuns: (id) => flowsService.listFlowRuns(id),
    listFlowVersions: (id) => flowsService.listFlowVersions(id),
    saveFlowVersion: (id, name) => flowsService.saveFlowVersion(id, name),
    restoreFlowVersion: (id, number) => flowsService.restoreFlowVersion(id, number),
    listMcpTools: () => flowsService.listMcpTools(),
  },
  notify: toast,
  newFlowId: () => flowId(),
  newNodeId: (type) => `${type}-${Date.now().toString(36)}-${(++nodeCounter).toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  download: browserDownload,
  now: () => new Date(),
};

const environment = createAreaEnvironment(defaultFlowsEnvironment);
export const FlowsDataProvider = environment.Provider;
export const useFlowsEnv = environment.useEnvironment;

/** What went wrong, in the server's words: an API error's detail without its "HTTP 400:" prefix. */
export { errorDetail as errorMessage } from '@accent/shared/client';

export type { FlowStatus, FlowSummary };

/** A file's text (Blob.text where the browser has it, else FileReader). */
export function readFileText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}
