import { MissionsArea } from '../state/MissionsArea.js';
import { DashboardPage } from './DashboardPage.js';

/** /missions */
export default function DashboardRoute() {
  return (
    <MissionsArea>
      <DashboardPage />
    </MissionsArea>
  );
}
