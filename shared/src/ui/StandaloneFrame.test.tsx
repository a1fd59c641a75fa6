import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, type ComponentType } from 'react';
import { TextDecoder, TextEncoder } from 'node:util';
import type { AuthApi } from '@accent/shared/client';
import { createSessionManager, type SessionManager } from '@accent/shared/client';
import { getStore } from '@accent/shared/client';
import type { LoginResponse } from '@accent/shared';
import type { RemoteModule } from '@accent/shared';
import { loginAnswerFor } from '../client/testing/users.js';
import type { StandaloneFrameProps } from './StandaloneFrame.js';

const loginAnswer: LoginResponse = loginAnswerFor('jwt');

function fakeSession(refresh: LoginResponse | null): SessionManager {
  const authApi: AuthApi = { login: async () => loginAnswer, refresh: async () => refresh, logout: async () => {} };
  // The real manager on the shared store, with a fake transport and no tab sync.
  // (the fake transport stands for the refresh cookie, so a refresh is always tried)
  return createSessionManager({ store: getStore(), authApi, openChannel: () => null, lock: (run) => run(), mayHaveRefreshCookie: () => true });
}

function Broken(): never {
  throw new Error('Agent test page failed');
}

const remote: RemoteModule = {
  id: 'agents',
  routes: [
    { path: '/agents', Component: lazy(async () => ({ default: () => <h1>Agents dashboard</h1> })) },
    { path: '/agents/*', Component: lazy(async () => ({ default: () => <h1>Agents dashboard</h1> })) },
    { path: '/agent-test', Component: Broken },
  ],
};

// jsdom lacks TextEncoder, which react-router needs at import: polyfill, then import the frame.
let StandaloneFrame: ComponentType<StandaloneFrameProps>;
beforeAll(async () => {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
  ({ StandaloneFrame } = await import('./StandaloneFrame.js'));
});

describe('StandaloneFrame', () => {
  let manager: SessionManager | undefined;
  afterEach(async () => {
    await act(async () => manager?.logout());
    manager?.stop();
    window.history.replaceState(null, '', '/');
  });

  it('shows the login form while signed out, then the area with a top bar; Logout returns to the form', async () => {
    manager = fakeSession(null);
    const ui = userEvent.setup();
    render(<StandaloneFrame remote={remote} sessionManager={manager} />);
    await ui.type(await screen.findByLabelText(/Email/), 'ada@example.com');
    await ui.type(screen.getByLabelText(/Password/), 'pw');
    await ui.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Agents dashboard' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/agents'); // `/` leads to the first route
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Agents');

    await ui.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('restores the session from the cookie and isolates a failing route', async () => {
    manager = fakeSession(loginAnswer);
    window.history.replaceState(null, '', '/agent-test');
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<StandaloneFrame remote={remote} sessionManager={manager} />);
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
