// Every route of the Background area in one file: the dashboard and the editor for a new or an existing
// agent. Each page runs in the suite's jotai store and is its own chunk, fetched on the first visit to its
// route.
import { type ComponentType, lazy } from 'react';
import type { RemoteRoute } from '@accent/shared';
import { BackgroundArea } from './state/BackgroundArea.js';

const inArea = (Page: ComponentType): ComponentType =>
  function BackgroundRoute() {
    return (
      <BackgroundArea>
        <Page />
      </BackgroundArea>
    );
  };

const BackgroundDashboardPage = inArea(lazy(() => import('./dashboard/BackgroundDashboardPage.js').then((m) => ({ default: m.BackgroundDashboardPage }))));
const BackgroundEditorPage = inArea(lazy(() => import('./editor/BackgroundEditorPage.js').then((m) => ({ default: m.BackgroundEditorPage }))));

export const routes: RemoteRoute[] = [
  { path: '/background', Component: BackgroundDashboardPage },
  { path: '/background/new', Component: BackgroundEditorPage },
  { path: '/background/:id', Component: BackgroundEditorPage },
];
