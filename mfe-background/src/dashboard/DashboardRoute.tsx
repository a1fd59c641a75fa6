import { BackgroundArea } from '../state/BackgroundArea.js';
import { BackgroundDashboardPage } from './BackgroundDashboardPage.js';

/** /background */
export default function DashboardRoute() {
  return (
    <BackgroundArea>
      <BackgroundDashboardPage />
    </BackgroundArea>
  );
}
