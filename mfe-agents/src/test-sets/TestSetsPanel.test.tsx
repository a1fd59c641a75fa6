import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { newStep, type AgentConfig, type TestSetRun } from '@accent/agents-common';
import type { TestSetWithRuns } from '@accent/agents-common/client';
import { fakeApi, listItem, renderAgents } from '../testing/renderAgents.js';

const CONFIG: Partial<AgentConfig> = { name: 'Greeter', params: { name: 'Ada' }, steps: [{ ...newStep(0), query: 'Say hello to {{name}}' }] };
const SET = { id: 'set-1', agent: 'Greeter', name: 'Greets', cases: [{ query: '', params: { name: 'Ada' }, expectations: [{ kind: 'contains' as const, text: 'hello to ada', ignore_case: true }] }], created_at: '', updated_at: '' };
const run = (version: number | null, pass: boolean, reason: string): TestSetRun => ({
  id: `run-${version}`,
  test_set_id: 'set-1',
  agent_version: version,
  status: 'done',
  total: 1,
  error: null,
  passed: pass ? 1 : 0,
  failed: pass ? 0 : 1,
  results: [{ pass, output: 'x', run_id: 'r', error: null, expectations: [{ pass, reason }] }],
  created_at: '2025-06-01T00:00:00Z',
});

function setup(sets: TestSetWithRuns[]) {
  const api = fakeApi([listItem('Greeter')], { Greeter: CONFIG });
  api.versions.mockResolvedValue([
    { version: 2, created_at: '2025-06-02T10:00:00.000Z', created_by: 'ada@accent.local' },
    { version: 1, created_at: '2025-06-01T10:00:00.000Z', created_by: 'ada@accent.local' },
  ]);
  api.testSets.testSets.mockResolvedValue(sets);
  return renderAgents({ route: '/agents/edit/Greeter', api });
}

describe('Test Sets tab', () => {
  it('adds a set: the form validates with the server schema, then saves', async () => {
    const r = setup([]);
    await r.user.click(await screen.findByRole('tab', { name: 'Test Sets' }));
    expect(await screen.findByText('No test sets yet')).toBeVisible();
    await r.user.click(screen.getByRole('button', { name: 'New Test Set' }));
    await r.user.type(screen.getByLabelText(/Test set name/), 'Greets');
    await r.user.click(screen.getByRole('button', { name: 'Save Test Set' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Case 1: Say which text the answer must contain');
    await r.user.type(screen.getByLabelText('Case 1 parameters'), 'name = Ada');
    await r.user.type(screen.getByLabelText('Case 1 expectation 1 text'), 'hello to ada');
    r.api.testSets.createTestSet.mockResolvedValue(SET);
    r.api.testSets.testSets.mockResolvedValue([{ ...SET, last_runs: [] }]);
    await r.user.click(screen.getByRole('button', { name: 'Save Test Set' }));
    await waitFor(() => expect(r.api.testSets.createTestSet).toHaveBeenCalledWith({ agent: 'Greeter', name: 'Greets', cases: SET.cases }));
    expect(await screen.findByRole('region', { name: 'Test set Greets' })).toHaveTextContent('Not run yet.');
  });

  it('runs against a version or the draft and shows the latest run beside the previous one', async () => {
    const r = setup([{ ...SET, last_runs: [run(1, true, 'Contains "hello to ada"'), run(2, false, 'Does not contain "hello to ada"')] }]);
    await r.user.click(await screen.findByRole('tab', { name: 'Test Sets' }));
    const results = await screen.findByRole('table', { name: 'Results of Greets' });
    expect(within(results).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Case', 'Previous run (Version 2)', 'Latest run (Version 1)']);
    const row = within(results).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('FailDoes not contain "hello to ada"');
    expect(row).toHaveTextContent('PassContains "hello to ada"');

    r.api.testSets.runTestSet.mockResolvedValue({ ...run(null, true, 'ok'), status: 'running', results: [] });
    r.api.testSets.getTestSetRun.mockResolvedValue(run(null, true, 'ok'));
    await r.user.selectOptions(screen.getByLabelText('Run against'), 'draft');
    await r.user.click(screen.getByRole('button', { name: 'Run test set Greets' }));
    expect(await screen.findByText('Running case 1 of 1...')).toBeVisible();
    await waitFor(() => expect(r.api.testSets.runTestSet).toHaveBeenCalledWith('set-1', { draft: expect.objectContaining({ name: 'Greeter', params: { name: 'Ada' } }) }));
    await waitFor(() => expect(r.api.testSets.getTestSetRun).toHaveBeenCalledWith('run-null'), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByText(/^Running case/)).not.toBeInTheDocument(), { timeout: 3000 });
    await r.user.selectOptions(screen.getByLabelText('Run against'), '2');
    await r.user.click(screen.getByRole('button', { name: 'Run test set Greets' }));
    await waitFor(() => expect(r.api.testSets.runTestSet).toHaveBeenLastCalledWith('set-1', { version: 2 }));
    await waitFor(() => expect(screen.queryByText(/^Running case/)).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('flags a version that fails a set in the Versions tab and in the restore confirmation', async () => {
    const r = setup([]);
    r.api.testSets.failingVersions.mockResolvedValue([{ version: 1, test_set: 'Greets', failed_cases: [1, 3] }]);
    r.api.getVersion.mockResolvedValue(CONFIG);
    await r.user.click(await screen.findByRole('tab', { name: 'Versions' }));
    expect(await screen.findByText('Fails test set "Greets": cases 1, 3')).toBeVisible();
    await r.user.click(screen.getByRole('button', { name: 'Restore version 1' }));
    expect(screen.getByRole('dialog', { name: 'Restore version 1?' })).toHaveTextContent('Warning: Fails test set "Greets": cases 1, 3.');
  });
});
