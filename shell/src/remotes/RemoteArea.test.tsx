import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteModule } from '@accent/shared';
import { fakeLoader, fakeServices, registryEntry, renderWithProviders, silenceInEachTest } from '../app/testing.js';
import { RemoteArea } from './RemoteArea.js';

const UNAVAILABLE = 'This area is unavailable';

const flowsModule: RemoteModule = {
  id: 'flows',
  routes: [
    { path: '/flows', Component: () => <h1>Flow dashboard</h1> },
    { path: '/flows/:id', Component: () => <h1>Flow builder</h1> },
  ],
};

// the boundary logs the failures these tests provoke on purpose
silenceInEachTest(console, 'error');

describe('RemoteArea', () => {
  it('shows "not installed" for a remote missing from the registry, and Retry fetches the registry again', async () => {
    const { services, listRemotes } = fakeServices({ registry: [registryEntry('agents')] });
    const { loader, load } = fakeLoader(async () => ({ default: flowsModule }));
    await renderWithProviders(<RemoteArea id="flows" pattern="/flows" />, '/flows', { services, loader });

    const area = await screen.findByRole('alert', { name: /AI Flows/ });
    expect(within(area).getByText(UNAVAILABLE)).toBeInTheDocument();
    expect(within(area).getByText('The AI Flows area is not installed.')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();

    // the flows remote gets installed meanwhile
    listRemotes.mockResolvedValueOnce([registryEntry('agents'), registryEntry('flows')]);
    await userEvent.click(within(area).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Flow dashboard' })).toBeInTheDocument();
    expect(listRemotes).toHaveBeenCalledTimes(2);
  });

  it('renders the route of the remote whose path equals the pattern', async () => {
    const { services } = fakeServices({ registry: [registryEntry('flows')] });
    const { loader, register, load } = fakeLoader(async () => ({ default: flowsModule }));
    await renderWithProviders(<RemoteArea id="flows" pattern="/flows/:id" />, '/flows/f-1', { services, loader });
    expect(await screen.findByRole('heading', { name: 'Flow builder' })).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith([registryEntry('flows')], undefined);
    expect(load).toHaveBeenCalledWith(registryEntry('flows'));
  });

  it('shows "This area is unavailable" when the remote fails to load, and Retry re-registers it and loads again', async () => {
    const { services } = fakeServices({ registry: [registryEntry('flows')] });
    let attempts = 0;
    const { loader, register, load } = fakeLoader(async () => {
      attempts++;
      if (attempts === 1) throw new Error('Failed to fetch remoteEntry for mfe_flows');
      return { default: flowsModule };
    });
    await renderWithProviders(<RemoteArea id="flows" pattern="/flows" />, '/flows', { services, loader });

    const area = await screen.findByRole('alert', { name: /AI Flows/ });
    expect(within(area).getByText(UNAVAILABLE)).toBeInTheDocument();
    await userEvent.click(within(area).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Flow dashboard' })).toBeInTheDocument();
    expect(register).toHaveBeenLastCalledWith([registryEntry('flows')], { force: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps failing the same way while the remote stays down', async () => {
    const { services } = fakeServices({ registry: [registryEntry('flows', 'http://127.0.0.1:9/mf-manifest.json')] });
    const { loader, load } = fakeLoader(async () => {
      throw new Error('ScriptExternalLoadError: Loading script failed.');
    });
    await renderWithProviders(<RemoteArea id="flows" pattern="/flows" />, '/flows', { services, loader });
    await userEvent.click(within(await screen.findByRole('alert', { name: /AI Flows/ })).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('treats a null module as a failed load', async () => {
    const { services } = fakeServices({ registry: [registryEntry('flows')] });
    const { loader } = fakeLoader(async () => null);
    await renderWithProviders(<RemoteArea id="flows" pattern="/flows" />, '/flows', { services, loader });
    const area = await screen.findByRole('alert', { name: /AI Flows/ });
    // the developer's wording stays in the console
    expect(
      within(area).getByText(
        /^AI Flows stopped working because of an error in its code\. Try again; if it keeps happening, tell your administrator\. Reference: R-[A-Z2-9]{8}\.$/,
      ),
    ).toBeInTheDocument();
    expect(within(area).queryByText(/returned no module/)).toBeNull();
  });

  it('shows Not Found when the remote does not declare the path', async () => {
    const { services } = fakeServices({ registry: [registryEntry('flows')] });
    const { loader } = fakeLoader(async () => ({ default: flowsModule }));
    await renderWithProviders(<RemoteArea id="flows" pattern="/flows-old" />, '/flows-old', { services, loader });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('The AI Flows area has no page at this address.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('loads a remote once for all of its routes', async () => {
    const { services } = fakeServices({ registry: [registryEntry('flows')] });
    const { loader, load } = fakeLoader(async () => ({ default: flowsModule }));
    await renderWithProviders(
      <>
        <RemoteArea id="flows" pattern="/flows" />
        <RemoteArea id="flows" pattern="/flows/:id" />
      </>,
      '/flows',
      { services, loader },
    );
    expect(await screen.findByRole('heading', { name: 'Flow dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Flow builder' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so when the registry itself cannot be loaded, and Retry fetches it again', async () => {
    const { services, listRemotes } = fakeServices({ registry: new Error('Network Error') });
    const { loader } = fakeLoader(async () => ({ default: flowsModule }));
    await renderWithProviders(<RemoteArea id="flows" pattern="/flows" />, '/flows', { services, loader });
    const area = await screen.findByRole('alert', { name: /AI Flows/ });
    expect(within(area).getByText('The list of installed areas could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    expect(area).not.toHaveTextContent('Network Error');
    listRemotes.mockResolvedValueOnce([registryEntry('flows')]);
    await userEvent.click(within(area).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Flow dashboard' })).toBeInTheDocument();
  });

  it('rejects a module that is not the remote it claims to be', async () => {
    const { services } = fakeServices({ registry: [registryEntry('flows')] });
    const { loader } = fakeLoader(async () => ({ default: { id: 'pages', routes: [] } }));
    await renderWithProviders(<RemoteArea id="flows" pattern="/flows" />, '/flows', { services, loader });
    expect(await screen.findByText(/^AI Flows stopped working because of an error in its code/)).toBeInTheDocument();
    expect(screen.queryByText(/declares itself/)).toBeNull();
  });
});
