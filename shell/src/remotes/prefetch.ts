// Warming an area before it is entered: its manifest, remote entry and first module chunks go into the
// HTTP cache as <link rel=prefetch>, so the click only runs code that is already here. Nothing of the
// remote runs and no version is pinned: the area still takes the registry's entry when it is entered.
import { useCallback, useEffect } from 'react';
import { matchPath } from 'react-router';
import type { RemoteId, RemoteRegistryEntry } from '@accent/shared';
import { REMOTE_ROUTE_SPECS } from './routes.js';
import { useRemotesIfAny } from './RemotesProvider.js';

/** What to warm: the entry and the module's own chunks, or also every lazy page of the area. */
export type PrefetchDepth = 'entry' | 'pages';

interface ManifestShape {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  shared?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
  exposes?: { name?: string; assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
}

const hinted = new Set<string>();
/** shared packages hinted while idle, from whichever remote came first (each remote carries its own copy) */
const sharedHinted = new Set<string>();
const manifests = new Map<string, Promise<ManifestShape | null>>();

function hint(href: string): void {
  if (hinted.has(href) || typeof document === 'undefined') return;
  hinted.add(href);
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.as = 'script';
  link.href = href;
  document.head.appendChild(link);
}

function readManifest(url: string): Promise<ManifestShape | null> {
  let pending = manifests.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: 'omit' })
      .then((r) => (r.ok ? (r.json() as Promise<ManifestShape>) : null))
      .catch(() => null);
    // a failed read may be tried again at the next hover
    pending.then((m) => m ?? manifests.delete(url));
    manifests.set(url, pending);
  }
  return pending;
}

type ShareScopes = Record<string, Record<string, Record<string, { loaded?: boolean; loading?: unknown }>>>;

/** Whether the page already runs (or is fetching) a shared package: then a remote takes that copy. */
export function sharedInUse(name: string): boolean {
  const hosts = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, ShareScopes> } }).__FEDERATION__?.__SHARE__ ?? {};
  return Object.values(hosts).some((scopes) => Object.values(scopes.default?.[name] ?? {}).some((v) => v.loaded || v.loading));
}

/**
 * Prefetches one remote version's files; failures are silent (entering the area reports them). Its shared
 * packages are hinted too, except those the page already runs (react, the router…), e.g. supabase-js.
 */
export async function prefetchRemote(entry: RemoteRegistryEntry, depth: PrefetchDepth, inUse: (name: string) => boolean = sharedInUse): Promise<void> {
  if (typeof window === 'undefined') return;
  const manifestUrl = new URL(entry.entry, window.location.href);
  const manifest = await readManifest(manifestUrl.href);
  if (!manifest) return;
  // publicPath 'auto': files sit next to the manifest
  const at = (file: string) => new URL(file, manifestUrl).href;
  const remoteEntry = manifest.metaData?.remoteEntry;
  if (remoteEntry?.name) hint(at(`${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}`));
  const module = manifest.exposes?.find((e) => e.name === 'module');
  for (const file of module?.assets?.js?.sync ?? []) hint(at(file));
  for (const shared of manifest.shared ?? []) {
    if (!shared.name || inUse(shared.name)) continue;
    // idle: one copy per package is enough; intent: the copy of the area the user is about to enter
    if (depth === 'entry' && sharedHinted.has(shared.name)) continue;
    sharedHinted.add(shared.name);
    for (const file of shared.assets?.js?.sync ?? []) hint(at(file));
  }
  if (depth === 'pages') for (const file of module?.assets?.js?.async ?? []) hint(at(file));
}

/** The remote that owns a signed-in path (a sidebar item), if any. */
export function remoteForPath(path: string): RemoteId | undefined {
  return REMOTE_ROUTE_SPECS.find((r) => !r.public && matchPath(r.pattern, path))?.id;
}

/**
 * `prefetch(path, depth)` for the remote owning `path`, with the entry this user will get (the registry
 * read for the current session); a no-op outside a RemotesProvider or before that registry is known.
 */
export function useAreaPrefetch(): (path: string, depth: PrefetchDepth) => void {
  const remotes = useRemotesIfAny();
  return useCallback(
    (path: string, depth: PrefetchDepth) => {
      if (!remotes || remotes.registry.status !== 'ready' || remotes.registry.forSession !== remotes.sessionKey) return;
      const id = remoteForPath(path);
      const entry = id ? remotes.entryFor(id) : undefined;
      if (entry) void prefetchRemote(entry, depth);
    },
    [remotes],
  );
}

/** Once the browser is idle after sign-in, warms the entry of every area in `paths` (the sidebar's). */
export function useIdlePrefetch(paths: readonly string[]): void {
  const prefetch = useAreaPrefetch();
  const key = paths.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `paths`
  useEffect(() => {
    const run = () => {
      for (const path of paths) prefetch(path, 'entry');
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(run, 1000);
    return () => clearTimeout(timer);
  }, [prefetch, key]);
}
