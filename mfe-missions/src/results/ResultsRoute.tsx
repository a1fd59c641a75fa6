import { MissionsArea } from '../state/MissionsArea.js';
import { ResultsPage } from './ResultsPage.js';

/** /end-user/mission-results */
export default function ResultsRoute() {
  return (
    <MissionsArea>
      <ResultsPage />
    </MissionsArea>
  );
}
