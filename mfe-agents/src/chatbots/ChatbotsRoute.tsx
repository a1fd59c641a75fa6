import { AgentsArea } from '../state/AgentsArea.js';
import { ChatbotsPage } from './ChatbotsPage.js';

/** /chatbots */
export default function ChatbotsRoute() {
  return (
    <AgentsArea>
      <ChatbotsPage />
    </AgentsArea>
  );
}
