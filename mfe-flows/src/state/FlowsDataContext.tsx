// Data access of the AI Flows area behind one context: components get the real flows service (table
// `flows` through @accent/shared/data and the flow endpoints) and the toast bus by default; tests inject
// plain functions instead of mocking modules.
import type { Flow, FlowExportFile, FlowRun, FlowStatus, FlowVersion } from '@accent/flows-common';
import { flowId } from '@accent/flows-common';
import { toast } from '@accent/shared/client';
import {
  flowsService,
  type FlowDeployment,
  type FlowDeploymentState,
  type FlowImportReport,
  type FlowMcpServer,
  type FlowPatch,
  type FlowSummary,
  type FlowUser,
} from '../data/flows.js';
import type { Notifier as BaseNotifier } from '@accent/shared/client';
import { createAreaEnvironment, saveFile } from '@accent/shared/ui';

export interface FlowsData {
  /** most recently updated first; rejects with `database error: …` */
  listFlows(): Promise<FlowSummary[]>;
  /** null when not found */
  getFlow(id: string): Promise<Flow | null>;
  insertFlow(flow: Flow, user?: FlowUser): Promise<Flow>;
  /** several at once (sample flows); resolves with the count */
  insertFlows(flows: Flow[], user?: FlowUser): Promise<number>;
  updateFlow(id: string, patch: FlowPatch): Promise<Flow>;
  /** auto-save and Save Flow: updates the flow when it exists, inserts it otherwise */
  saveFlow(flow: Flow, user?: FlowUser): Promise<void>;
  deleteFlow(id: string): Promise<void>;
  exportFlows(): Promise<FlowExportFile>;
  importFlows(file: Blob | string, user?: FlowUser): Promise<FlowImportReport>;
  testFlow(id: string, payload: unknown): Promise<FlowRun>;
  deployFlow(id: string): Promise<FlowDeployment>;
  undeployFlow(id: string): Promise<void>;
  /** whether the flow is really deployed (GET /api/v1/flows/:id/deployment) */
  getDeployment(id: string): Promise<FlowDeploymentState>;
  /** the flow's recent runs, newest first (GET /api/v1/flows/:id/runs) */
  listFlowRuns(id: string): Promise<FlowRun[]>;
  /** named saves, deploys and restores, newest first (GET /api/v1/flows/:id/versions) */
  listFlowVersions(id: string): Promise<FlowVersion[]>;
  /** keeps the stored flow as a version named `name`; resolves with its number */
  saveFlowVersion(id: string, name: string): Promise<number>;
  /** the version replaces the stored flow and is recorded as a new version */
  restoreFlowVersion(id: string, number: number): Promise<{ number: number; restored: number }>;
  /** the library's MCP servers and their tools (the MCP tool node); absent: none offered */
  listMcpTools?(): Promise<FlowMcpServer[]>;
}

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
