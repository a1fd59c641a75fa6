// The lean signed-out pages' entry (webpack.public.mjs). No session restore to wait for: the server sent
// this page because the browser holds no sign-in, so the pages start signed out at once (a second
// manager on the same store settles it; the shared one signs the user in).
import '@accent/shared/tokens.css';
import { createSessionManager } from '@accent/shared/client';
import { mountRoot } from '../app/mountRoot.js';
import { PublicApp } from './PublicApp.js';
import { preloadWhenIdle } from './preload.js';

const settle = createSessionManager({ openChannel: () => null, mayHaveRefreshCookie: () => false });
void settle.start().then(() => settle.stop());

if (window.location.pathname.startsWith('/login')) preloadWhenIdle();

mountRoot(<PublicApp />);
