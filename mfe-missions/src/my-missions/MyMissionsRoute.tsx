import { MissionsArea } from '../state/MissionsArea.js';
import { MyMissionsPage } from './MyMissionsPage.js';

/** /end-user/my-missions */
export default function MyMissionsRoute() {
  return (
    <MissionsArea>
      <MyMissionsPage />
    </MissionsArea>
  );
}
