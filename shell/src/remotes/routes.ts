// The routes the shell declares on behalf of remotes, straight from REMOTE_ROUTE_OWNERSHIP: an area
// gets its route (and so its "unavailable" screen) before, or without, its remote ever loading.
import { REMOTE_IDS, REMOTE_ROUTE_OWNERSHIP, type RemoteId } from '@accent/shared';

/** Remote routes shown without the sidebar and without signing in (the published page). */
export const PUBLIC_REMOTE_PATTERNS: readonly string[] = ['/p/:slug'];

export interface RemoteRouteSpec {
  id: RemoteId;
  pattern: string;
  public: boolean;
}

export const REMOTE_ROUTE_SPECS: readonly RemoteRouteSpec[] = REMOTE_IDS.flatMap((id) =>
  REMOTE_ROUTE_OWNERSHIP[id].map((pattern) => ({ id, pattern, public: PUBLIC_REMOTE_PATTERNS.includes(pattern) })),
);
