// The runtime registry (DESIGN.md §3): fetched from the server at start, browser overrides applied,
// every remote registered with the federation runtime. Areas read it through useRemotes().
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RemoteId, RemoteRegistryEntry } from '@accent/shared';
import { applyOverrides, collectOverrides, type EffectiveRemoteEntry } from './overrides.js';
import { RemoteModuleCache, type RemoteLoader } from './loader.js';

export type RegistryState =
  | { status: 'loading'; entries: EffectiveRemoteEntry[] }
  | { status: 'ready'; entries: EffectiveRemoteEntry[] }
  | { status: 'error'; entries: EffectiveRemoteEntry[]; error: string };

export interface RemotesContextValue {
  registry: RegistryState;
  /** Fetches the registry again (Retry on "not installed" and on a registry failure). */
  refresh(): Promise<void>;
  cache: RemoteModuleCache;
  /** After a failed load: forget the module and re-register the remote with `force`. */
  resetRemote(entry: RemoteRegistryEntry): void;
  entryFor(id: RemoteId): EffectiveRemoteEntry | undefined;
}

const RemotesContext = createContext<RemotesContextValue | null>(null);

export function useRemotes(): RemotesContextValue {
  const value = useContext(RemotesContext);
  if (!value) throw new Error('useRemotes() needs a <RemotesProvider> above it.');
  return value;
}

export interface RemotesProviderProps {
  fetchRegistry: () => Promise<RemoteRegistryEntry[]>;
  loader: RemoteLoader;
  /** The query string carrying `?remote.<id>=<url>` overrides (default: the page's). */
  search?: string;
  children: ReactNode;
}

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function RemotesProvider({ fetchRegistry, loader, search, children }: RemotesProviderProps) {
  const [registry, setRegistry] = useState<RegistryState>({ status: 'loading', entries: [] });
  const cache = useMemo(() => new RemoteModuleCache(loader), [loader]);
  /** federation name → entry URL we registered */
  const registered = useRef(new Map<string, string>());
  const requestId = useRef(0);
  const initialSearch = useRef(search ?? (typeof window === 'undefined' ? '' : window.location.search));

  const registerAll = useCallback(
    (entries: EffectiveRemoteEntry[]) => {
      const fresh: RemoteRegistryEntry[] = [];
      for (const e of entries) {
        const known = registered.current.get(e.name);
        if (known === e.entry) continue;
        if (known === undefined) {
          fresh.push(e);
        } else {
          // the entry moved (a new deployment or an override): replace it and drop the old module
          cache.invalidate(e.id);
          safeRegister(loader, [e], true);
        }
        registered.current.set(e.name, e.entry);
      }
      safeRegister(loader, fresh, false);
    },
    [cache, loader],
  );

  const refresh = useCallback(async () => {
    const id = ++requestId.current;
    setRegistry((prev) => ({ status: 'loading', entries: prev.entries }));
    try {
      const list = await fetchRegistry();
      const entries = applyOverrides(list, collectOverrides(initialSearch.current));
      if (id !== requestId.current) return;
      registerAll(entries);
      setRegistry({ status: 'ready', entries });
    } catch (e) {
      if (id !== requestId.current) return;
      // overrides still work when the registry is down: a developer can point at a local remote
      const entries = applyOverrides([], collectOverrides(initialSearch.current));
      registerAll(entries);
      setRegistry({ status: 'error', entries, error: errorMessage(e) });
    }
  }, [fetchRegistry, registerAll]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const resetRemote = useCallback(
    (entry: RemoteRegistryEntry) => {
      cache.invalidate(entry.id);
      safeRegister(loader, [entry], true);
      registered.current.set(entry.name, entry.entry);
    },
    [cache, loader],
  );

  const value = useMemo<RemotesContextValue>(
    () => ({
      registry,
      refresh,
      cache,
      resetRemote,
      entryFor: (id) => registry.entries.find((e) => e.id === id),
    }),
    [registry, refresh, cache, resetRemote],
  );

  return <RemotesContext.Provider value={value}>{children}</RemotesContext.Provider>;
}

function safeRegister(loader: RemoteLoader, entries: RemoteRegistryEntry[], force: boolean) {
  if (entries.length === 0) return;
  try {
    loader.register(entries, force ? { force: true } : undefined);
  } catch (e) {
    // a bad entry must not take the shell down; loading that remote will fail and show its own screen
    console.error('[shell] could not register remotes', entries.map((x) => x.name), e);
  }
}
