// Standalone entry (`pnpm --filter mfe-pages dev`): the Pages area with sign-in, toasts
// and a router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneFrame } from '@accent/shared/ui';
import remote from './module.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneFrame remote={remote} />
  </StrictMode>,
);
