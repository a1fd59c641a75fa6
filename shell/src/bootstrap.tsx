// The shell's real entry (index.ts imports it behind an async boundary so shared singletons are
// negotiated first).
// The default export is react's module object itself, the same object every remote's `import React` gets.
import React, { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getStore, session } from '@accent/shared/client';
import { App } from './app/App.js';
import { registerShellSingletons } from './app/singletons.js';

registerShellSingletons(React, getStore());
void session.start();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
