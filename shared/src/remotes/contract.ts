import type { ComponentType, LazyExoticComponent } from 'react';

/** Ids of the feature remotes (DESIGN.md §3). */
export const REMOTE_IDS = ['agents', 'missions', 'flows', 'background', 'pages'] as const;
export type RemoteId = (typeof REMOTE_IDS)[number];

/** A route a remote contributes, relative to the app root (e.g. '/agents', '/flows/:id'). */
export interface RemoteRoute {
  path: string;
  Component: LazyExoticComponent<ComponentType> | ComponentType;
}

/** The single module a remote exposes as './module' (its default export). */
export interface RemoteModule {
  id: RemoteId;
  routes: RemoteRoute[];
}

/** One entry of GET /api/v1/remotes. */
export interface RemoteRegistryEntry {
  id: RemoteId;
  /** Module Federation container name, e.g. mfe_agents */
  name: string;
  /** URL of the remote's mf-manifest.json */
  entry: string;
  version: string;
}

/** Module Federation container name of a remote. */
export const federationName = (id: RemoteId) => `mfe_${id}`;

/**
 * Route ownership (DESIGN.md §3). The shell mounts a remote's area on these patterns before the
 * remote has loaded, so that an unavailable remote still gets its "area unavailable" screen.
 */
export const REMOTE_ROUTE_OWNERSHIP: Record<RemoteId, string[]> = {
  agents: ['/agents', '/agents/*', '/agent-test', '/chatbots'],
  missions: ['/missions', '/missions/*', '/end-user/my-missions', '/end-user/missions/create', '/end-user/missions/edit/:id', '/end-user/mission-results'],
  flows: ['/flows', '/flows/:id', '/flows-old'],
  background: ['/background', '/background/new', '/background/:id'],
  pages: ['/pages', '/pages2', '/pages/builder', '/pages/builder/:id', '/content', '/content/personalize/:id', '/end-user/magic-pages', '/end-user/magic-pages/:id', '/p/:slug'],
};

export const SHELL_ROUTES = ['/', '/landing', '/login', '/home', '/admin', '/ai-university', '/deploy', '/accent-assist', '/end-user', '/end-user/dashboard', '/end-user/my-tools', '/end-user/analytics', '/end-user/my-team', '/profile', '/knowledge', '/files', '/end-user/files'];

export const REMOTE_TITLES: Record<RemoteId, string> = {
  agents: 'Agents',
  missions: 'Missions',
  flows: 'AI Flows',
  background: 'Background Agents',
  pages: 'Pages',
};
