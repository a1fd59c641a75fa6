// Every route page of the shell, loaded lazily (spec 01 §2: "All route pages load lazily").
import { lazy } from 'react';

export const LandingPage = lazy(() => import('../landing/LandingPage.js'));
export const LoginPage = lazy(() => import('../login/LoginPage.js'));
export const AcceptInvitePage = lazy(() => import('../login/AcceptInvitePage.js'));
export const SignUpPage = lazy(() => import('../login/SignUpPage.js'));
export const ForgotPasswordPage = lazy(() => import('../login/ForgotPasswordPage.js'));
export const ResetPasswordPage = lazy(() => import('../login/ResetPasswordPage.js'));
export const CodeSignInPage = lazy(() => import('../login/CodeSignInPage.js'));
export const HomePage = lazy(() => import('../home/HomePage.js'));
export const AdminPage = lazy(() => import('../admin/AdminPage.js'));
export const AiUniversityPage = lazy(() => import('../ai-university/AiUniversityPage.js'));
export const DeployPage = lazy(() => import('../deploy/DeployPage.js'));
export const AccentAssistPage = lazy(() => import('../accent-assist/AccentAssistPage.js'));
export const EndUserDashboard = lazy(() => import('../end-user/EndUserDashboard.js'));
export const MyToolsPage = lazy(() => import('../end-user/MyToolsPage.js'));
export const AnalyticsPage = lazy(() => import('../end-user/AnalyticsPage.js'));
export const MyTeamPage = lazy(() => import('../end-user/MyTeamPage.js'));
export const ProfilePage = lazy(() => import('../profile/ProfilePage.js'));
export const FilesPage = lazy(() => import('../files/FilesPage.js'));
export const KnowledgePage = lazy(() => import('../knowledge/KnowledgePage.js'));
export const NotFoundPage = lazy(() => import('./NotFound.js'));

// The sidebar layout comes after sign-in, not with the login page. (RemoteArea stays in the first load:
// ~2 KiB, and a lazy one would suspend once more on the first entry into an area.)
export const AppLayout = lazy(() => import('../layout/AppLayout.js').then((m) => ({ default: m.AppLayout })));

/** Starts fetching what the first screen after sign-in needs (called while the user fills the login form). */
export function preloadSignedInScreens(): void {
  void import('../layout/AppLayout.js');
  void import('../home/HomePage.js');
}
