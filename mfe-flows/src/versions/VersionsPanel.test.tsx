import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import type { Flow, FlowVersion } from '@accent/flows-common';
import { fakeApi, graphFlow, renderFlows, type FakeApi } from '../testing/renderFlows.js';

jest.setTimeout(20_000);

/** Versions kept like the server keeps them: a snapshot of the stored flow; restore appends one. */
function withVersions(api: FakeApi) {
  const versions: FlowVersion[] = [];
  const snapshot = (f: Flow, number: number, kind: FlowVersion['kind'], label: string): FlowVersion => ({
    number,
    kind,
    label,
    name: f.name,
    description: f.description,
    tags: f.tags,
    flow_data: structuredClone(f.flowData),
    created_by: 'builder@accent.local',
    created_at: '2025-06-02T12:00:00.000Z',
  });
  api.listFlowVersions.mockImplementation(async () => [...versions].reverse());
  api.saveFlowVersion.mockImplementation(async (id, name) => {
    versions.push(snapshot(api.table.get(id)!, versions.length + 1, 'named', name));
    return versions.length;
  });
  api.restoreFlowVersion.mockImplementation(async (id, number) => {
    const v = versions.find((x) => x.number === number)!;
    const restored = { ...api.table.get(id)!, name: v.name, flowData: structuredClone(v.flow_data) as Flow['flowData'] };
    api.table.set(id, restored);
    versions.push(snapshot(restored, versions.length + 1, 'restored', `Restored from version ${number} (${v.label})`));
    return { number: versions.length, restored: number };
  });
  return versions;
}

describe('flow versions in the editor', () => {
  it('Save version… names a version; the panel lists it, diffs two and restores one after a confirmation', async () => {
    const api = fakeApi([graphFlow()]);
    withVersions(api);
    const r = renderFlows({ route: '/flows/flow-1', api });
    await screen.findByRole('button', { name: 'New Workflow' });

    // a blank name is refused in words, nothing saved
    await r.user.click(screen.getByRole('button', { name: 'Save version…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save version' });
    await r.user.click(within(dialog).getByRole('button', { name: 'Save version' }));
    expect(await within(dialog).findByText('Give the version a name.')).toBeInTheDocument();
    expect(api.saveFlowVersion).not.toHaveBeenCalled();
    await r.user.type(within(dialog).getByLabelText('Version name'), 'First');
    await r.user.click(within(dialog).getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(api.saveFlowVersion).toHaveBeenCalledWith('flow-1', 'First'));
    expect(r.notify.success).toHaveBeenCalledWith('Version saved', 'Version 1 "First" was saved.');

    // the stored flow changes (as an auto-save would), and a second version is named
    const f = api.table.get('flow-1')!;
    api.table.set('flow-1', { ...f, flowData: { ...f.flowData, nodes: f.flowData.nodes.map((n) => (n.id === 'a1' ? { ...n, data: { ...n.data, prompt: 'Answer in French' } } : n)) } as Flow['flowData'] });
    await r.user.click(screen.getByRole('button', { name: 'Save version…' }));
    await r.user.type(within(await screen.findByRole('dialog', { name: 'Save version' })).getByLabelText('Version name'), 'French');
    await r.user.click(within(screen.getByRole('dialog', { name: 'Save version' })).getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(api.saveFlowVersion).toHaveBeenCalledTimes(2));

    await r.user.click(screen.getByRole('button', { name: 'Versions' }));
    const panel = screen.getByRole('complementary', { name: 'Versions' });
    const list = await within(panel).findByRole('list', { name: 'Flow versions' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Version 2: French (latest)'),
      expect.stringContaining('Version 1: First'),
    ]);
    // version 1 against version 2: the Agent node's prompt changed
    const node = within(panel).getByRole('region', { name: 'Node Agent' });
    expect(within(node).getByText('Agent (llm): changed')).toBeInTheDocument();
    const row = within(node).getByRole('row', { name: /Prompt/ });
    expect(within(row).getByText('Answer in French')).toBeInTheDocument();

    await r.user.click(within(panel).getByRole('button', { name: 'Restore version 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    await r.user.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.restoreFlowVersion).toHaveBeenCalledWith('flow-1', 1));
    expect(r.notify.success).toHaveBeenCalledWith('Version restored', 'Version 1 was restored as version 3.');
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Version 3: Restored from version 1 (First) (latest)'));
    // the editor reloaded the stored (restored) flow
    expect(api.getFlow).toHaveBeenLastCalledWith('flow-1');
  });

  it('a member sees the versions read-only: no Save version…, no Restore', async () => {
    const api = fakeApi([graphFlow()]);
    const versions = withVersions(api);
    await api.saveFlowVersion('flow-1', 'Only');
    versions[0]!.created_by = 'admin@accent.local';
    const r = renderFlows({ route: '/flows/flow-1', api, role: 'member' });
    await screen.findByRole('heading', { name: 'New Workflow' });
    expect(screen.queryByRole('button', { name: 'Save version…' })).not.toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Versions' }));
    const panel = screen.getByRole('complementary', { name: 'Versions' });
    expect(await within(panel).findByRole('listitem')).toHaveTextContent('Version 1: Only');
    expect(within(panel).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
  });
});
