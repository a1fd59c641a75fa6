// The runtime registry (DESIGN.md §3): fetched from the server at start and every REGISTRY_POLL_MS,
// browser overrides applied, every remote registered with the federation runtime. Areas read it through
// useRemotes(). A remote whose code this page already runs is never re-registered under another entry:
// the area switches at the user's next entry into it (RemoteArea), so one page never mixes two versions.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RemoteId, RemoteRegistryEntry } from '@accent/shared';
import { applyOverrides, collectOverrides, type EffectiveRemoteEntry } from './overrides.js';
import { RemoteModuleCache, type RemoteLoader } from './loader.js';

export type RegistryState = (
  | { status: 'loading'; entries: EffectiveRemoteEntry[] }
  | { status: 'ready'; entries: EffectiveRemoteEntry[] }
  | { status: 'error'; entries: EffectiveRemoteEntry[]; error: string }
) & {
  /** the session the entries were fetched for (the registry may give a signed-in user a canary) */
  forSession?: string;
};

/** How often an open tab asks whether a remote has a new current version. */
export const REGISTRY_POLL_MS = 30_000;

export interface RemotesContextValue {
  registry: RegistryState;
  /** The session the registry should be read for; entries fetched for another one are not final. */
  sessionKey: string;
  /** Fetches the registry again (Retry, sign-in, the poll); resolves with the entries now known. */
  refresh(): Promise<EffectiveRemoteEntry[]>;
  loader: RemoteLoader;
  cache: RemoteModuleCache;
  /** Reloads the page (an area entered while the page runs another version of its remote). */
  reloadPage(): void;
  /** After a failed load: forget the module and re-register the remote with `force`. */
  resetRemote(entry: RemoteRegistryEntry): void;
  /**
   * Loads and runs a remote's module before its area is entered, so the click renders it at once. Quiet:
   * a failure is left for the area to meet (and report) when entered. Never loads a second version of a
   * remote into a page that already runs one.
   */
  warm(entry: RemoteRegistryEntry): Promise<void>;
  entryFor(id: RemoteId): EffectiveRemoteEntry | undefined;
}

const RemotesContext = createContext<RemotesContextValue | null>(null);

export function useRemotes(): RemotesContextValue {
  const value = useContext(RemotesContext);
  if (!value) throw new Error('useRemotes() needs a <RemotesProvider> above it.');
  return value;
}

/** The registry when there is one (the sidebar's prefetch works without it, e.g. in tests). */
export function useRemotesIfAny(): RemotesContextValue | null {
  return useContext(RemotesContext);
}

export interface RemotesProviderProps {
  fetchRegistry: () => Promise<RemoteRegistryEntry[]>;
  loader: RemoteLoader;
  /** The query string carrying `?remote.<id>=<url>` overrides (default: the page's). */
  search?: string;
  /** default REGISTRY_POLL_MS; 0: never */
  pollMs?: number;
  /** default: window.location.reload */
  reloadPage?: () => void;
  /**
   * Who is signed in (a user id, or a word for none or not known yet): when it changes the registry is
   * read again, since it may give this user a canary.
   */
  sessionKey?: string;
  children: ReactNode;
}

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function RemotesProvider({ fetchRegistry, loader, search, pollMs = REGISTRY_POLL_MS, reloadPage = defaultReload, sessionKey = '', children }: RemotesProviderProps) {
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
        } else if (cache.inUse(e.id) !== undefined) {
          // this page runs the old version: it keeps it until the area is entered again
          continue;
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

  const latest = useRef<RegistryState>(registry);
  latest.current = registry;
  const session = useRef(sessionKey);
  session.current = sessionKey;

  /** `quiet` (the poll): no loading state, and a failed poll keeps what is known. */
  const load = useCallback(
    async (quiet: boolean): Promise<EffectiveRemoteEntry[]> => {
      const id = ++requestId.current;
      const forSession = session.current;
      if (!quiet) setRegistry((prev) => ({ status: 'loading', entries: prev.entries, forSession: prev.forSession }));
      try {
        const list = await fetchRegistry();
        const entries = applyOverrides(list, collectOverrides(initialSearch.current));
        if (id !== requestId.current) return latest.current.entries;
        registerAll(entries);
        setRegistry({ status: 'ready', entries, forSession });
        return entries;
      } catch (e) {
        if (id !== requestId.current) return latest.current.entries;
        if (quiet && latest.current.status === 'ready') return latest.current.entries;
        // overrides still work when the registry is down: a developer can point at a local remote
        const entries = applyOverrides([], collectOverrides(initialSearch.current));
        registerAll(entries);
        setRegistry({ status: 'error', entries, error: errorMessage(e), forSession });
        return entries;
      }
    },
    [fetchRegistry, registerAll],
  );
  const refresh = useCallback(() => load(false), [load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again whenever who is signed in changes
  useEffect(() => {
    void refresh();
  }, [refresh, sessionKey]);

  useEffect(() => {
    if (!pollMs) return;
    const timer = setInterval(() => void load(true), pollMs);
    return () => clearInterval(timer);
  }, [load, pollMs]);

  const resetRemote = useCallback(
    (entry: RemoteRegistryEntry) => {
      cache.invalidate(entry.id);
      safeRegister(loader, [entry], true);
      registered.current.set(entry.name, entry.entry);
    },
    [cache, loader],
  );

  const warm = useCallback(
    async (entry: RemoteRegistryEntry) => {
      const running = cache.inUse(entry.id);
      if (running !== undefined && running !== RemoteModuleCache.keyOf(entry)) return;
      try {
        await cache.get(entry, { warm: true });
      } catch {
        // the runtime may keep the failed container: the area's own load starts afresh
        if (cache.inUse(entry.id) === undefined) resetRemote(entry);
      }
    },
    [cache, resetRemote],
  );

  const value = useMemo<RemotesContextValue>(
    () => ({
      registry,
      sessionKey,
      refresh,
      loader,
      reloadPage,
      cache,
      resetRemote,
      warm,
      entryFor: (id) => registry.entries.find((e) => e.id === id),
    }),
    [registry, sessionKey, refresh, loader, reloadPage, cache, resetRemote, warm],
  );

  return <RemotesContext.Provider value={value}>{children}</RemotesContext.Provider>;
}

const defaultReload = () => window.location.reload();

function safeRegister(loader: RemoteLoader, entries: RemoteRegistryEntry[], force: boolean) {
  if (entries.length === 0) return;
  try {
    loader.register(entries, force ? { force: true } : undefined);
  } catch (e) {
    // a bad entry must not take the shell down; loading that remote will fail and show its own screen
    console.error('[shell] could not register remotes', entries.map((x) => x.name), e);
  }
}
