import { FlowsArea } from '../state/FlowsArea.js';
import { LegacyDashboardPage } from './LegacyDashboardPage.js';

/** /flows-old */
export default function LegacyRoute() {
  return (
    <FlowsArea>
      <LegacyDashboardPage />
    </FlowsArea>
  );
}
