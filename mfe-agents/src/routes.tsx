// Every route of the Agents area in one file: the dashboard, the editor, the agent test page and the
// chatbots. Each page runs in the suite's jotai store. The dashboard, the page the sidebar opens, comes with
// the module (a warmed area then renders at once, with no chunk to wait for); the others are each their own
// chunk, fetched on the first visit to their route.
import { lazy, useState } from 'react';
import { AgentsDashboardPage as DashboardPage } from './dashboard/AgentsDashboardPage.js';
import type { RemoteRoute } from '@accent/shared';
import { inAreaStore as inArea } from '@accent/shared/ui';
import { useAgentsEnv } from './state/AgentsDataContext.js';
import { startAgentListEarly } from './state/earlyList.js';

/** The dashboard, with its agent list requested as the route renders rather than after its first commit. */
function DashboardWithEarlyList() {
  const { api } = useAgentsEnv();
  useState(() => startAgentListEarly(() => api.list()));
  return <DashboardPage />;
}
const AgentsDashboardPage = inArea(DashboardWithEarlyList);
const AgentsEditorPage = inArea(lazy(() => import('./editor/AgentsEditorPage.js').then((m) => ({ default: m.AgentsEditorPage }))));
const AgentTestPage = inArea(lazy(() => import('./agent-test/AgentTestPage.js').then((m) => ({ default: m.AgentTestPage }))));
const ChatbotsPage = inArea(lazy(() => import('./chatbots/ChatbotsPage.js').then((m) => ({ default: m.ChatbotsPage }))));

export const routes: RemoteRoute[] = [
  { path: '/agents', Component: AgentsDashboardPage },
  { path: '/agents/*', Component: AgentsEditorPage }, // /agents/new[?template=<id>] and /agents/edit/<name>
  { path: '/agent-test', Component: AgentTestPage },
  { path: '/chatbots', Component: ChatbotsPage },
];
