// One remote-owned route: finds the remote in the registry, loads its descriptor (once per remote),
// renders the route whose path equals `pattern` inside a RemoteBoundary. A missing remote shows
// "not installed"; a failing one says what happened (unreachable, incompatible, crashed) with a
// reference and Retry, and nothing else breaks.
//
// Versions: a visit to an area keeps the entry it started with, whatever the registry says meanwhile
// (never a switch mid-use). The next visit takes the registry's entry; if this page already ran another
// version of that remote, the page reloads first, so one page never mixes two versions of a remote.
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { REMOTE_TITLES, type RemoteId, type RemoteModule } from '@accent/shared';
import { AreaUnavailable, LoadingState, RemoteBoundary } from '@accent/shared/ui';
import { NotFoundContent } from '../app/NotFound.js';
import { describeAreaFailure, referenceOf, reportedMessage } from './failures.js';
import { RemoteModuleCache } from './loader.js';
import { useRemotes } from './RemotesProvider.js';
import type { EffectiveRemoteEntry } from './overrides.js';

export interface RemoteAreaProps {
  id: RemoteId;
  /** The route pattern as declared in REMOTE_ROUTE_OWNERSHIP (and in the remote's descriptor). */
  pattern: string;
}

export const REGISTRY_UNREACHABLE = 'The list of installed areas could not be loaded. Check your connection and try again.';

export const notInstalledReason = (id: RemoteId) => `The ${REMOTE_TITLES[id]} area is not installed.`;

export function RemoteArea({ id, pattern }: RemoteAreaProps) {
  // a new visit per area: moving between the routes of one area keeps the visit (and its version)
  return <AreaVisit key={id} id={id} pattern={pattern} />;
}

function AreaVisit({ id, pattern }: RemoteAreaProps) {
  const { registry, entryFor, refresh, cache, reloadPage, sessionKey } = useRemotes();
  const title = REMOTE_TITLES[id];
  // entries read before sign-in are not this user's (who may be in a canary): wait for theirs
  const final = registry.forSession === sessionKey && registry.status !== 'loading';
  const latest = final ? entryFor(id) : undefined;
  const [pinned, setPinned] = useState<EffectiveRemoteEntry | undefined>(latest);
  useEffect(() => {
    if (!pinned && latest) setPinned(latest);
  }, [pinned, latest]);
  const entry = pinned ?? latest;

  /** Retry reads the registry again and takes what it says now. */
  const rereadRegistry = useCallback(async () => {
    const entries = await refresh();
    const now = entries.find((e) => e.id === id);
    setPinned((was) => (was && now && RemoteModuleCache.keyOf(was) === RemoteModuleCache.keyOf(now) ? was : now));
  }, [refresh, id]);

  const inUse = cache.inUse(id);
  const otherVersionRunning = entry !== undefined && inUse !== undefined && inUse !== RemoteModuleCache.keyOf(entry);
  useEffect(() => {
    if (otherVersionRunning) reloadPage();
  }, [otherVersionRunning, reloadPage]);

  if (!entry) {
    if (!final) return <LoadingState text={`Loading ${title}...`} />;
    if (registry.status === 'error') {
      // the request's own error text stays in the console
      return <AreaUnavailable title={title} reason={REGISTRY_UNREACHABLE} onRetry={() => void rereadRegistry()} />;
    }
    return <AreaUnavailable title={title} reason={notInstalledReason(id)} onRetry={() => void rereadRegistry()} />;
  }
  if (otherVersionRunning) return <LoadingState text={`Loading ${title}...`} />;
  // a new deployment or override of the remote gets a fresh area
  return <LoadedRemoteArea key={RemoteModuleCache.keyOf(entry)} entry={entry} pattern={pattern} onRetry={rereadRegistry} />;
}

function LoadedRemoteArea({ entry, pattern, onRetry: reread }: { entry: EffectiveRemoteEntry; pattern: string; onRetry: () => Promise<void> }) {
  const { cache, resetRemote, loader } = useRemotes();
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ attempt: number; module?: RemoteModule; error?: unknown }>({ attempt: -1 });
  const title = REMOTE_TITLES[entry.id];

  // Loaded in state rather than with React.lazy: a suspended screen is revealed no sooner than 300 ms
  // after its fallback showed, which would be most of an area's first visit. A warmed module is there
  // at the first render; get() also tells the server of the area's load (once).
  useEffect(() => {
    let live = true;
    cache.get(entry).then(
      (module) => live && setOutcome({ attempt, module }),
      (error: unknown) => live && setOutcome({ attempt, error }),
    );
    return () => {
      live = false;
    };
  }, [cache, entry, attempt]);
  const current = outcome.attempt === attempt ? outcome : undefined;
  const module = cache.peek(entry) ?? current?.module;

  const onRetry = useCallback(() => {
    resetRemote(entry);
    setAttempt((a) => a + 1);
    void reread();
  }, [resetRemote, entry, reread]);

  const onError = useCallback(
    (error: unknown) => {
      const outcome = cache.peek(entry) ? 'render-failed' : 'load-failed';
      loader.report?.(entry, outcome, { reference: referenceOf(error), message: reportedMessage(error) });
    },
    [cache, entry, loader],
  );
  const describeError = useCallback((error: unknown) => describeAreaFailure(entry.id, error), [entry.id]);

  let content: ReactNode;
  if (module) {
    const Area = routeComponent(module, pattern);
    content = <Area />;
  } else if (current && 'error' in current) content = <Rethrow error={current.error} />;
  else content = <LoadingState text={`Loading ${title}...`} />;

  return (
    <RemoteBoundary title={title} onRetry={onRetry} onError={onError} describeError={describeError} resetKey={pathname}>
      {content}
    </RemoteBoundary>
  );
}

/** Hands a failed load to the boundary, which shows the failure screen and reports it. */
function Rethrow({ error }: { error: unknown }): never {
  throw error;
}

const routeComponents = new WeakMap<RemoteModule, Map<string, ComponentType>>();

/** The component of the route declared with exactly `pattern`, or a Not Found page. Stable per module. */
function routeComponent(module: RemoteModule, pattern: string): ComponentType {
  let byPattern = routeComponents.get(module);
  if (!byPattern) {
    byPattern = new Map();
    routeComponents.set(module, byPattern);
  }
  const known = byPattern.get(pattern);
  if (known) return known;
  const route = module.routes.find((r) => r.path === pattern);
  let component: ComponentType;
  if (route) {
    const Inner = route.Component;
    component = function RemoteRouteElement() {
      return <Inner />;
    };
  } else {
    const title = REMOTE_TITLES[module.id];
    component = function RemoteRouteMissing() {
      return <NotFoundContent detail={`The ${title} area has no page at this address.`} />;
    };
  }
  byPattern.set(pattern, component);
  return component;
}
