import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast } from '@accent/shared/client';
import type { McpConnectionRequest, McpServerInfo } from '@accent/shell-common';
import { ADMIN, renderWithProviders, testSession } from '../app/testing.js';
import { MCP_PANEL_TEXTS as T, McpServersPanel } from './McpServersPanel.js';
import type { McpServersApi } from './mcp-servers-api.js';

const session = testSession();
beforeAll(() => session.signIn(ADMIN));
afterAll(() => session.stop());
afterEach(() => toast.clear());

const TOOLS = [{ name: 'find_contact', title: 'Find contact', description: 'Finds a contact', input_schema: { type: 'object' } }];

function fakeMcpApi() {
  let servers: McpServerInfo[] = [];
  return {
    list: jest.fn(async () => servers),
    test: jest.fn(async (body: McpConnectionRequest) => {
      if (body.url.includes('down'))
        throw new ApiError(422, 'Unprocessable Entity', 'Could not connect to CRM: the server refused the connection (is it running?)');
      return TOOLS;
    }),
    add: jest.fn(async (body: McpConnectionRequest) => {
      const added: McpServerInfo = {
        id: 's1',
        name: body.name,
        url: body.url,
        transport: 'streamable_http',
        auth: body.auth ?? 'none',
        header_name: '',
        has_secret: Boolean(body.secret),
        tools: TOOLS,
        tools_checked_at: '2026-11-27T10:00:00.000Z',
        created_at: '2026-11-27T10:00:00.000Z',
      };
      servers = [added];
      return added;
    }),
    refresh: jest.fn(async () => servers[0]),
    remove: jest.fn(async (id: string) => {
      servers = servers.filter((s) => s.id !== id);
    }),
  } satisfies McpServersApi;
}

describe('Admin → MCP servers', () => {
  it('tests the connection (listing the tools or saying why not), then adds the server with its secret', async () => {
    const api = fakeMcpApi();
    await renderWithProviders(<McpServersPanel serversApi={api} />, '/admin?tab=mcp-servers');
    expect(await screen.findByText(T.none)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: T.add });
    await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), 'CRM');
    await userEvent.type(within(form).getByRole('textbox', { name: /Server URL/ }), 'http://down.example/mcp');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /Authentication/ }), 'bearer');
    await userEvent.type(within(form).getByLabelText(/Token or header value/), 'secret-1');
    await userEvent.click(within(form).getByRole('button', { name: T.test }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Could not connect to CRM: the server refused the connection');

    await userEvent.clear(within(form).getByRole('textbox', { name: /Server URL/ }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Server URL/ }), 'https://crm.example/mcp');
    await userEvent.click(within(form).getByRole('button', { name: T.test }));
    expect(await within(form).findByRole('list', { name: 'Tools found' })).toHaveTextContent('Find contact — Finds a contact');
    await userEvent.click(within(form).getByRole('button', { name: T.save }));
    expect(api.add).toHaveBeenCalledWith({
      name: 'CRM',
      url: 'https://crm.example/mcp',
      transport: 'streamable_http',
      auth: 'bearer',
      header_name: '',
      secret: 'secret-1',
    });
    const table = await screen.findByRole('table', { name: 'MCP servers' });
    expect(within(table).getByRole('row', { name: /CRM/ })).toHaveTextContent('Find contact');

    await userEvent.click(within(table).getByRole('button', { name: `${T.remove}: CRM` }));
    await userEvent.click(within(screen.getByRole('dialog', { name: T.removeTitle('CRM') })).getByRole('button', { name: T.remove }));
    expect(api.remove).toHaveBeenCalledWith('s1');
    expect(await screen.findByText(T.none)).toBeInTheDocument();
  }, 30_000);
});
