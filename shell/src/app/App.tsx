// The shell's root: providers, the browser router and the route table, with the Module Federation
// runtime as the remote loader.
import { BrowserRouter } from 'react-router';
import { federationLoader } from '../remotes/federation.js';
import { AppProviders } from './AppProviders.js';
import { AppRoutes } from './AppRoutes.js';

export function App() {
  return (
    <AppProviders loader={federationLoader}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
