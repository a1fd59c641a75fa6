// /end-user/my-tools: the agents of the library this user can work with.
import { Page } from '../app/Page.js';
import { useAgentList } from '../app/useAgentList.js';
import { AgentList } from './AgentList.js';

export default function MyToolsPage() {
  const agents = useAgentList();
  return (
    <Page title="My Tools" description="The agents available to you in your library. Use them in your missions.">
      <AgentList state={agents} onRetry={agents.reload} />
    </Page>
  );
}
