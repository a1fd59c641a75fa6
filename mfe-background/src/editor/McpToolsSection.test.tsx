import '../testing/jest-dom.d.ts';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderBackground } from '../testing/renderBackground.js';

const CRM = {
  id: 'srv-1',
  name: 'CRM',
  tools: [
    { ref: 'mcp:srv-1:find_contact', name: 'find_contact', label: 'CRM » Find contact', description: 'Finds a contact in the CRM by name' },
    { ref: 'mcp:srv-1:big_report', name: 'big_report', label: 'CRM » big_report', description: 'A very long report' },
  ],
};

describe('MCP tools of a background agent', () => {
  it("offers the library's MCP tools grouped by server and saves the ones attached", async () => {
    const api = fakeApi();
    api.listMcpTools.mockResolvedValue([CRM]);
    const { user } = renderBackground({ route: '/background/new', api });
    const section = screen.getByRole('region', { name: 'MCP tools' });
    const group = await within(section).findByRole('group', { name: 'CRM (MCP)' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['CRM » Find contact', 'CRM » big_report']);
    await user.click(within(group).getByLabelText('CRM » Find contact'));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(api.saveAgent).toHaveBeenCalledTimes(1));
    expect(api.saveAgent.mock.calls[0]![0]).toMatchObject({ mcpTools: ['mcp:srv-1:find_contact'] });
  });

  it('says when there are no MCP servers', async () => {
    renderBackground({ route: '/background/new' });
    const section = screen.getByRole('region', { name: 'MCP tools' });
    expect(await within(section).findByText('No MCP servers yet: an administrator adds them in Admin → MCP servers.')).toBeInTheDocument();
  });
});
