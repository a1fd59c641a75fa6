import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@accent/shared/client';
import type { FlowRun } from '@accent/flows-common';
import { fakeApi, graphFlow, renderFlows } from '../testing/renderFlows.js';

/** A node palette item: named by its label, then its description. */
const paletteItem = (label: string) =>
  within(screen.getByRole('navigation', { name: 'Node palette' })).getByRole('button', { name: new RegExp(`^${label}\\b`) });

jest.setTimeout(20_000);
afterEach(() => {
  jest.useRealTimers();
});

async function openBuilder(api = fakeApi([graphFlow()])) {
  const r = renderFlows({ route: '/flows/flow-1', api });
  await screen.findByRole('button', { name: 'New Workflow' });
  return r;
}

describe('flow builder', () => {
  it('creates a new flow with the spec defaults and opens it under its id', async () => {
    const r = renderFlows({ route: '/flows/new' });
    await screen.findByRole('button', { name: 'New Workflow' });
    await waitFor(() => expect(r.location()).toBe('/flows/flow-new-1'));
    expect(r.api.insertFlow).toHaveBeenCalledTimes(1);
    const created = r.api.insertFlow.mock.calls[0]![0];
    expect(created).toMatchObject({
      id: 'flow-new-1',
      name: 'New Workflow',
      description: 'A new automated workflow.',
      status: 'draft',
      nodeCount: 1,
    });
    expect(created.flowData.nodes).toHaveLength(1);
    expect(created.flowData.nodes[0]).toMatchObject({
      type: 'trigger',
      position: { x: 100, y: 100 },
      data: { label: 'Start Trigger', subtype: 'webhook', triggerType: 'webhook' },
    });
    expect(screen.getByText('Start Trigger')).toBeInTheDocument();
    expect(screen.getByText('draft')).toBeInTheDocument();
    expect(r.api.getFlow).not.toHaveBeenCalled();
  });

  it('shows the header, the palette groups and the canvas controls', async () => {
    await openBuilder();
    for (const b of ['← Back to Flows', 'Test Flow', 'Save Flow', 'Deploy']) expect(screen.getByRole('button', { name: b })).toBeInTheDocument();
    const palette = screen.getByRole('navigation', { name: 'Node palette' });
    expect(
      within(palette)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Triggers', 'AI & Logic', 'Actions']);
    // each item is named by its label, then its description
    const labels = within(palette)
      .getAllByRole('button')
      .map((b) => b.firstElementChild?.textContent);
    expect(labels).toEqual([
      'Webhook',
      'Schedule',
      'Form Submit',
      'Email',
      'Agent',
      'Condition',
      'Switch',
      'Text Analysis',
      'API Call',
      'Database',
      'Send Email',
      'Slack Message',
      'HTTP Request',
      'MCP tool',
    ]);
    expect(document.querySelector('.react-flow__minimap')).not.toBeNull();
    expect(document.querySelector('.react-flow__controls')).not.toBeNull();
    expect(screen.getByTestId('node-c1').textContent).toContain('true');
    expect(screen.getByTestId('node-c1').textContent).toContain('false');
  });

  it('renames on Enter, ignores an unchanged or empty name, cancels on Escape and reports failures', async () => {
    const r = await openBuilder();
    await r.user.click(screen.getByRole('button', { name: 'New Workflow' }));
    const input = screen.getByRole('textbox', { name: 'Flow name' });
    await r.user.clear(input);
    await r.user.type(input, '  Lead router  {Enter}');
    await screen.findByRole('button', { name: 'Lead router' });
    expect(r.api.updateFlow).toHaveBeenCalledWith('flow-1', { name: 'Lead router' });
    expect(r.notify.success).toHaveBeenCalledWith('Workflow renamed successfully', undefined, 3000);

    // unchanged (after trim) and empty names do nothing
    await r.user.click(screen.getByRole('button', { name: 'Lead router' }));
    await r.user.type(screen.getByRole('textbox', { name: 'Flow name' }), '   {Enter}');
    await r.user.click(screen.getByRole('button', { name: 'Lead router' }));
    await r.user.clear(screen.getByRole('textbox', { name: 'Flow name' }));
    fireEvent.blur(screen.getByRole('textbox', { name: 'Flow name' }));
    expect(screen.getByRole('button', { name: 'Lead router' })).toBeInTheDocument();
    expect(r.api.updateFlow).toHaveBeenCalledTimes(1);

    // Escape cancels
    await r.user.click(screen.getByRole('button', { name: 'Lead router' }));
    await r.user.type(screen.getByRole('textbox', { name: 'Flow name' }), ' changed{Escape}');
    expect(screen.getByRole('button', { name: 'Lead router' })).toBeInTheDocument();
    expect(r.api.updateFlow).toHaveBeenCalledTimes(1);

    // more than 100 characters is refused
    await r.user.click(screen.getByRole('button', { name: 'Lead router' }));
    const long = screen.getByRole('textbox', { name: 'Flow name' });
    await r.user.clear(long);
    fireEvent.change(long, { target: { value: 'x'.repeat(101) } });
    fireEvent.keyDown(long, { key: 'Enter' });
    expect(r.api.updateFlow).toHaveBeenCalledTimes(1);
    expect(r.notify.error).toHaveBeenCalledWith('Failed to rename workflow', 'The name can be at most 100 characters.', 3000);

    // blur commits; a failed update restores the name
    r.api.updateFlow.mockRejectedValueOnce(new Error('database error: x'));
    await r.user.click(screen.getByRole('button', { name: 'Lead router' }));
    const again = screen.getByRole('textbox', { name: 'Flow name' });
    await r.user.clear(again);
    await r.user.type(again, 'Other');
    fireEvent.blur(again);
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Failed to rename workflow', undefined, 3000));
    expect(await screen.findByRole('button', { name: 'Lead router' })).toBeInTheDocument();
  });

  it('adds a palette node with Enter, shows its properties with defaults, and auto-saves once after 2 s of quiet', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const api = fakeApi([graphFlow()]);
    const r = renderFlows({ route: '/flows/flow-1', api, user });
    await screen.findByRole('button', { name: 'New Workflow' });
    paletteItem('Agent').focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('complementary', { name: 'Node Properties' });
    expect(within(panel).getByLabelText('Model')).toHaveValue('gpt-4.1-mini');
    expect(
      within(panel)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['gpt-4.1-mini', 'gpt-3.5-turbo', 'claude-3', 'claude-instant']);
    expect(within(panel).getByLabelText('System prompt')).toHaveValue('You are a helpful AI assistant.');
    expect(within(panel).getByLabelText('Temperature')).toHaveValue(0.7);
    await user.type(within(panel).getByLabelText('Prompt'), 'Summarise the incoming lead and tell me whether it is worth calling today');
    expect(screen.getByText('Summarise the incoming lead and tell me whether it…')).toBeInTheDocument();
    expect(api.saveFlow).not.toHaveBeenCalled();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000);
    });
    expect(api.saveFlow).toHaveBeenCalledTimes(1);
    const saved = api.saveFlow.mock.calls[0]![0];
    expect(saved.flowData.nodes).toHaveLength(4);
    expect(saved.nodeCount).toBe(4);
    expect(saved.flowData.nodes[3]).toMatchObject({ type: 'llm', data: { prompt: expect.stringContaining('Summarise the incoming lead') } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(api.saveFlow).toHaveBeenCalledTimes(1);
    expect(r.notify.error).not.toHaveBeenCalled();
  });

  it('leaving by a sidebar link or the browser back button before the auto-save saves the pending edit first', async () => {
    const api = fakeApi([graphFlow()]);
    const r = renderFlows({ route: '/flows', api });
    await r.go('/flows/flow-1');
    await screen.findByRole('button', { name: 'New Workflow' });
    paletteItem('HTTP Request').focus();
    await r.user.keyboard('{Enter}');
    expect(api.saveFlow).not.toHaveBeenCalled();
    await r.go('/agents');
    expect(r.location()).toBe('/agents');
    await waitFor(() => expect(api.saveFlow).toHaveBeenCalledTimes(1));
    expect(api.saveFlow.mock.calls[0]![0].flowData.nodes).toHaveLength(4);
  });

  it('an edit less than 2 s before the page goes is saved at once in one PATCH, and leaving asks to confirm while pending', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const api = fakeApi([graphFlow()]);
    renderFlows({ route: '/flows/flow-1', api, user });
    await screen.findByRole('button', { name: 'New Workflow' });
    const beforeUnload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(beforeUnload()).toBe(false);
    paletteItem('HTTP Request').focus();
    await user.keyboard('{Enter}');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(beforeUnload()).toBe(true);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    // the loaded flow exists: no existence check first, whose answer would come too late
    expect(api.updateFlow).toHaveBeenCalledTimes(1);
    const [id, patch] = api.updateFlow.mock.calls[0]!;
    expect(id).toBe('flow-1');
    expect(patch.flowData!.nodes).toHaveLength(4);
    expect(patch.flowData!.nodes[3]).toMatchObject({ type: 'action', data: { subtype: 'http' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(api.saveFlow).not.toHaveBeenCalled();
    expect(beforeUnload()).toBe(false);
  });

  it('a failed auto-save keeps the flow dirty and toasts Auto-save Failed', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const api = fakeApi([graphFlow()]);
    api.saveFlow.mockRejectedValue(new Error('database error: offline'));
    const r = renderFlows({ route: '/flows/flow-1', api, user });
    await screen.findByRole('button', { name: 'New Workflow' });
    paletteItem('Webhook').focus();
    await user.keyboard('{Enter}');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000);
    });
    expect(api.saveFlow).toHaveBeenCalledTimes(1);
    expect(r.notify.error).toHaveBeenCalledWith('Auto-save Failed', 'Could not save changes to database. Please check your connection.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('Save Flow saves now and toasts for 3 s; a failure shows the save error', async () => {
    const r = await openBuilder();
    await r.user.click(screen.getByRole('button', { name: 'Save Flow' }));
    await waitFor(() => expect(r.notify.success).toHaveBeenCalledWith('Flow saved successfully', undefined, 3000));
    expect(r.api.saveFlow).toHaveBeenCalledTimes(1);
    r.api.saveFlow.mockRejectedValueOnce(new Error('x'));
    await r.user.click(screen.getByRole('button', { name: 'Save Flow' }));
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Failed to save flow. Please try again.', undefined, 3000));
  });

  it('Delete on the canvas removes the selected node and its edges', async () => {
    const r = await openBuilder();
    // select the node as a keyboard user does (xyflow: Enter on a focused node)
    const wrapper = screen.getByTestId('node-a1').closest('.react-flow__node') as HTMLElement;
    wrapper.focus();
    fireEvent.keyDown(wrapper, { key: 'Enter' });
    await screen.findByRole('complementary', { name: 'Node Properties' });
    fireEvent.keyDown(screen.getByTestId('node-a1'), { key: 'Delete' });
    await waitFor(() => expect(screen.queryByTestId('node-a1')).not.toBeInTheDocument());
    expect(screen.queryByRole('complementary', { name: 'Node Properties' })).not.toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Save Flow' }));
    await waitFor(() => expect(r.api.saveFlow).toHaveBeenCalled());
    const saved = r.api.saveFlow.mock.calls[0]![0];
    expect(saved.flowData.nodes.map((n) => n.id)).toEqual(['t1', 'c1']);
    expect(saved.flowData.edges).toEqual([]);
  });

  it('Test Flow runs the payload and shows per-node results in the panel and on the nodes', async () => {
    const api = fakeApi([graphFlow()]);
    const run: FlowRun = {
      id: 'run-9',
      flow_id: 'flow-1',
      status: 'failed',
      trigger: 'test',
      payload: { text: 'hi' },
      started_at: '2025-06-01T10:00:00.000Z',
      finished_at: '2025-06-01T10:00:01.000Z',
      duration_ms: 1200,
      error: '"Check" failed: boom',
      nodes: [
        {
          nodeId: 't1',
          type: 'trigger',
          subtype: 'webhook',
          label: 'Start Trigger',
          status: 'succeeded',
          input: { payload: { text: 'hi' } },
          output: { text: 'hi' },
          error: null,
          started_at: '2025-06-01T10:00:00.000Z',
          duration_ms: 3,
          handle: null,
          reason: null,
        },
        {
          nodeId: 'a1',
          type: 'llm',
          subtype: 'openai',
          label: 'Agent',
          status: 'succeeded',
          input: {},
          output: { text: 'Hello there' },
          error: null,
          started_at: '2025-06-01T10:00:00.000Z',
          duration_ms: 800,
          handle: null,
          reason: null,
        },
        {
          nodeId: 'c1',
          type: 'condition',
          subtype: 'if_else',
          label: 'Check',
          status: 'failed',
          input: {},
          output: null,
          error: 'boom',
          started_at: '2025-06-01T10:00:01.000Z',
          duration_ms: 5,
          handle: null,
          reason: null,
        },
      ],
    };
    api.testFlow.mockResolvedValue(run);
    const r = await openBuilder(api);
    await r.user.click(screen.getByRole('button', { name: 'Test Flow' }));
    const panel = screen.getByRole('complementary', { name: 'Test Flow' });
    const payload = within(panel).getByLabelText('Test payload (JSON)');
    fireEvent.change(payload, { target: { value: '{"text": "hi"' } });
    await r.user.click(within(panel).getByRole('button', { name: 'Run' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('The test payload is not valid JSON');
    expect(api.testFlow).not.toHaveBeenCalled();

    fireEvent.change(payload, { target: { value: '{"text": "hi"}' } });
    await r.user.click(within(panel).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(api.testFlow).toHaveBeenCalledWith('flow-1', { text: 'hi' }));
    expect(await within(panel).findByTestId('run-status')).toHaveTextContent('failed');
    expect(within(panel).getByText('"Check" failed: boom')).toBeInTheDocument();
    expect(screen.getByTestId('result-a1')).toHaveTextContent('succeeded · 800 ms');
    expect(screen.getByTestId('result-c1')).toHaveTextContent('failed');
    await r.user.click(within(panel).getByRole('button', { name: /Agent/ }));
    expect(within(panel).getByText(/Hello there/)).toBeInTheDocument();
  });

  it('Test Flow shows a cycle instead of running', async () => {
    const flow = graphFlow();
    flow.flowData.edges.push({
      id: 'back',
      source: 'c1',
      target: 't1',
      sourceHandle: 'false',
      targetHandle: null,
      type: 'default',
      animated: true,
      style: {},
    });
    const api = fakeApi([flow]);
    const r = await openBuilder(api);
    await r.user.click(screen.getByRole('button', { name: 'Test Flow' }));
    await r.user.click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The flow has a cycle: Start Trigger → Agent → Check → Start Trigger. Flows must not loop.');
    expect(api.testFlow).not.toHaveBeenCalled();
  });

  it('Deploy shows the webhook URL and secret once, then offers Undeploy', async () => {
    const r = await openBuilder();
    await r.user.click(screen.getByRole('button', { name: 'Deploy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flow deployed' });
    expect(within(dialog).getByLabelText('Webhook URL')).toHaveValue('http://localhost/hooks/flow-1');
    expect(within(dialog).getByLabelText('Secret')).toHaveValue('s3cret');
    expect(within(dialog).getByText('The flow is live. Copy these now: the secret is shown only once.')).toBeInTheDocument();
    await r.user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('active')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Undeploy' }));
    await waitFor(() => expect(r.api.undeployFlow).toHaveBeenCalledWith('flow-1'));
    expect(await screen.findByText('inactive')).toBeInTheDocument();
  });

  it('the badge and Deploy/Undeploy follow the deployment, not a stale stored "active"', async () => {
    // an imported or sample flow stored as active that the server never deployed
    const api = fakeApi([graphFlow({ status: 'active' })]);
    await openBuilder(api);
    await waitFor(() => expect(api.getDeployment).toHaveBeenCalledWith('flow-1'));
    expect(await screen.findByRole('button', { name: 'Deploy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undeploy' })).not.toBeInTheDocument();
    expect(screen.getByText('inactive')).toBeInTheDocument();
  });

  it('a deployed flow offers Undeploy even when its stored status says otherwise', async () => {
    const api = fakeApi([graphFlow({ status: 'draft' })]);
    api.deployed.add('flow-1');
    await openBuilder(api);
    expect(await screen.findByRole('button', { name: 'Undeploy' })).toBeInTheDocument();
    expect(screen.getByText('active')).toBeInTheDocument();
  });

  it('a deploy without a secret does not speak of one; a refused deploy shows the reason without "HTTP 400:"', async () => {
    const api = fakeApi([graphFlow()]);
    api.deployFlow.mockResolvedValueOnce({ schedule: { cron: '0 9 * * 1-5', timezone: 'UTC' } });
    const r = await openBuilder(api);
    await r.user.click(await screen.findByRole('button', { name: 'Deploy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flow deployed' });
    expect(within(dialog).getByText('The flow is live.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/shown only once/)).not.toBeInTheDocument();
    await r.user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await r.user.click(screen.getByRole('button', { name: 'Undeploy' }));
    await screen.findByRole('button', { name: 'Deploy' });

    api.deployFlow.mockRejectedValueOnce(new ApiError(400, 'Bad Request', 'The flow has no start trigger.'));
    await r.user.click(screen.getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Deploy Failed', 'The flow has no start trigger.', 3000));
  });

  it("the properties panel offers the variables a node can use: {{last}} is the Agent's answer text, {{last_raw}} its whole output", async () => {
    await openBuilder();
    fireEvent.click(screen.getByTestId('node-c1'));
    const panel = await screen.findByRole('complementary', { name: 'Node Properties' });
    const variables = within(within(panel).getByRole('region', { name: 'Variables' }));
    const holds = (name: string) => variables.getByText(name, { selector: 'code' }).closest('div')!.querySelector('dd')!.textContent;
    expect(holds('{{last}}')).toBe('"Agent"\'s answer text');
    expect(holds('{{last_raw}}')).toBe('"Agent"\'s whole output: {text, usage, model, provider, provider_model}');
    expect(holds('{{nodes.a1.output.text}}')).toBe('"Agent"\'s answer text');
    expect(holds('{{nodes.t1.output}}')).toBe('"Start Trigger"\'s output: the payload it started with');
    expect(holds('{{payload.<field>}}')).toBe('One field of the payload');
    // the node after the trigger: the trigger's payload is what it passes on
    fireEvent.click(screen.getByTestId('node-a1'));
    const agent = within(await screen.findByRole('region', { name: 'Variables' }));
    expect(agent.queryByText('{{nodes.a1.output.text}}')).not.toBeInTheDocument();
    expect(agent.getByText('{{last}}', { selector: 'code' }).closest('div')!.querySelector('dd')).toHaveTextContent(
      'What "Start Trigger" passed on, as text',
    );
  });

  it('the Slack node asks for one address, its webhook URL', async () => {
    const r = await openBuilder();
    await r.user.click(paletteItem('Slack Message'));
    const panel = await screen.findByRole('complementary', { name: 'Node Properties' });
    expect(within(panel).queryByRole('textbox', { name: 'URL' })).not.toBeInTheDocument();
    const url = within(panel).getByRole('textbox', { name: 'Slack webhook URL' });
    await r.user.type(url, 'https://hooks.slack.com/services/T/B/x');
    expect(url).toHaveValue('https://hooks.slack.com/services/T/B/x');
  });

  it('a member sees the flow read-only: no palette, save, test or deploy, fields disabled, nothing saved', async () => {
    const api = fakeApi([graphFlow()]);
    const r = renderFlows({ route: '/flows/flow-1', api, role: 'member' });
    expect(await screen.findByRole('heading', { level: 1, name: 'New Workflow' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Workflow' })).not.toBeInTheDocument(); // no click-to-rename
    expect(screen.getByText('Read only')).toBeInTheDocument();
    for (const b of ['Save Flow', 'Test Flow', 'Deploy', 'Undeploy']) expect(screen.queryByRole('button', { name: b })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Runs' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Node palette' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('node-a1'));
    const panel = await screen.findByRole('complementary', { name: 'Node Properties' });
    expect(within(panel).getByLabelText('Label')).toBeDisabled();
    expect(within(panel).queryByRole('button', { name: 'Delete node' })).not.toBeInTheDocument();
    window.dispatchEvent(new Event('pagehide'));
    await r.user.click(screen.getByRole('button', { name: '← Back to Flows' }));
    expect(api.saveFlow).not.toHaveBeenCalled();
    expect(api.updateFlow).not.toHaveBeenCalled();
  });

  it('a member opening /flows/new creates nothing and is told why', async () => {
    const api = fakeApi();
    renderFlows({ route: '/flows/new', api, role: 'member' });
    expect(await screen.findByText('Your role does not allow creating flows.')).toBeInTheDocument();
    expect(api.insertFlow).not.toHaveBeenCalled();
  });

  it('an auto-save the server refuses for the role says so, not "check your connection"', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const api = fakeApi([graphFlow()]);
    api.saveFlow.mockRejectedValue(
      new Error('database error: new row violates row-level security policy for table "flows"', { cause: { code: '42501' } }),
    );
    const r = renderFlows({ route: '/flows/flow-1', api, user });
    await screen.findByRole('button', { name: 'New Workflow' });
    paletteItem('Webhook').focus();
    await user.keyboard('{Enter}');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000);
    });
    expect(r.notify.error).toHaveBeenCalledWith('Auto-save Failed', 'Your role does not allow saving flows.');
  });

  it('reports a flow that does not exist', async () => {
    const r = renderFlows({ route: '/flows/missing' });
    expect(await screen.findByText('The flow could not be loaded.')).toBeInTheDocument();
    expect(r.notify.error).toHaveBeenCalledWith('Flow Not Found', 'The flow could not be loaded.');
  });

  it('Back to Flows saves pending changes first', async () => {
    const r = await openBuilder();
    await r.user.click(paletteItem('Slack Message'));
    await r.user.click(screen.getByRole('button', { name: '← Back to Flows' }));
    await waitFor(() => expect(r.location()).toBe('/flows'));
    expect(r.api.saveFlow).toHaveBeenCalledTimes(1);
    expect(r.api.saveFlow.mock.calls[0]![0].flowData.nodes).toHaveLength(4);
  });
});
