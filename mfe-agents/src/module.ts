// The one module this remote exposes (DESIGN.md §3): the Agents area's routes (dashboard, editor, the
// agent test page and the chatbots).
import React from 'react';
import type { RemoteModule } from '@accent/shared';
import { getStore } from '@accent/shared/client';
import { routes } from './routes.js';

// Proof for the e2e test that the shell and this remote share one React and one jotai store.
const registry = globalThis as typeof globalThis & { __ACCENT_SINGLETONS__?: Record<string, unknown> };
registry.__ACCENT_SINGLETONS__ = { ...registry.__ACCENT_SINGLETONS__, agents: { React, store: getStore() } };

const remote: RemoteModule = {
  id: 'agents',
  routes,
};

export default remote;
