import { AgentsArea } from '../state/AgentsArea.js';
import { AgentTestPage } from './AgentTestPage.js';

/** /agent-test */
export default function AgentTestRoute() {
  return (
    <AgentsArea>
      <AgentTestPage />
    </AgentsArea>
  );
}
