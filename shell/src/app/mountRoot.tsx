// Both entries (the shell and the lean signed-out pages) render into the page's #root the same way.
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

export function mountRoot(app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(<StrictMode>{app}</StrictMode>);
}
