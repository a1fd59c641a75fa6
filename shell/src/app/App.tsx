// The shell's root: providers, the browser router and the route table, with the Module Federation
// runtime as the remote loader. A data router (one catch-all route around the existing route table) so
// editors can block navigation away from unsaved changes (useBlocker).
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { federationLoader } from '../remotes/federation.js';
import { AppProviders } from './AppProviders.js';
import { AppRoutes } from './AppRoutes.js';

export function App() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <AppRoutes /> }]));
  return (
    <AppProviders loader={federationLoader}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
