// The lean signed-out pages' route table: the shell's own page components for /, /landing, /login and
// the other sign-in screens (the server's SIGNED_OUT_PAGES, server/src/static/sites.ts). Every other path is the studio: once signed in the page loads it in full
// (the shell restores the session from the refresh cookie).
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, type LoaderFunctionArgs } from 'react-router';
import { Provider } from 'jotai';
import { getStore, useSession } from '@accent/shared/client';
import { ToastHost } from '@accent/shared/ui';
import { FullPageLoading } from '../app/FullPageLoading.js';
import { DEFAULT_SIGNED_IN_PATH } from '../app/navigation.js';
// /login is where most first loads land: in the entry itself, not one more request after it
import LoginPage from '../login/LoginPage.js';

const LandingPage = lazy(() => import('../landing/LandingPage.js'));
const AcceptInvitePage = lazy(() => import('../login/AcceptInvitePage.js'));
const SignUpPage = lazy(() => import('../login/SignUpPage.js'));
const ForgotPasswordPage = lazy(() => import('../login/ForgotPasswordPage.js'));
const ResetPasswordPage = lazy(() => import('../login/ResetPasswordPage.js'));
const CodeSignInPage = lazy(() => import('../login/CodeSignInPage.js'));
const NotFoundPage = lazy(() => import('../app/NotFound.js'));

let leaving = false;

/**
 * Any other path is the studio: loaded in full, replacing this history entry. In the loader, so the
 * router keeps this page (and its URL) until the browser leaves it: nobody sees /home in the address
 * bar over a login form. Only a first load of an unknown path (not one the server sends here) shows Not Found.
 * Once only: a sign-in navigates twice (the form's success and the signed-in redirect), and a second
 * replace() would abort the load the first one started.
 */
function loadStudio({ request }: LoaderFunctionArgs) {
  if (request.url === window.location.href) return null;
  if (!leaving) {
    leaving = true;
    window.location.replace(request.url);
  }
  return new Promise<never>(() => undefined);
}

/** `/`: the landing page, or the studio for whoever has just signed in (an accepted invitation lands here). */
function Root() {
  const { status } = useSession();
  const location = useLocation();
  useEffect(() => {
    if (status === 'signed-in') window.location.replace(DEFAULT_SIGNED_IN_PATH);
  }, [status]);
  if (status === 'signed-in') return <FullPageLoading />;
  return <Navigate to={{ pathname: '/landing', search: location.search, hash: location.hash }} replace />;
}

function Layout() {
  return (
    <Suspense fallback={<FullPageLoading />}>
      <Outlet />
    </Suspense>
  );
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Root /> },
      { path: '/landing', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/invite', element: <AcceptInvitePage /> },
      { path: '/sign-up', element: <SignUpPage /> },
      { path: '/login/code', element: <CodeSignInPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '*', loader: loadStudio, element: <NotFoundPage /> },
    ],
  },
]);

export function PublicApp() {
  return (
    <Provider store={getStore()}>
      <RouterProvider router={router} />
      <ToastHost />
    </Provider>
  );
}
