// The shell's real entry (index.ts imports it behind an async boundary so shared singletons are
// negotiated first).
// The default export is react's module object itself, the same object every remote's `import React` gets.
import React from 'react';
import { getStore, session } from '@accent/shared/client';
import { App } from './app/App.js';
import { mountRoot } from './app/mountRoot.js';
import { registerShellSingletons } from './app/singletons.js';

registerShellSingletons(React, getStore());
void session.start();

mountRoot(<App />);
