// Every route of the Flows area in one file: the dashboard, the editor (builder) and the older browser-local
// dashboard. Each page runs in the suite's jotai store and is its own chunk, fetched on the first visit to
// its route.
import { type ComponentType, lazy } from 'react';
import type { RemoteRoute } from '@accent/shared';
import { FlowsArea } from './state/FlowsArea.js';

const inArea = (Page: ComponentType): ComponentType =>
  function FlowsRoute() {
    return (
      <FlowsArea>
        <Page />
      </FlowsArea>
    );
  };

const FlowsDashboardPage = inArea(lazy(() => import('./dashboard/FlowsDashboardPage.js').then((m) => ({ default: m.FlowsDashboardPage }))));
const FlowsEditorPage = inArea(lazy(() => import('./builder/FlowsEditorPage.js').then((m) => ({ default: m.FlowsEditorPage }))));
const LegacyDashboardPage = inArea(lazy(() => import('./legacy/LegacyDashboardPage.js').then((m) => ({ default: m.LegacyDashboardPage }))));

export const routes: RemoteRoute[] = [
  { path: '/flows', Component: FlowsDashboardPage },
  { path: '/flows/:id', Component: FlowsEditorPage }, // /flows/<id> and /flows/new
  { path: '/flows-old', Component: LegacyDashboardPage },
];
