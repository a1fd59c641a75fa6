// Data access of the Background Agents area behind one context: components get the real service (table
// `background_agents` through @accent/shared/data) and the toast bus by default; tests inject plain
// functions instead of mocking modules.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { toast } from '@accent/shared/client';
import { backgroundAgentsService, type BackgroundAgentsService } from '@accent/shared/data';

export type BackgroundData = Pick<BackgroundAgentsService, 'listAgents' | 'getAgent' | 'saveAgent' | 'deleteAgent' | 'duplicateAgent'>;

export interface Notifier {
  success(title: string, message?: string, duration?: number): unknown;
  error(title: string, message?: string, duration?: number): unknown;
}

export interface BackgroundEnvironment {
  api: BackgroundData;
  notify: Notifier;
  /** the Test Configuration alert (window.alert in the browser) */
  alert(message: string): void;
  /** where choices and test configurations are logged (console.info in the browser) */
  log(...args: unknown[]): void;
  /** the dashboard's filter animation (spec: 300 ms) */
  filterAnimationMs?: number;
}

export const defaultBackgroundEnvironment: BackgroundEnvironment = {
  api: {
    listAgents: () => backgroundAgentsService.listAgents(),
    getAgent: (id) => backgroundAgentsService.getAgent(id),
    saveAgent: (config, status, id) => backgroundAgentsService.saveAgent(config, status, id),
    deleteAgent: (id) => backgroundAgentsService.deleteAgent(id),
    duplicateAgent: (id) => backgroundAgentsService.duplicateAgent(id),
  },
  notify: {
    success: (title, message, duration) => toast.success(title, message, duration),
    error: (title, message, duration) => toast.error(title, message, duration),
  },
  alert: (message) => window.alert(message),
  log: (...args) => console.info(...args),
};

const BackgroundDataContext = createContext<BackgroundEnvironment>(defaultBackgroundEnvironment);

export function BackgroundDataProvider({ value, children }: { value?: Partial<BackgroundEnvironment>; children: ReactNode }) {
  const merged = useMemo<BackgroundEnvironment>(() => ({ ...defaultBackgroundEnvironment, ...value }), [value]);
  return <BackgroundDataContext.Provider value={merged}>{children}</BackgroundDataContext.Provider>;
}

export const useBackgroundEnv = () => useContext(BackgroundDataContext);

export function errorMessage(err: unknown, fallback = 'Request failed'): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return fallback;
}
