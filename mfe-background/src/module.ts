// The one module this remote exposes (DESIGN.md §3): the Background Agents area's routes (the dashboard
// and the editor for a new or an existing agent).
import React from 'react';
import { defineRemoteModule } from '@accent/shared/client';
import { routes } from './routes.js';

// Its React and the store it sees, for the e2e test that the shell and this remote share one of each.
export default defineRemoteModule('background', routes, React);
