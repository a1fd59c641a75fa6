import { lazy } from 'react';
import type { RemoteModule } from '@accent/shared';

const remote: RemoteModule = {
  id: 'agents',
  routes: [
    { path: '/agents', Component: lazy(() => import('./dashboard/AgentsPage.js')) },
    { path: '/agents/*', Component: lazy(() => import('./dashboard/AgentsPage.js')) },
    { path: '/agent-test', Component: lazy(() => import('./agent-test/AgentTestPage.js')) },
    { path: '/chatbots', Component: lazy(() => import('./chatbots/ChatbotsPage.js')) },
  ],
};
export default remote;
