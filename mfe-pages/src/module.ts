// The one module this remote exposes (DESIGN.md §3): the Pages area's routes (the pages dashboards, the
// builder, content personalisation and the end-user magic pages). The published page /p/:slug is not
// among them: the server serves it standalone (src/published, a separate small bundle).
import React, { lazy } from 'react';
import { defineRemoteModule } from '@accent/shared/client';
import { MagicPagesListRoute, MagicPagesRoute } from './sidebarRoutes.js';

// One chunk for the area's other routes, picked by name.
const route = (name: keyof typeof import('./routes.js')) => lazy(() => import('./routes.js').then((m) => ({ default: m[name] })));

// Its React and the store it sees, for the e2e test that the shell and this remote share one of each.
export default defineRemoteModule(
  'pages',
  [
    { path: '/pages', Component: route('PagesDashboardRoute') },
    { path: '/pages2', Component: MagicPagesRoute },
    { path: '/pages/builder', Component: route('EditorRoute') },
    { path: '/pages/builder/:id', Component: route('EditorRoute') },
    { path: '/content', Component: route('ContentRoute') },
    { path: '/content/personalize/:id', Component: route('PersonalizeRoute') },
    { path: '/end-user/magic-pages', Component: MagicPagesListRoute },
    { path: '/end-user/magic-pages/:id', Component: route('MagicPageRendererRoute') },
  ],
  React,
);
