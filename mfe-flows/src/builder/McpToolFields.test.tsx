import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import type { FlowMcpServer } from '../data/flows.js';
import { fakeApi, graphFlow, renderFlows } from '../testing/renderFlows.js';

jest.setTimeout(20_000);

const CRM: FlowMcpServer = {
  id: '6f1c2b7e-0000-4000-8000-000000000001',
  name: 'CRM',
  tools: [
    {
      name: 'find_contact',
      label: 'CRM » Find contact',
      description: 'Finds a contact in the CRM by name',
      input_schema: {
        type: 'object',
        properties: { name: { type: 'string', description: 'Part of the contact name' }, limit: { type: 'integer' } },
        required: ['name'],
      },
    },
    { name: 'big_report', label: 'CRM » big_report', description: 'A very long report', input_schema: { type: 'object', properties: {} } },
  ],
};

const paletteItem = (label: string) =>
  within(screen.getByRole('navigation', { name: 'Node palette' })).getByRole('button', { name: new RegExp(`^${label}\\b`) });

describe('the MCP tool node', () => {
  it("is in the palette; its properties choose a server and one of its tools and map each argument with the flow's variables", async () => {
    const api = fakeApi([graphFlow()]);
    api.listMcpTools.mockResolvedValue([CRM]);
    const r = renderFlows({ route: '/flows/flow-1', api });
    await screen.findByRole('button', { name: 'New Workflow' });
    await r.user.click(paletteItem('MCP tool'));
    const panel = await screen.findByRole('complementary', { name: 'Node Properties' });
    expect(within(panel).getByLabelText('Action type')).toHaveValue('mcp_tool');
    // no body, URL or method: the tool's arguments are its fields
    expect(within(panel).queryByLabelText('Body')).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText('URL')).not.toBeInTheDocument();

    const server = await within(panel).findByLabelText('MCP server');
    expect(
      within(server)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a server', 'CRM']);
    await r.user.selectOptions(server, 'CRM');
    const tool = within(panel).getByLabelText('Tool');
    expect(
      within(tool)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a tool', 'Find contact', 'big_report']);
    await r.user.selectOptions(tool, 'Find contact');
    expect(within(panel).getByText('Finds a contact in the CRM by name')).toBeInTheDocument();
    const name = within(panel).getByRole('textbox', { name: 'name (required)' });
    expect(within(panel).getByRole('textbox', { name: 'limit' })).toBeInTheDocument();
    await r.user.type(name, '{{{{payload.who}}');
    expect(name).toHaveValue('{{payload.who}}');

    await r.user.click(screen.getByRole('button', { name: 'Save Flow' }));
    await waitFor(() => expect(api.saveFlow).toHaveBeenCalled());
    const saved = api.saveFlow.mock.calls.at(-1)![0].flowData.nodes.at(-1);
    expect(saved).toMatchObject({
      type: 'action',
      data: {
        label: 'MCP tool',
        subtype: 'mcp',
        actionType: 'mcp_tool',
        mcpServerId: CRM.id,
        mcpTool: 'find_contact',
        arguments: { name: '{{payload.who}}' },
      },
    });

    // another tool starts with its own (no) arguments
    await r.user.selectOptions(within(panel).getByLabelText('Tool'), 'big_report');
    expect(within(panel).queryByRole('textbox', { name: 'name (required)' })).not.toBeInTheDocument();
    expect(within(panel).getByText('This tool takes no arguments.')).toBeInTheDocument();
  });

  it('says when there are no MCP servers', async () => {
    const api = fakeApi([graphFlow()]);
    const r = renderFlows({ route: '/flows/flow-1', api });
    await screen.findByRole('button', { name: 'New Workflow' });
    await r.user.click(paletteItem('MCP tool'));
    const panel = await screen.findByRole('complementary', { name: 'Node Properties' });
    expect(await within(panel).findByText('No MCP servers yet: an administrator adds them in Admin → MCP servers.')).toBeInTheDocument();
  });
});
