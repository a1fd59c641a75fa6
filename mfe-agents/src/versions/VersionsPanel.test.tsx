import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { newStep, type AgentConfig } from '@accent/agents-common';
import { fakeApi, listItem, renderAgents } from '../testing/renderAgents.js';

const step = (query: string) => ({ ...newStep(0), name: 'Write', query });
const V1: Partial<AgentConfig> = { name: 'Writer', description: 'Writes', steps: [step('Write about {topic}\nAnswer in English')] };
const V2: Partial<AgentConfig> = { name: 'Writer', description: 'Writes', steps: [step('Write about {topic}\nAnswer in French')], tools: ['SendGrid'] };

function setup() {
  const api = fakeApi([listItem('Writer')], { Writer: V2 });
  api.versions.mockResolvedValue([
    { version: 2, created_at: '2025-06-02T10:00:00.000Z', created_by: 'ada@accent.local' },
    { version: 1, created_at: '2025-06-01T10:00:00.000Z', created_by: 'bob@accent.local' },
  ]);
  api.getVersion.mockImplementation(async (_name, version) => (version === 1 ? V1 : V2));
  const r = renderAgents({ route: '/agents/edit/Writer', api });
  return r;
}

describe('Versions tab', () => {
  it('lists versions with who and when, newest first, and diffs the newest against the one before', async () => {
    const r = setup();
    await r.user.click(await screen.findByRole('tab', { name: 'Versions' }));
    const list = await screen.findByRole('table', { name: 'Saved versions' });
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Version 2 (current)', 'Version 1']);
    expect(rows[1]).toHaveTextContent('bob@accent.local');
    const prompt = await screen.findByRole('table', { name: 'Prompt' });
    const changed = within(prompt).getAllByRole('row')[2]!;
    expect(changed).toHaveTextContent('Removed: Answer in English');
    expect(changed).toHaveTextContent('Added: Answer in French');
    expect(screen.getByText('Tools added: SendGrid')).toBeVisible();
    // the same version twice: nothing differs
    await r.user.selectOptions(screen.getByLabelText('Compare version'), '2');
    expect(await screen.findByText('These versions are the same.')).toBeVisible();
  });

  it('restores after a confirmation, as a new version, and keeps unsaved edits', async () => {
    const r = setup();
    r.api.restore.mockResolvedValue(3);
    const nameField = await screen.findByLabelText('Description');
    await r.user.clear(nameField);
    await r.user.type(nameField, 'My unsaved text');
    await r.user.click(screen.getByRole('tab', { name: 'Versions' }));
    await r.user.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore version 1?' });
    expect(dialog).toHaveTextContent('Version 1 will be saved as version 3, the newest version. Earlier versions are kept. Your unsaved changes stay in the editor.');
    r.api.versions.mockResolvedValue([
      { version: 3, created_at: '2025-06-03T10:00:00.000Z', created_by: 'ada@accent.local' },
      { version: 2, created_at: '2025-06-02T10:00:00.000Z', created_by: 'ada@accent.local' },
      { version: 1, created_at: '2025-06-01T10:00:00.000Z', created_by: 'bob@accent.local' },
    ]);
    await r.user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(r.api.restore).toHaveBeenCalledWith('Writer', 1));
    await waitFor(() => expect(r.notify.success).toHaveBeenCalledWith('Version restored', 'Version 1 was restored as version 3.'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Saved versions' })).getAllByRole('row')).toHaveLength(4));
    expect(within(screen.getByRole('table', { name: 'Saved versions' })).getAllByRole('row')[1]).toHaveTextContent('Version 3 (current)');
    expect(r.api.save).not.toHaveBeenCalled();
    await r.user.click(screen.getByRole('tab', { name: 'Basic Info' }));
    expect(screen.getByLabelText('Description')).toHaveValue('My unsaved text');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });

  it('cancel restores nothing; an unsaved agent has no versions yet', async () => {
    const r = setup();
    await r.user.click(await screen.findByRole('tab', { name: 'Versions' }));
    await r.user.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    await r.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(r.api.restore).not.toHaveBeenCalled();
    r.unmount();
    const n = renderAgents({ route: '/agents/new', api: fakeApi([]) });
    await n.user.click(await screen.findByRole('tab', { name: 'Versions' }));
    expect(screen.getByText('Save the agent to see its versions.')).toBeVisible();
  });
});
