// /analytics: the route table has no admin analytics path (an administrator's Analytics is a tab of Admin;
// an end user's is /end-user/analytics), yet the landing page and people type it. Send each person to the
// analytics they may see, as their role is now.
import { Navigate } from 'react-router';
import { useSession } from '@accent/shared/client';

export const ADMIN_ANALYTICS_PATH = '/admin?tab=analytics';
export const END_USER_ANALYTICS_PATH = '/end-user/analytics';

export default function AnalyticsRedirect() {
  const { user } = useSession();
  return <Navigate to={user?.role === 'admin' ? ADMIN_ANALYTICS_PATH : END_USER_ANALYTICS_PATH} replace />;
}
