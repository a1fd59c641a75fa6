import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registryEntry } from '../app/testing.js';
import { OVERRIDES_STORAGE_KEY } from '../remotes/overrides.js';
import { fakeAdminApi, renderAdmin, signedInAdmin } from './testing.js';

signedInAdmin(sessionStorage);

const registry = () => [registryEntry('agents'), registryEntry('pages')];
const rowOf = (title: string) => screen.getByRole('row', { name: new RegExp(`^${title}`) });

describe('Remotes', () => {
  it('lists every area with its registry entry, version and the entry live in this tab', async () => {
    sessionStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ pages: 'http://localhost:3105/mf-manifest.json' }));
    await renderAdmin('?tab=remotes', { admin: fakeAdminApi({ registry: registry() }) });
    const table = await screen.findByRole('table', { name: 'Remote registry' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Agentsagents', 'Missionsmissions', 'AI Flowsflows', 'Background Agentsbackground', 'Pagespages']);
    const agents = rowOf('Agents');
    expect(within(agents).getAllByText('/mfe/agents/mf-manifest.json')).toHaveLength(2); // registry and live
    expect(within(agents).getByText('1.0.0')).toBeInTheDocument();
    expect(within(agents).getByText('Not loaded yet')).toBeInTheDocument();
    expect(within(rowOf('Missions')).getByText('Not installed')).toBeInTheDocument();
    expect(within(rowOf('Missions')).getByRole('button', { name: 'Reset Missions' })).toBeDisabled();
    const pages = rowOf('Pages');
    expect(within(pages).getByText('http://localhost:3105/mf-manifest.json')).toBeInTheDocument();
    expect(within(pages).getByText('Tab override')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Overridden in this tab only');
  });

  it('edits an entry with PUT and follows it in this tab', async () => {
    const { admin } = await renderAdmin('?tab=remotes', { admin: fakeAdminApi({ registry: registry() }) });
    await screen.findByRole('table', { name: 'Remote registry' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Agents entry' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Agents entry' });
    const entry = within(dialog).getByLabelText(/^Entry/);
    expect(entry).toHaveValue('/mfe/agents/mf-manifest.json');
    await userEvent.clear(entry);
    await userEvent.type(entry, 'javascript:alert(1)');
    await userEvent.clear(within(dialog).getByLabelText(/^Version/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(entry).toHaveAccessibleDescription('Entry must be an http(s) URL or a path starting with /');
    expect(within(dialog).getByLabelText(/^Version/)).toHaveAccessibleDescription('Version is required');
    expect(admin.setRemote).not.toHaveBeenCalled();

    await userEvent.clear(entry);
    await userEvent.type(entry, 'https://cdn.example.com/agents/2.0.0/mf-manifest.json');
    await userEvent.type(within(dialog).getByLabelText(/^Version/), '2.0.0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(admin.setRemote).toHaveBeenCalledWith('agents', { entry: 'https://cdn.example.com/agents/2.0.0/mf-manifest.json', version: '2.0.0' });
    expect(screen.getByText('Registry updated')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Agents')).getAllByText('https://cdn.example.com/agents/2.0.0/mf-manifest.json')).toHaveLength(2));
    expect(within(rowOf('Agents')).getByText('2.0.0')).toBeInTheDocument();
  });

  it('resets an override after confirmation', async () => {
    const admin = fakeAdminApi({ registry: registry() });
    await admin.api.setRemote('agents', { entry: 'https://cdn.example.com/agents/2.0.0/mf-manifest.json', version: '2.0.0' });
    await renderAdmin('?tab=remotes', { admin });
    await screen.findByRole('table', { name: 'Remote registry' });
    await userEvent.click(screen.getByRole('button', { name: 'Reset Agents' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Reset Agents?' })).getByRole('button', { name: 'Reset' }));
    expect(admin.resetRemote).toHaveBeenCalledWith('agents');
    expect(await screen.findByText('Agents reset')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Agents')).getByText('1.0.0')).toBeInTheDocument());
  });

  it('says so when there is no override to reset', async () => {
    await renderAdmin('?tab=remotes', { admin: fakeAdminApi({ registry: registry() }) });
    await screen.findByRole('table', { name: 'Remote registry' });
    await userEvent.click(screen.getByRole('button', { name: 'Reset Pages' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Reset Pages?' })).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Pages has no registry override')).toBeInTheDocument();
  });

  it('keeps the registry on screen when reading it again after a change fails, and says so', async () => {
    const admin = fakeAdminApi({ registry: registry() });
    await admin.api.setRemote('agents', { entry: 'https://cdn.example.com/agents/2.0.0/mf-manifest.json', version: '2.0.0' });
    await renderAdmin('?tab=remotes', { admin });
    await screen.findByRole('table', { name: 'Remote registry' });
    admin.listRegistry.mockRejectedValueOnce(new Error('HTTP 502: Bad Gateway'));
    await userEvent.click(screen.getByRole('button', { name: 'Reset Agents' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Reset Agents?' })).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Could not refresh')).toBeInTheDocument();
    expect(screen.getByText('HTTP 502: Bad Gateway')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Remote registry' })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load the registry/)).toBeNull();
    // what was shown stays until a read succeeds
    expect(within(rowOf('Agents')).getByText('2.0.0')).toBeInTheDocument();
  });

  it('shows a registry failure with Retry', async () => {
    const admin = fakeAdminApi({ registry: registry() });
    admin.listRegistry.mockRejectedValueOnce(new Error('HTTP 502: Bad Gateway')).mockRejectedValueOnce(new Error('HTTP 502: Bad Gateway'));
    await renderAdmin('?tab=remotes', { admin });
    expect(await screen.findByText('Could not load the registry: HTTP 502: Bad Gateway')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Remote registry' })).toBeInTheDocument();
  });
});
