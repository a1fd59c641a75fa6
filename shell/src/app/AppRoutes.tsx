// The route table (spec 01 §2, DESIGN.md §3): standalone /landing and /login, the sidebar shell for
// everything signed in (admin paths and /end-user/*), and one route per remote-owned path.
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import AnalyticsRedirect from '../analytics/AnalyticsRedirect.js';
import { RemoteArea } from '../remotes/RemoteArea.js';
import { REMOTE_ROUTE_SPECS } from '../remotes/routes.js';
import { FullPageLoading } from './FullPageLoading.js';
import { RequireAuth, RootRedirect } from './guards.js';
import {
  AcceptInvitePage,
  AccentAssistPage,
  AdminPage,
  AiUniversityPage,
  AnalyticsPage,
  AppLayout,
  DeployPage,
  EndUserDashboard,
  FilesPage,
  HomePage,
  KnowledgePage,
  LandingPage,
  LoginPage,
  CodeSignInPage,
  ForgotPasswordPage,
  ResetPasswordPage,
  MyTeamPage,
  MyToolsPage,
  NotFoundPage,
  ProfilePage,
  SignUpPage,
} from './pages.js';

/** The shell's own pages inside the sidebar layout (SHELL_ROUTES minus /, /landing, /login). */
export const SHELL_LAYOUT_ROUTES = [
  { path: '/home', Page: HomePage },
  { path: '/admin', Page: AdminPage },
  { path: '/ai-university', Page: AiUniversityPage },
  { path: '/deploy', Page: DeployPage },
  { path: '/accent-assist', Page: AccentAssistPage },
  { path: '/end-user/dashboard', Page: EndUserDashboard },
  { path: '/end-user/my-tools', Page: MyToolsPage },
  { path: '/end-user/analytics', Page: AnalyticsPage },
  { path: '/end-user/my-team', Page: MyTeamPage },
  { path: '/files', Page: FilesPage },
  { path: '/end-user/files', Page: FilesPage },
  { path: '/profile', Page: ProfilePage },
  { path: '/knowledge', Page: KnowledgePage },
] as const;

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoading />}>
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        <Route path="/landing" element={<LandingPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/invite" element={<AcceptInvitePage />} />
        <Route path="/sign-up" element={<SignUpPage />} />
        <Route path="/login/code" element={<CodeSignInPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        {REMOTE_ROUTE_SPECS.filter((r) => r.public).map(({ id, pattern }) => (
          <Route key={pattern} path={pattern} element={<RemoteArea id={id} pattern={pattern} />} />
        ))}

        <Route
          element={
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          }
        >
          {SHELL_LAYOUT_ROUTES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="/end-user" element={<Navigate to="/end-user/dashboard" replace />} />
          <Route path="/analytics" element={<AnalyticsRedirect />} />
          {REMOTE_ROUTE_SPECS.filter((r) => !r.public).map(({ id, pattern }) => (
            <Route key={pattern} path={pattern} element={<RemoteArea id={id} pattern={pattern} />} />
          ))}
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
