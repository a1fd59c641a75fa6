// The one module this remote exposes (DESIGN.md §3): the Missions area's routes (the admin dashboard and
// editor, the end user's missions, the editor for them, and the mission results feed).
import React from 'react';
import { defineRemoteModule } from '@accent/shared/client';
import { routes } from './routes.js';

// Its React and the store it sees, for the e2e test that the shell and this remote share one of each.
export default defineRemoteModule('missions', routes, React);
