import { createRoot } from 'react-dom/client';
import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { Suspense, lazy } from 'react';
import * as React from 'react';
import type { RemoteModule } from '@accent/shared';

const Agents = lazy(async () => {
  registerRemotes([{ name: 'mfe_agents', entry: '/mfe/agents/mf-manifest.json' }]);
  const mod = await loadRemote<{ default: RemoteModule }>('mfe_agents/module');
  const C = mod!.default.routes[0].Component;
  (window as any).shellReact = React;
  return { default: () => <Suspense fallback="inner"><C /></Suspense> };
});
createRoot(document.getElementById('root')!).render(<Suspense fallback="loading"><Agents /></Suspense>);
