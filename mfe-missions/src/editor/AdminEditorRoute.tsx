import { Navigate, useParams, useSearchParams } from 'react-router';
import { MissionsArea } from '../state/MissionsArea.js';
import { MissionEditor } from './MissionEditor.js';

export const ADMIN_BACK_LABEL = 'Back to Missions';

/** /missions/new (?agent= preselects the agent) and /missions/:id */
export function AdminEditorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const target = (params['*'] ?? '').replace(/\/+$/, '');
  const agent = search.get('agent');
  const backTo = agent ? `/missions?agent=${encodeURIComponent(agent)}` : '/missions';
  if (!target) return <Navigate to="/missions" replace />;
  if (target === 'new') return <MissionEditor key="new" backTo={backTo} backLabel={ADMIN_BACK_LABEL} initialAgent={agent} />;
  return <MissionEditor key={target} missionId={target} backTo={backTo} backLabel={ADMIN_BACK_LABEL} />;
}

export default function AdminEditorRoute() {
  return (
    <MissionsArea>
      <AdminEditorPage />
    </MissionsArea>
  );
}
