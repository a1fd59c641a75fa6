import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { newStep, type AgentConfig } from '@accent/agents-common';
import { fakeApi, listItem, renderAgents } from '../testing/renderAgents.js';

const step = (query: string) => ({ ...newStep(0), name: 'Write', query });
const V1: Partial<AgentConfig> = { name: 'Writer', description: 'Writes', steps: [step('Write about {topic}\nAnswer in English')] };
const V2: Partial<AgentConfig> = { name: 'Writer', description: 'Writes', steps: [step('Write about {topic}\nAnswer in French')], tools: ['SendGrid'] };

function setup(v1 = V1, v2 = V2) {
  const api = fakeApi([listItem('Writer')], { Writer: v2 });
  api.versions.mockResolvedValue([
    { version: 2, created_at: '2025-06-02T10:00:00.000Z', created_by: 'ada@accent.local' },
    { version: 1, created_at: '2025-06-01T10:00:00.000Z', created_by: 'bob@accent.local' },
  ]);
  api.getVersion.mockImplementation(async (_name, version) => (version === 1 ? v1 : v2));
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

  it("lists only what someone changed: an API-saved version against the editor's save of it with one new description", async () => {
    // version 1 came through the API (no settings, chatbot, status nor tools); version 2 is the editor's save,
    // which writes every default (rate limit 60, memory session, …) and the step model's defaults
    const apiSaved: Partial<AgentConfig> = {
      name: 'Writer',
      description: 'Writes',
      steps: [{ name: 'Write', query: 'Write about {topic}' } as AgentConfig['steps'][number]],
    };
    const editorSaved: Partial<AgentConfig> = {
      ...apiSaved,
      description: 'Writes short posts',
      steps: [step('Write about {topic}')],
      settings: { rate_limit: 60, memory: 'session', fallback: 'apologize', access: ['all_users'] },
      chatbot: false,
      status: 'Active',
      tools: [],
      knowledgeCollections: [],
    };
    const r = setup(apiSaved, editorSaved);
    await r.user.click(await screen.findByRole('tab', { name: 'Versions' }));
    const fields = await screen.findByRole('table', { name: 'Fields' });
    const changed = within(fields)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getByRole('rowheader').textContent);
    expect(changed).toEqual(['Description']);
    expect(screen.queryByRole('region', { name: 'Step 1' })).not.toBeInTheDocument();
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
