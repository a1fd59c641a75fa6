// The one module this remote exposes (DESIGN.md §3): the AI Flows area's routes (the dashboard, the
// builder, and the older browser-local dashboard).
import React, { lazy } from 'react';
import type { RemoteModule } from '@accent/shared';
import { getStore } from '@accent/shared/client';

// Proof for the e2e test that the shell and this remote share one React and one jotai store.
const registry = globalThis as typeof globalThis & { __ACCENT_SINGLETONS__?: Record<string, unknown> };
registry.__ACCENT_SINGLETONS__ = { ...registry.__ACCENT_SINGLETONS__, flows: { React, store: getStore() } };

const remote: RemoteModule = {
  id: 'flows',
  routes: [
    { path: '/flows', Component: lazy(() => import('./dashboard/DashboardRoute.js')) },
    { path: '/flows/:id', Component: lazy(() => import('./builder/BuilderRoute.js')) },
    { path: '/flows-old', Component: lazy(() => import('./legacy/LegacyRoute.js')) },
  ],
};

export default remote;
