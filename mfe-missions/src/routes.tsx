// Every route of the Missions area in one file: the admin dashboard and editor, the end user's missions and
// their editor, the results feed. Each page runs in the suite's jotai store. The dashboard, where the sidebar
// or the Deploy page leads, comes with the module (a warmed area then renders at once, with no chunk to wait
// for); the others are each their own chunk, fetched on the first visit to their route.
import { lazy } from 'react';
import type { RemoteRoute } from '@accent/shared';
import { MissionsDashboardPage as Dashboard } from './dashboard/MissionsDashboardPage.js';
import { inAreaStore as inArea } from '@accent/shared/ui';

const MissionsDashboardPage = inArea(Dashboard);
const MissionsEditorPage = inArea(lazy(() => import('./editor/MissionsEditorPage.js').then((m) => ({ default: m.MissionsEditorPage }))));
const MyMissionsPage = inArea(lazy(() => import('./my-missions/MyMissionsPage.js').then((m) => ({ default: m.MyMissionsPage }))));
const MyMissionsEditorPage = inArea(lazy(() => import('./editor/MissionsEditorPage.js').then((m) => ({ default: m.MyMissionsEditorPage }))));
const ResultsPage = inArea(lazy(() => import('./results/ResultsPage.js').then((m) => ({ default: m.ResultsPage }))));

export const routes: RemoteRoute[] = [
  { path: '/missions', Component: MissionsDashboardPage },
  { path: '/missions/*', Component: MissionsEditorPage }, // /missions/new and /missions/<id>
  { path: '/end-user/my-missions', Component: MyMissionsPage },
  { path: '/end-user/missions/create', Component: MyMissionsEditorPage },
  { path: '/end-user/missions/edit/:id', Component: MyMissionsEditorPage },
  { path: '/end-user/mission-results', Component: ResultsPage },
];
