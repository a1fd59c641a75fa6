// Open tabs and remote versions: the contract check before loading, what a failing area says and reports,
// a new current version taken at the next entry into the area (never mid-use, never two in one page).
import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import type { RemoteModule, RemoteRegistryEntry } from '@accent/shared';
import type { FederationManifestFacts } from '@accent/shared/remotes';
import type { RemoteLoader } from './loader.js';
import { RemoteArea } from './RemoteArea.js';
import { RemotesProvider } from './RemotesProvider.js';
import { silenceInEachTest } from '../app/testing.js';

const entry = (id: 'agents' | 'flows', version: string): RemoteRegistryEntry => ({
  id,
  name: `mfe_${id}`,
  entry: `/mfe/${id}/${version}/mf-manifest.json`,
  version,
});

const moduleOf = (id: 'agents' | 'flows', version: string, crashOn?: string): RemoteModule => ({
  id,
  routes: [
    { path: `/${id}`, Component: () => <h1>{`${id} ${version}`}</h1> },
    {
      path: `/${id}/*`,
      Component: () => {
        if (crashOn) throw new TypeError('(0 , A.sharedV2Label) is not a function');
        return <h1>{`${id} ${version} detail`}</h1>;
      },
    },
  ],
});

function setup(options: {
  registry: RemoteRegistryEntry[];
  facts?: (e: RemoteRegistryEntry) => FederationManifestFacts | Error;
  modules?: (e: RemoteRegistryEntry) => RemoteModule;
  pollMs?: number;
}) {
  let registry = options.registry;
  const fetchRegistry = jest.fn(async () => registry);
  const report = jest.fn<NonNullable<RemoteLoader['report']>>();
  const load = jest.fn(async (e: RemoteRegistryEntry) => ({ default: (options.modules ?? ((x) => moduleOf(x.id as 'agents', x.version)))(e) }));
  const register = jest.fn<RemoteLoader['register']>();
  const loader: RemoteLoader = {
    register,
    load,
    async inspect(e) {
      const facts = options.facts?.(e) ?? { name: e.name, buildVersion: e.version, requires: '^2.3' };
      if (facts instanceof Error) throw facts;
      return facts;
    },
    providedContract: () => '2.4.1',
    report,
  };
  const reloadPage = jest.fn();
  const uiFor = (sessionKey: string) => (
    <RemotesProvider fetchRegistry={fetchRegistry} loader={loader} pollMs={options.pollMs ?? 0} reloadPage={reloadPage} sessionKey={sessionKey}>
      <MemoryRouter initialEntries={['/home']}>
        <nav>
          <Link to="/home">Home</Link>
          <Link to="/agents">Agents</Link>
          <Link to="/agents/a-1">Agent a-1</Link>
          <Link to="/flows">Flows</Link>
          <Link to="/flows/f-1">Flow f-1</Link>
        </nav>
        <Routes>
          <Route path="/home" element={<h1>Home page</h1>} />
          <Route path="/agents" element={<RemoteArea id="agents" pattern="/agents" />} />
          <Route path="/agents/*" element={<RemoteArea id="agents" pattern="/agents/*" />} />
          <Route path="/flows" element={<RemoteArea id="flows" pattern="/flows" />} />
          <Route path="/flows/*" element={<RemoteArea id="flows" pattern="/flows/*" />} />
        </Routes>
      </MemoryRouter>
    </RemotesProvider>
  );
  return {
    ui: uiFor('signed-out'),
    uiFor,
    fetchRegistry,
    report,
    load,
    register,
    reloadPage,
    setRegistry: (next: RemoteRegistryEntry[]) => (registry = next),
  };
}

const go = (name: string) => userEvent.click(screen.getByRole('link', { name }));

silenceInEachTest(console, 'error'); // the failures provoked on purpose

describe('remote versions in an open tab', () => {
  it('refuses a remote built for a newer contract before loading it, in its area only, and reports it', async () => {
    const t = setup({
      registry: [entry('agents', '1.4.0'), entry('flows', '1.0.0')],
      facts: (e) => ({ name: e.name, buildVersion: e.version, requires: e.id === 'agents' ? '^3.0' : '^2.3' }),
    });
    render(t.ui);
    await go('Agents');
    const area = await screen.findByRole('alert', { name: /Agents/ });
    const reason = within(area).getByText(
      /^Agents 1\.4\.0 needs the studio contract \^3\.0; this studio provides 2\.4\.1\. An administrator needs to install a version of it made for this studio\. Reference: R-[A-Z2-9]{8}\.$/,
    );
    expect(t.load).not.toHaveBeenCalledWith(entry('agents', '1.4.0'));
    await waitFor(() =>
      expect(t.report).toHaveBeenCalledWith(
        entry('agents', '1.4.0'),
        'load-failed',
        expect.objectContaining({ message: expect.stringContaining('needs the studio contract') }),
      ),
    );
    expect(reason.textContent).toContain(t.report.mock.calls[0][2]!.reference);

    await go('Flows');
    expect(await screen.findByRole('heading', { name: 'flows 1.0.0' })).toBeInTheDocument();
    expect(t.report).toHaveBeenCalledWith(entry('flows', '1.0.0'), 'loaded');
  });

  it('says the area could not be loaded when its manifest does not answer', async () => {
    const t = setup({ registry: [entry('agents', '1.4.0')], facts: () => new Error('HTTP 404') });
    render(t.ui);
    await go('Agents');
    expect(
      await screen.findByText(/^Agents could not be loaded: its files did not arrive\. Check your connection and try again\. Reference: R-/),
    ).toBeInTheDocument();
  });

  it('keeps the running version while the user is in the area and switches at the next entry, reloading the page once', async () => {
    const t = setup({ registry: [entry('agents', '1.0.0')], pollMs: 20 });
    render(t.ui);
    await go('Agents');
    expect(await screen.findByRole('heading', { name: 'agents 1.0.0' })).toBeInTheDocument();

    // a new current version: the poll learns of it; the open area does not change under the user
    t.setRegistry([entry('agents', '1.1.0')]);
    const polls = t.fetchRegistry.mock.calls.length;
    await waitFor(() => expect(t.fetchRegistry.mock.calls.length).toBeGreaterThan(polls + 1));
    await go('Agent a-1');
    expect(await screen.findByRole('heading', { name: 'agents 1.0.0 detail' })).toBeInTheDocument();
    expect(t.reloadPage).not.toHaveBeenCalled();
    // the loaded remote is not re-registered under the new entry while this page runs the old one
    expect(t.register).not.toHaveBeenCalledWith([entry('agents', '1.1.0')], { force: true });

    // leaving and coming back: this page ran 1.0.0, so it reloads to take 1.1.0
    await go('Home');
    await go('Agents');
    await waitFor(() => expect(t.reloadPage).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: /agents 1\.1\.0/ })).toBeNull();
  });

  it('takes a new version without a reload when this page never ran the remote', async () => {
    const t = setup({ registry: [entry('agents', '1.0.0')] });
    render(t.ui);
    await act(async () => {});
    t.setRegistry([entry('agents', '1.1.0')]);
    await go('Flows'); // not installed: Retry reads the registry again
    t.setRegistry([entry('agents', '1.1.0'), entry('flows', '1.0.0')]);
    await userEvent.click(within(await screen.findByRole('alert', { name: /AI Flows/ })).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'flows 1.0.0' })).toBeInTheDocument();
    await go('Agents');
    expect(await screen.findByRole('heading', { name: 'agents 1.1.0' })).toBeInTheDocument();
    expect(t.register).toHaveBeenCalledWith([entry('agents', '1.1.0')], { force: true });
    expect(t.reloadPage).not.toHaveBeenCalled();
  });

  it('waits for the registry read for the signed-in user (who may be in a canary) before entering an area', async () => {
    const t = setup({ registry: [entry('agents', '1.0.0')] });
    let release!: () => void;
    const { rerender } = render(t.uiFor('unknown'));
    await act(async () => {});
    // signed in: the registry is read again for this user, who gets the canary; the area waits for it
    t.setRegistry([entry('agents', '1.1.0-canary')]);
    t.fetchRegistry.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve([entry('agents', '1.1.0-canary')]))));
    rerender(t.uiFor('user:u-1'));
    await go('Agents');
    expect(screen.getByRole('status')).toHaveTextContent('Loading Agents...');
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'agents 1.1.0-canary' })).toBeInTheDocument();
    expect(t.load).toHaveBeenCalledTimes(1);
  });

  it('shows a crash with a reference instead of its developer text, reports it, and lets the next route work', async () => {
    const t = setup({ registry: [entry('flows', '1.0.0')], modules: (e) => moduleOf('flows', e.version, 'detail') });
    render(t.ui);
    await go('Flow f-1');
    const area = await screen.findByRole('alert', { name: /AI Flows/ });
    expect(
      within(area).getByText(
        /^AI Flows stopped working because of an error in its code\. Try again; if it keeps happening, tell your administrator\. Reference: R-[A-Z2-9]{8}\.$/,
      ),
    ).toBeInTheDocument();
    expect(area).not.toHaveTextContent('sharedV2Label');
    await waitFor(() =>
      expect(t.report).toHaveBeenCalledWith(
        entry('flows', '1.0.0'),
        'render-failed',
        expect.objectContaining({ message: 'TypeError: (0 , A.sharedV2Label) is not a function' }),
      ),
    );
    // the failure does not follow the user to the area's other pages
    await go('Flows');
    expect(await screen.findByRole('heading', { name: 'flows 1.0.0' })).toBeInTheDocument();
  });
});
