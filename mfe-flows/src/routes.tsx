// Every route of the Flows area in one file: the dashboard, the editor (builder) and the older browser-local
// dashboard. Each page runs in the suite's jotai store. The dashboard, where the sidebar or the Deploy page
// leads, comes with the module (a warmed area then renders at once, with no chunk to wait for); the others
// are each their own chunk, fetched on the first visit to their route.
import { lazy } from 'react';
import type { RemoteRoute } from '@accent/shared';
import { FlowsDashboardPage as Dashboard } from './dashboard/FlowsDashboardPage.js';
import { inAreaStore as inArea } from '@accent/shared/ui';

const FlowsDashboardPage = inArea(Dashboard);
const FlowsEditorPage = inArea(lazy(() => import('./builder/FlowsEditorPage.js').then((m) => ({ default: m.FlowsEditorPage }))));
const LegacyDashboardPage = inArea(lazy(() => import('./legacy/LegacyDashboardPage.js').then((m) => ({ default: m.LegacyDashboardPage }))));

export const routes: RemoteRoute[] = [
  { path: '/flows', Component: FlowsDashboardPage },
  { path: '/flows/:id', Component: FlowsEditorPage }, // /flows/<id> and /flows/new
  { path: '/flows-old', Component: LegacyDashboardPage },
];
