// One remote-owned route: finds the remote in the registry, loads its descriptor (once per remote),
// renders the route whose path equals `pattern` inside a RemoteBoundary. A missing remote shows
// "not installed"; a failing one "This area is unavailable" with Retry, and nothing else breaks.
import { lazy, useCallback, useMemo, useState, type ComponentType } from 'react';
import { REMOTE_TITLES, type RemoteId, type RemoteModule } from '@accent/shared';
import { AreaUnavailable, LoadingState, RemoteBoundary } from '@accent/shared/ui';
import { NotFoundContent } from '../app/NotFound.js';
import { useRemotes } from './RemotesProvider.js';
import type { EffectiveRemoteEntry } from './overrides.js';

export interface RemoteAreaProps {
  id: RemoteId;
  /** The route pattern as declared in REMOTE_ROUTE_OWNERSHIP (and in the remote's descriptor). */
  pattern: string;
}

export const notInstalledReason = (id: RemoteId) => `The ${REMOTE_TITLES[id]} area is not installed.`;

export function RemoteArea({ id, pattern }: RemoteAreaProps) {
  const { registry, entryFor, refresh } = useRemotes();
  const title = REMOTE_TITLES[id];
  const entry = entryFor(id);
  const retryRegistry = useCallback(() => void refresh(), [refresh]);

  if (!entry) {
    if (registry.status === 'loading') return <LoadingState text={`Loading ${title}...`} />;
    if (registry.status === 'error') {
      return <AreaUnavailable title={title} reason={`The list of installed areas could not be loaded (${registry.error}).`} onRetry={retryRegistry} />;
    }
    return <AreaUnavailable title={title} reason={notInstalledReason(id)} onRetry={retryRegistry} />;
  }
  // a new deployment or override of the remote gets a fresh area
  return <LoadedRemoteArea key={`${entry.name}@${entry.entry}`} entry={entry} pattern={pattern} />;
}

function LoadedRemoteArea({ entry, pattern }: { entry: EffectiveRemoteEntry; pattern: string }) {
  const { cache, resetRemote } = useRemotes();
  const [attempt, setAttempt] = useState(0);
  const title = REMOTE_TITLES[entry.id];

  const Area = useMemo<ComponentType>(() => {
    const ready = cache.peek(entry);
    if (ready) return routeComponent(ready, pattern);
    // React.lazy caches a rejection forever: every retry gets a new lazy (`attempt` is a dependency).
    return lazy(() => cache.get(entry).then((m) => ({ default: routeComponent(m, pattern) })));
  }, [cache, entry, pattern, attempt]);

  const onRetry = useCallback(() => {
    resetRemote(entry);
    setAttempt((a) => a + 1);
  }, [resetRemote, entry]);

  return (
    <RemoteBoundary title={title} onRetry={onRetry}>
      <Area />
    </RemoteBoundary>
  );
}

const routeComponents = new WeakMap<RemoteModule, Map<string, ComponentType>>();

/** The component of the route declared with exactly `pattern`, or a Not Found page. Stable per module. */
function routeComponent(module: RemoteModule, pattern: string): ComponentType {
  let byPattern = routeComponents.get(module);
  if (!byPattern) routeComponents.set(module, (byPattern = new Map()));
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
