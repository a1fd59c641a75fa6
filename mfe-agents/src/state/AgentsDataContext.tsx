// Data access of the Agents area behind one context, so that components get the real agentsApi and
// toast bus by default and tests inject plain functions instead of mocking modules.
import { createContext, useContext, type ReactNode } from 'react';
import { agentsApi, toast } from '@accent/shared/client';
import type { AgentConfig, AgentListItem } from '@accent/shared';

export interface AgentsData {
  list(): Promise<AgentListItem[]>;
  getConfig(name: string): Promise<Partial<AgentConfig>>;
  save(body: AgentConfig): Promise<unknown>;
  remove(name: string): Promise<void>;
}

export interface Notifier {
  success(title: string, message?: string): unknown;
  error(title: string, message?: string): unknown;
}

export interface AgentsEnvironment {
  api: AgentsData;
  notify: Notifier;
  /** id for local copies made by Duplicate */
  newId(): string;
}

export const defaultAgentsEnvironment: AgentsEnvironment = {
  api: {
    list: () => agentsApi.list(),
    getConfig: (name) => agentsApi.getConfig(name),
    save: (body) => agentsApi.save(body),
    remove: (name) => agentsApi.remove(name),
  },
  notify: {
    success: (title, message) => toast.success(title, message),
    error: (title, message) => toast.error(title, message),
  },
  newId: () => crypto.randomUUID(),
};

const AgentsDataContext = createContext<AgentsEnvironment>(defaultAgentsEnvironment);

export function AgentsDataProvider({ value, children }: { value?: Partial<AgentsEnvironment>; children: ReactNode }) {
  const merged: AgentsEnvironment = { ...defaultAgentsEnvironment, ...value };
  return <AgentsDataContext.Provider value={merged}>{children}</AgentsDataContext.Provider>;
}

export const useAgentsEnv = () => useContext(AgentsDataContext);

/** The message of anything thrown (ApiError's is `HTTP {status}: {detail or statusText}`). */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return fallback;
}
