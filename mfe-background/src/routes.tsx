// Every route of the Background area in one file: the dashboard and the editor for a new or an existing
// agent. Each page runs in the suite's jotai store. The dashboard, where the sidebar or the Deploy page
// leads, comes with the module (a warmed area then renders at once, with no chunk to wait for); the others
// are each their own chunk, fetched on the first visit to their route.
import { lazy } from 'react';
import type { RemoteRoute } from '@accent/shared';
import { BackgroundDashboardPage as Dashboard } from './dashboard/BackgroundDashboardPage.js';
import { inAreaStore as inArea } from '@accent/shared/ui';

const BackgroundDashboardPage = inArea(Dashboard);
const BackgroundEditorPage = inArea(lazy(() => import('./editor/BackgroundEditorPage.js').then((m) => ({ default: m.BackgroundEditorPage }))));

export const routes: RemoteRoute[] = [
  { path: '/background', Component: BackgroundDashboardPage },
  { path: '/background/new', Component: BackgroundEditorPage },
  { path: '/background/:id', Component: BackgroundEditorPage },
];
