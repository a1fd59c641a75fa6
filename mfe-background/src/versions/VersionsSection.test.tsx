import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { backgroundAgentConfigSchema, type BackgroundAgentVersion } from '@accent/background-common';
import { agent, fakeApi, renderBackground } from '../testing/renderBackground.js';

jest.setTimeout(20_000);

const version = (number: number, systemPrompt: string, note: string | null = null): BackgroundAgentVersion => ({
  number,
  note,
  name: 'Deal watcher',
  icon: '🤖',
  description: 'Watches deals',
  category: 'CRM Monitoring',
  status: 'active',
  config: backgroundAgentConfigSchema.parse({ name: 'Deal watcher', systemPrompt }),
  created_by: 'builder@accent.local',
  created_at: '2025-06-02T12:00:00.000Z',
});

describe('the Versions section of the background agent editor', () => {
  it('lists versions, shows the changed prompt line side by side, and restores one after a confirmation', async () => {
    const api = fakeApi([agent('bg-1', { name: 'Deal watcher', systemPrompt: 'You watch deals.\nFlag deals idle for 30 days.' }, 'active')]);
    const versions = [version(2, 'You watch deals.\nFlag deals idle for 30 days.'), version(1, 'You watch deals.\nFlag the stalled ones.')];
    api.listVersions.mockImplementation(async () => [...versions]);
    api.restoreVersion.mockImplementation(async (id, number) => {
      const row = api.table.get(id)!;
      api.table.set(id, { ...row, config: { ...row.config, systemPrompt: 'You watch deals.\nFlag the stalled ones.' } });
      versions.unshift(version(3, 'You watch deals.\nFlag the stalled ones.', `Restored from version ${number}`));
      return { number: 3, restored: number };
    });
    const { user, notify } = renderBackground({ route: '/background/bg-1', api });

    const section = await screen.findByRole('region', { name: 'Versions' });
    const table = await within(section).findByRole('table', { name: 'Saved versions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Version 2 (current)', 'Version 1']);
    expect(within(rows[0]!).getByText('builder@accent.local')).toBeInTheDocument();

    const prompt = within(section).getByRole('table', { name: 'System prompt' });
    const changed = within(prompt).getAllByRole('row').find((r) => r.textContent?.includes('Flag the stalled ones.'))!;
    expect(changed).toHaveTextContent('Removed: Flag the stalled ones.Added: Flag deals idle for 30 days.');

    expect(within(rows[0]!).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Restore version 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    expect(confirm).toHaveTextContent('Version 1 will be saved as version 3');
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.restoreVersion).toHaveBeenCalledWith('bg-1', 1));
    expect(notify.success).toHaveBeenCalledWith('Version restored', 'Version 1 was restored as version 3.');
    // the editor shows the restored prompt, with nothing unsaved
    await waitFor(() => expect(screen.getByLabelText(/System Prompt/)).toHaveValue('You watch deals.\nFlag the stalled ones.'));
    await waitFor(() => expect(within(section).getAllByRole('row')[1]).toHaveTextContent('Version 3 (current) · Restored from version 1'));
  });

  it('a new agent has no Versions section', async () => {
    renderBackground({ route: '/background/new' });
    expect(await screen.findByRole('heading', { name: 'Create Background Agent' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Versions' })).not.toBeInTheDocument();
  });

  it('a refused restore says why and changes nothing in the editor', async () => {
    const api = fakeApi([agent('bg-1', { name: 'Deal watcher', systemPrompt: 'Now' }, 'active')]);
    api.listVersions.mockResolvedValue([version(2, 'Now'), version(1, 'Before')]);
    api.restoreVersion.mockRejectedValue(new Error('Only administrators and builders can run background agents.'));
    const { user, notify } = renderBackground({ route: '/background/bg-1', api });
    const section = await screen.findByRole('region', { name: 'Versions' });
    await user.click(await within(section).findByRole('button', { name: 'Restore version 1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Restore version 1?' })).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Restore failed', 'Only administrators and builders can run background agents.'));
    expect(screen.getByLabelText(/System Prompt/)).toHaveValue('Now');
  });
});
