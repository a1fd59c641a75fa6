import { AgentsArea } from '../state/AgentsArea.js';
import { DashboardPage } from './DashboardPage.js';

/** /agents */
export default function DashboardRoute() {
  return (
    <AgentsArea>
      <DashboardPage />
    </AgentsArea>
  );
}
