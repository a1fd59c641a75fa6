// Every route of the Missions area in one file: the admin dashboard and editor, the end user's missions and
// their editor, the results feed. Each page runs in the suite's jotai store and is its own chunk, fetched on
// the first visit to its route.
import { type ComponentType, lazy } from 'react';
import type { RemoteRoute } from '@accent/shared';
import { MissionsArea } from './state/MissionsArea.js';

const inArea = (Page: ComponentType): ComponentType =>
  function MissionsRoute() {
    return (
      <MissionsArea>
        <Page />
      </MissionsArea>
    );
  };

const MissionsDashboardPage = inArea(lazy(() => import('./dashboard/MissionsDashboardPage.js').then((m) => ({ default: m.MissionsDashboardPage }))));
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
