// What a remote's ./module does on load: it names its routes, and it leaves its own React and the store it
// sees on globalThis, where the e2e test compares them with the shell's to prove one React and one store
// across the suite (DESIGN.md §3 "Singletons").
import type { RemoteId, RemoteModule, RemoteRoute } from '../remotes/contract.js';
import { getStore } from './store.js';

/** The key the shell and every remote register their singletons under. */
export const SINGLETONS_REGISTRY_KEY = '__ACCENT_SINGLETONS__';

/**
 * A remote's module. `react` is the React the remote itself imports (not the kit's): the proof is that the
 * two are one.
 */
export function defineRemoteModule(id: RemoteId, routes: RemoteRoute[], react: unknown): RemoteModule {
  const registry = globalThis as unknown as Record<string, Record<string, unknown> | undefined>;
  registry[SINGLETONS_REGISTRY_KEY] = { ...registry[SINGLETONS_REGISTRY_KEY], [id]: { React: react, store: getStore() } };
  return { id, routes };
}

/** What a remote registered under its id, for its module's test. */
export function registeredSingletons(id: RemoteId): { React: unknown; store: unknown } | undefined {
  const registry = (globalThis as unknown as Record<string, Record<string, { React: unknown; store: unknown }> | undefined>)[SINGLETONS_REGISTRY_KEY];
  return registry?.[id];
}
