import { Navigate, useParams, useSearchParams } from 'react-router';
import { MissionEditor } from './MissionEditor.js';

export const ADMIN_BACK_LABEL = 'Back to Missions';
export const MY_MISSIONS_PATH = '/end-user/my-missions';
export const END_USER_BACK_LABEL = 'Back to My Missions';

/** /missions/new (?agent= preselects the agent) and /missions/:id */
export function MissionsEditorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const target = (params['*'] ?? '').replace(/\/+$/, '');
  const agent = search.get('agent');
  const backTo = agent ? `/missions?agent=${encodeURIComponent(agent)}` : '/missions';
  if (!target) return <Navigate to="/missions" replace />;
  if (target === 'new') return <MissionEditor key="new" backTo={backTo} backLabel={ADMIN_BACK_LABEL} initialAgent={agent} />;
  return <MissionEditor key={target} missionId={target} backTo={backTo} backLabel={ADMIN_BACK_LABEL} />;
}

/** /end-user/missions/create and /end-user/missions/edit/:id: the same editor, back to the end user's list */
export function MyMissionsEditorPage() {
  const { id } = useParams();
  return <MissionEditor key={id ?? 'new'} missionId={id} backTo={MY_MISSIONS_PATH} backLabel={END_USER_BACK_LABEL} />;
}
