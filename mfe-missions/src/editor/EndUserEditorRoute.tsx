import { useParams } from 'react-router';
import { MissionsArea } from '../state/MissionsArea.js';
import { MissionEditor } from './MissionEditor.js';

export const MY_MISSIONS_PATH = '/end-user/my-missions';
export const END_USER_BACK_LABEL = 'Back to My Missions';

/** /end-user/missions/create and /end-user/missions/edit/:id */
export function EndUserEditorPage() {
  const { id } = useParams();
  return <MissionEditor key={id ?? 'new'} missionId={id} backTo={MY_MISSIONS_PATH} backLabel={END_USER_BACK_LABEL} />;
}

export default function EndUserEditorRoute() {
  return (
    <MissionsArea>
      <EndUserEditorPage />
    </MissionsArea>
  );
}
