// Warming an area before it is entered: its module is loaded and run (the contract check first), so the
// click renders the area at once instead of waiting for a chain of files (manifest → remote entry → module
// chunks → page chunk) and for React's reveal of a suspended screen. Warmed when the browser is idle after
// sign-in, and when the user points at or tabs to the area's sidebar item.
import { useCallback, useEffect } from 'react';
import { matchPath } from 'react-router';
import type { RemoteId } from '@accent/shared';
import { REMOTE_ROUTE_SPECS } from './routes.js';
import { type RemotesContextValue, useRemotesIfAny } from './RemotesProvider.js';

/** The remote that owns a signed-in path (a sidebar item), if any. */
export function remoteForPath(path: string): RemoteId | undefined {
  return REMOTE_ROUTE_SPECS.find((r) => !r.public && matchPath(r.pattern, path))?.id;
}

/** Whether the browser asks for less data (Data Saver): then nothing is fetched on speculation. */
export function savesData(): boolean {
  return (globalThis.navigator as (Navigator & { connection?: { saveData?: boolean } }) | undefined)?.connection?.saveData === true;
}

/** The registry has been read for whoever is signed in (it may give them a canary). */
const registryFinal = (remotes: RemotesContextValue) => remotes.registry.status === 'ready' && remotes.registry.forSession === remotes.sessionKey;

/**
 * `warm(path)` for the remote owning `path`, with the entry this user will get (the registry read for the
 * current session); resolves when done. A no-op outside a RemotesProvider or before that registry is known.
 */
export function useAreaWarmer(): (path: string) => Promise<void> {
  const remotes = useRemotesIfAny();
  return useCallback(
    async (path: string) => {
      if (!remotes || !registryFinal(remotes)) return;
      const id = remoteForPath(path);
      const entry = id ? remotes.entryFor(id) : undefined;
      if (entry) await remotes.warm(entry);
    },
    [remotes],
  );
}

/**
 * Once the browser is idle after sign-in, warms the areas in `paths` (the sidebar's), one after the other
 * so that they do not compete with each other or with the page; not under Data Saver.
 */
export function useIdleWarmup(paths: readonly string[]): void {
  const warm = useAreaWarmer();
  const remotes = useRemotesIfAny();
  const ready = remotes !== null && registryFinal(remotes);
  const key = paths.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `paths`
  useEffect(() => {
    if (!ready || savesData()) return;
    let cancelled = false;
    const run = async () => {
      for (const path of paths) {
        if (cancelled) return;
        await warm(path);
      }
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => void run(), { timeout: 3000 });
      return () => {
        cancelled = true;
        window.cancelIdleCallback(handle);
      };
    }
    const timer = setTimeout(() => void run(), 1000);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [warm, key, ready]);
}
