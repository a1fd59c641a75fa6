// The one module this remote exposes (DESIGN.md §3): the Missions area's routes (the admin dashboard and
// editor, the end user's missions, the editor for them, and the mission results feed).
import React from 'react';
import type { RemoteModule } from '@accent/shared';
import { getStore } from '@accent/shared/client';
import { routes } from './routes.js';

// Proof for the e2e test that the shell and this remote share one React and one jotai store.
const registry = globalThis as typeof globalThis & { __ACCENT_SINGLETONS__?: Record<string, unknown> };
registry.__ACCENT_SINGLETONS__ = { ...registry.__ACCENT_SINGLETONS__, missions: { React, store: getStore() } };

const remote: RemoteModule = {
  id: 'missions',
  routes,
};

export default remote;
