import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FLOW_SAMPLE_COUNT, checkFlowGraph } from '@accent/flows-common';
import { fakeApi, flow, renderFlows } from '../testing/renderFlows.js';
import { sampleFlows } from './sampleFlows.js';

const FLOWS = [
  flow({ id: 'f1', name: 'Lead Scoring', description: 'Scores inbound leads', status: 'active' }),
  flow({ id: 'f2', name: 'Newsletter', description: 'Weekly marketing digest', status: 'draft' }),
  flow({ id: 'f3', name: 'Archive job', description: 'Moves old LEADS away', status: 'inactive' }),
];

const cardNames = () => screen.queryAllByTestId('flow-card').map((c) => within(c).getByRole('heading').textContent);
const cardOf = (name: string) => screen.getAllByTestId('flow-card').find((c) => within(c).getByRole('heading').textContent === name)!;

async function ready(api = fakeApi(FLOWS)) {
  const r = renderFlows({ api });
  await screen.findByText('Lead Scoring');
  return r;
}

describe('AI Flows dashboard', () => {
  it('shows the title, the three buttons and one card per flow with name, description and status', async () => {
    await ready();
    expect(screen.getByRole('heading', { level: 1, name: 'AI Flows' })).toBeInTheDocument();
    for (const b of ['Export', 'Import', 'Create New Flow']) expect(screen.getByRole('button', { name: b })).toBeInTheDocument();
    expect(screen.getByTestId('import-input')).toHaveAttribute('accept', expect.stringContaining('.json'));
    expect(cardNames()).toEqual(['Lead Scoring', 'Newsletter', 'Archive job']);
    const card = within(cardOf('Lead Scoring'));
    expect(card.getByText('Scores inbound leads')).toBeInTheDocument();
    expect(card.getByText('active')).toBeInTheDocument();
  });

  it('reads the list once when it already has flows (the emptiness check’s read is the list shown)', async () => {
    const api = fakeApi(FLOWS);
    await ready(api);
    expect(api.listFlows).toHaveBeenCalledTimes(1);
    expect(api.insertFlows).not.toHaveBeenCalled();
  });

  it('a member sees the flows read-only: no create, import or card actions, and nothing is seeded', async () => {
    const api = fakeApi([]);
    renderFlows({ api, role: 'member' });
    // the empty list says why it is empty, and there is no Export of nothing
    expect(await screen.findByText('No flows to show you')).toBeInTheDocument();
    expect(screen.getByText('Administrators and builders create the flows in this library; none is visible to you yet.')).toBeInTheDocument();
    expect(screen.queryByText('No Flows Created Yet')).not.toBeInTheDocument();
    await waitFor(() => expect(api.listFlows).toHaveBeenCalled());
    expect(api.insertFlows).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Create New Flow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });

  it("a member's cards open the flow but offer no duplicate or delete; the card says 1 run, not 1 runs", async () => {
    renderFlows({ api: fakeApi([flow({ id: 'f1', name: 'Lead Scoring', executionCount: 1 })]), role: 'member' });
    await screen.findByText('Lead Scoring');
    expect(screen.queryByRole('button', { name: 'Actions for Lead Scoring' })).not.toBeInTheDocument();
    expect(cardOf('Lead Scoring')).toHaveTextContent('1 run');
    expect(cardOf('Lead Scoring')).not.toHaveTextContent('1 runs');
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('searches name, description or status, case-insensitively', async () => {
    const r = await ready();
    const search = screen.getByPlaceholderText('Search flows...');
    await r.user.type(search, 'LEADS');
    expect(cardNames()).toEqual(['Lead Scoring', 'Archive job']);
    await r.user.clear(search);
    await r.user.type(search, 'Draft');
    expect(cardNames()).toEqual(['Newsletter']);
    await r.user.clear(search);
    await r.user.type(search, 'nothing like this');
    expect(cardNames()).toEqual([]);
    expect(screen.getByText('No flows match your search')).toBeInTheDocument();
  });

  it('filters by status from a menu that closes after a selection', async () => {
    const r = await ready();
    await r.user.click(screen.getByRole('button', { name: /Status filter: All Statuses/ }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['All Statuses', 'active', 'draft', 'inactive']);
    await r.user.click(within(menu).getByRole('menuitem', { name: 'draft' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(cardNames()).toEqual(['Newsletter']);
    await r.user.click(screen.getByRole('button', { name: /Status filter: draft/ }));
    await r.user.click(screen.getByRole('menuitem', { name: 'All Statuses' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(cardNames()).toHaveLength(3);
  });

  it('opens a card in the builder', async () => {
    const r = await ready();
    await r.user.click(screen.getByRole('link', { name: /^Newsletter\b/ }));
    expect(r.location()).toBe('/flows/f2');
  });

  it('inserts the 15 sample flows only when the stored list is empty, before reading the list', async () => {
    const api = fakeApi([]);
    const r = renderFlows({ api });
    await screen.findByText('Lead Qualification Pipeline');
    expect(api.insertFlows).toHaveBeenCalledTimes(1);
    const inserted = api.insertFlows.mock.calls[0]![0];
    expect(inserted).toHaveLength(FLOW_SAMPLE_COUNT);
    // emptiness check, insert, then the list read
    expect(api.listFlows.mock.invocationCallOrder[0]).toBeLessThan(api.insertFlows.mock.invocationCallOrder[0]!);
    expect(api.insertFlows.mock.invocationCallOrder[0]).toBeLessThan(api.listFlows.mock.invocationCallOrder[1]!);
    expect(cardNames()).toHaveLength(FLOW_SAMPLE_COUNT);
    expect(r.notify.error).not.toHaveBeenCalled();

    const other = fakeApi(FLOWS);
    r.unmount();
    await ready(other);
    expect(other.insertFlows).not.toHaveBeenCalled();
  });

  it('sample flows have realistic tags and valid graphs', () => {
    const flows = sampleFlows(() => `id-${Math.random()}`);
    expect(flows).toHaveLength(15);
    const tags = new Set(flows.flatMap((f) => f.tags));
    for (const t of ['sales', 'research', 'marketing']) expect(tags).toContain(t);
    for (const f of flows) {
      expect(checkFlowGraph(f.flowData).errors).toEqual([]);
      expect(f.nodeCount).toBe(f.flowData.nodes.length);
      // none is deployed: the database would store 'active' as 'inactive' anyway
      expect(f.status).not.toBe('active');
    }
    expect(new Set(flows.map((f) => f.id)).size).toBe(15);
  });

  it('shows the empty state when there are no flows and sample insertion failed', async () => {
    const api = fakeApi([]);
    api.insertFlows.mockRejectedValueOnce(new Error('database error: down'));
    const r = renderFlows({ api });
    expect(await screen.findByText('No Flows Created Yet')).toBeInTheDocument();
    expect(screen.getByText('Create your first automated workflow to get started with intelligent process automation')).toBeInTheDocument();
    expect(r.notify.error).toHaveBeenCalledWith('Sample Data Failed', 'Could not create sample flows. Please check your connection.');
    await r.user.click(screen.getByRole('button', { name: 'Create Your First Flow' }));
    await waitFor(() => expect(r.location()).toMatch(/^\/flows\/flow-new-/));
  });

  it('empties the list and toasts when the list cannot be loaded', async () => {
    const api = fakeApi(FLOWS);
    api.listFlows.mockRejectedValue(new Error('database error: offline'));
    const r = renderFlows({ api });
    await screen.findByText('No Flows Created Yet');
    expect(r.notify.error).toHaveBeenCalledWith(
      'Database Connection Failed',
      'Unable to connect to the database. Please check your connection and try again.',
    );
    expect(api.insertFlows).not.toHaveBeenCalled();
  });

  it('deletes a flow after confirmation', async () => {
    const r = await ready();
    await r.user.click(within(cardOf('Newsletter')).getByRole('button', { name: 'Actions for Newsletter' }));
    await r.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Newsletter"? This action cannot be undone.');
    await r.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(r.api.deleteFlow).not.toHaveBeenCalled();

    await r.user.click(within(cardOf('Newsletter')).getByRole('button', { name: 'Actions for Newsletter' }));
    await r.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await r.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cardNames()).toEqual(['Lead Scoring', 'Archive job']));
    expect(r.api.deleteFlow).toHaveBeenCalledWith('f2');
    expect(r.notify.success).toHaveBeenCalledWith('Flow Deleted', 'Newsletter has been deleted.');
  });

  it('reports a failed deletion', async () => {
    const api = fakeApi(FLOWS);
    api.deleteFlow.mockRejectedValueOnce(new Error('database error: x'));
    const r = await ready(api);
    await r.user.click(within(cardOf('Newsletter')).getByRole('button', { name: 'Actions for Newsletter' }));
    await r.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await r.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Deletion Failed', 'Could not delete flow. Please check your connection.'));
    expect(cardNames()).toContain('Newsletter');
  });

  it('duplicates a flow as "{name} (Copy)" with counters reset, keeping its status', async () => {
    const api = fakeApi([flow({ id: 'f1', name: 'Lead Scoring', status: 'active', executionCount: 9, successRate: 80 })]);
    const r = await ready(api);
    await r.user.click(screen.getByRole('button', { name: 'Actions for Lead Scoring' }));
    await r.user.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    await screen.findByText('Lead Scoring (Copy)');
    const copy = api.insertFlow.mock.calls[0]![0];
    expect(copy).toMatchObject({ id: 'flow-new-1', name: 'Lead Scoring (Copy)', status: 'active', executionCount: 0, successRate: 0 });
    expect(r.notify.success).toHaveBeenCalledWith('Flow Duplicated', 'Lead Scoring (Copy) has been created.');
  });

  it('reports a duplicate whose original cannot be loaded', async () => {
    const api = fakeApi(FLOWS);
    api.getFlow.mockResolvedValueOnce(null);
    const r = await ready(api);
    await r.user.click(screen.getByRole('button', { name: 'Actions for Lead Scoring' }));
    await r.user.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Duplication Failed', 'Could not load original flow.'));
    expect(api.insertFlow).not.toHaveBeenCalled();
  });

  it('exports every flow as a dated json file, or warns when there is none', async () => {
    const r = await ready();
    await r.user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(r.download).toHaveBeenCalledTimes(1));
    const [name, content] = r.download.mock.calls[0]!;
    expect(name).toBe('accent-flows-2025-06-02.json');
    const file = JSON.parse(content);
    expect(file.version).toBe('1.0');
    expect(file.flows).toHaveLength(3);
    expect(r.notify.success).toHaveBeenCalledWith('Export Started', 'Flows are being downloaded.');
  });

  it('warns that there is nothing to export', async () => {
    const api = fakeApi([]);
    api.insertFlows.mockRejectedValueOnce(new Error('no'));
    const r = renderFlows({ api });
    await screen.findByText('No Flows Created Yet');
    await r.user.click(screen.getByRole('button', { name: 'Export' }));
    expect(r.notify.warning).toHaveBeenCalledWith('No Flows to Export', 'There are no flows available to export.');
    expect(r.download).not.toHaveBeenCalled();
  });

  it('imports a file, reports the count and reloads; an invalid file gives "Invalid flow file format"', async () => {
    const r = await ready();
    const good = JSON.stringify({
      version: '1.0',
      exportedAt: '2025-01-01T00:00:00.000Z',
      flows: [
        { id: 'imp-1', name: 'Imported one', description: 'd', status: 'draft', flowData: { nodes: [], edges: [] } },
        { id: 'imp-2', name: 'Imported two', description: 'd', status: 'active', flowData: { nodes: [], edges: [] } },
        { id: 'bad', name: 'No status', description: 'd', flowData: { nodes: [], edges: [] } },
      ],
    });
    const input = screen.getByTestId('import-input') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([good], 'flows.json', { type: 'application/json' })] } });
    });
    await waitFor(() =>
      expect(r.notify.success).toHaveBeenCalledWith('Import Successful', 'Successfully imported 2 flows. Skipped 1: "No status" (it has no status).'),
    );
    expect(await screen.findByText('Imported two')).toBeInTheDocument();

    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['{"flows": 3}'], 'bad.json', { type: 'application/json' })] } });
    });
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Import Failed', 'Invalid flow file format'));

    r.api.importFlows.mockRejectedValueOnce(new Error('database error: down'));
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([good], 'flows.json')] } });
    });
    await waitFor(() =>
      expect(r.notify.error).toHaveBeenCalledWith('Import Failed', 'Could not import flows. Please check the file format and your connection.'),
    );
  });
});

void jest;
