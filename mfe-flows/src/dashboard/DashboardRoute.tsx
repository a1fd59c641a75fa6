import { FlowsArea } from '../state/FlowsArea.js';
import { FlowsDashboardPage } from './FlowsDashboardPage.js';

/** /flows */
export default function DashboardRoute() {
  return (
    <FlowsArea>
      <FlowsDashboardPage />
    </FlowsArea>
  );
}
