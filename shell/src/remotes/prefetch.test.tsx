// Warming areas ahead of the click: the idle warm-up after sign-in loads the sidebar's remotes one after the
// other, tells the server nothing until an area is entered, stays quiet on failure, leaves a page's running
// version alone, and does nothing under Data Saver; an area entered after warming renders at once.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import type { RemoteModule, RemoteRegistryEntry } from '@accent/shared';
import type { RemoteLoader } from './loader.js';
import { remoteForPath, savesData, useAreaWarmer, useIdleWarmup } from './prefetch.js';
import { RemoteArea } from './RemoteArea.js';
import { RemotesProvider } from './RemotesProvider.js';

const entry = (id: 'agents' | 'flows' | 'missions'): RemoteRegistryEntry => ({ id, name: `mfe_${id}`, entry: `/mfe/${id}/mf-manifest.json`, version: '1.0.0' });
const moduleOf = (id: string): RemoteModule => ({ id: id as RemoteModule['id'], routes: [{ path: `/${id}`, Component: () => <h1>{`${id} dashboard`}</h1> }] });

/** A promise settled from the outside, to see what happens while a load is still on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Harness({ paths }: { paths: string[] }) {
  useIdleWarmup(paths);
  const warm = useAreaWarmer();
  const [entered, setEntered] = useState(false);
  return (
    <>
      <button type="button" onPointerEnter={() => void warm('/agents')} onClick={() => setEntered(true)}>
        Agents
      </button>
      {entered && <RemoteArea id="agents" pattern="/agents" />}
    </>
  );
}

function setup(load: (e: RemoteRegistryEntry) => Promise<unknown>, registry = [entry('agents'), entry('flows'), entry('missions')]) {
  const report = jest.fn<NonNullable<RemoteLoader['report']>>();
  const register = jest.fn<RemoteLoader['register']>();
  const loadFn = jest.fn(load);
  const loader: RemoteLoader = { register, load: loadFn, report };
  const ui = (
    <RemotesProvider fetchRegistry={async () => registry} loader={loader} pollMs={0}>
      <MemoryRouter initialEntries={['/agents']}>
        <Harness paths={['/home', '/agents', '/flows', '/missions']} />
      </MemoryRouter>
    </RemotesProvider>
  );
  return { ui, report, register, load: loadFn };
}

let idle: (() => void) | undefined;
const nav = navigator as Navigator & { connection?: { saveData?: boolean } };
beforeEach(() => {
  idle = undefined;
  // the browser's idle moment, under the test's control
  window.requestIdleCallback = ((callback: () => void) => {
    idle = callback;
    return 1;
  }) as typeof window.requestIdleCallback;
  window.cancelIdleCallback = () => {
    idle = undefined;
  };
});
afterEach(() => {
  delete nav.connection;
});

async function becomeIdle() {
  await waitFor(() => expect(idle).toBeDefined());
  await act(async () => idle?.());
}

describe('idle warm-up', () => {
  it('loads the areas one after the other, reports nothing until an area is entered, and the entry renders at once', async () => {
    const pending = new Map<string, ReturnType<typeof deferred<unknown>>>();
    const { ui, load, report } = setup((e) => {
      const d = deferred<unknown>();
      pending.set(e.id, d);
      return d.promise;
    });
    render(ui);
    await becomeIdle();
    // the shell's own page (/home) is skipped; flows waits for agents
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(load.mock.calls[0][0].id).toBe('agents');
    await act(async () => pending.get('agents')?.resolve({ default: moduleOf('agents') }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(load.mock.calls[1][0].id).toBe('flows');
    await act(async () => pending.get('flows')?.resolve({ default: moduleOf('flows') }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(3));
    await act(async () => pending.get('missions')?.resolve({ default: moduleOf('missions') }));
    expect(report).not.toHaveBeenCalled();

    // entering: the dashboard is there in the same render as the click, no "Loading Agents..." first
    await userEvent.click(screen.getByRole('button', { name: 'Agents' }));
    expect(screen.getByRole('heading', { name: 'agents dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Loading Agents...')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
    await waitFor(() => expect(report).toHaveBeenCalledWith(entry('agents'), 'loaded'));
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('does nothing under Data Saver; pointing at the item still warms its area', async () => {
    nav.connection = { saveData: true };
    expect(savesData()).toBe(true);
    const { ui, load } = setup(async (e) => ({ default: moduleOf(e.id) }));
    render(ui);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(idle).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    await userEvent.hover(screen.getByRole('button', { name: 'Agents' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('a failed warm-up is quiet: the area loads again when entered (re-registered) and reports its failure', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      let attempts = 0;
      const { ui, load, report, register } = setup(
        async (e) => {
          attempts++;
          throw new Error(`Failed to fetch remoteEntry for ${e.name} (${attempts})`);
        },
        [entry('agents')],
      );
      render(ui);
      await becomeIdle();
      await waitFor(() => expect(register).toHaveBeenCalledWith([entry('agents')], { force: true }));
      expect(report).not.toHaveBeenCalled();

      fireEvent.click(screen.getByRole('button', { name: 'Agents' }));
      expect(await screen.findByText(/Agents could not be loaded: its files did not arrive/)).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(2);
      expect(report).toHaveBeenCalledWith(entry('agents'), 'load-failed', expect.objectContaining({ message: 'Error: Failed to fetch remoteEntry for mfe_agents (2)' }));
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('remoteForPath', () => {
  it('finds the remote behind a sidebar item, and none for the shell’s own pages', () => {
    expect(remoteForPath('/agents')).toBe('agents');
    expect(remoteForPath('/pages2')).toBe('pages');
    expect(remoteForPath('/end-user/mission-results')).toBe('missions');
    expect(remoteForPath('/home')).toBeUndefined();
    expect(remoteForPath('/p/some-page')).toBeUndefined();
  });
});
