import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast } from '@accent/shared/client';
import type { FlowHostsResponse } from '@accent/shell-common';
import { FlowHostsApiContext, type FlowHostsApi } from './flow-hosts-api.js';
import { FLOW_HOSTS_TEXTS, FlowHostsPanel } from './FlowHostsPanel.js';
import { renderWithApi } from '../app/testing.js';

afterEach(() => toast.clear());

/** Answers like the server: the list as saved, an entry the guard cannot read refused by its index. */
function fakeFlowHosts(initial: string[], environment: string[] = []) {
  let stored = initial;
  const answer = (): FlowHostsResponse => ({ hosts: stored, environment, updated_at: null });
  const get = jest.fn(async () => answer());
  const put = jest.fn(async (hosts: string[]) => {
    const bad = hosts.findIndex((h) => h.includes(' ') || h.includes('://'));
    if (bad >= 0)
      throw new ApiError(
        400,
        'Bad Request',
        `hosts.${bad}: "${hosts[bad]}" is not a host name, *.domain wildcard, IP address or CIDR range (such as 10.0.0.0/8).`,
      );
    stored = hosts.map((h) => h.toLowerCase());
    return answer();
  });
  const api: FlowHostsApi = { get, put };
  return { api, get, put };
}

const renderPanel = (api: FlowHostsApi) => renderWithApi(FlowHostsApiContext, api, <FlowHostsPanel />);

describe('Admin → Settings → Allowed flow hosts', () => {
  it("shows the library's hosts one per line and the server's FLOW_ALLOW_HOSTS beside them", async () => {
    renderPanel(fakeFlowHosts(['crm.internal', '10.0.0.0/8'], ['*.corp.example']).api);
    const field = await screen.findByRole('textbox', { name: 'Allowed hosts' });
    expect(field).toHaveValue('crm.internal\n10.0.0.0/8');
    expect(field).toHaveAccessibleDescription(FLOW_HOSTS_TEXTS.hint);
    expect(screen.getByRole('heading', { name: 'Allowed flow hosts' })).toBeInTheDocument();
    expect(screen.getByText('*.corp.example')).toBeInTheDocument();
  });

  it('saves the lines (blank ones dropped) and says so', async () => {
    const fake = fakeFlowHosts([]);
    renderPanel(fake.api);
    const field = await screen.findByRole('textbox', { name: 'Allowed hosts' });
    await userEvent.type(field, 'CRM.internal{enter}{enter}  192.168.1.0/24  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save hosts' }));
    expect(fake.put).toHaveBeenCalledWith(['CRM.internal', '192.168.1.0/24']);
    expect(await screen.findByText('Allowed flow hosts saved')).toBeInTheDocument();
    expect(field).toHaveValue('crm.internal\n192.168.1.0/24');
  });

  it('says a refused entry at the field, with its line, and keeps what was typed', async () => {
    const fake = fakeFlowHosts(['crm.internal']);
    renderPanel(fake.api);
    const field = await screen.findByRole('textbox', { name: 'Allowed hosts' });
    await userEvent.type(field, '{enter}http://lab.internal');
    await userEvent.click(screen.getByRole('button', { name: 'Save hosts' }));
    const message = 'Line 2: "http://lab.internal" is not a host name, *.domain wildcard, IP address or CIDR range (such as 10.0.0.0/8).';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field).toHaveValue('crm.internal\nhttp://lab.internal');
    // typing again clears the error
    await userEvent.type(field, 'x');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('offers Retry when the list cannot be read', async () => {
    const fake = fakeFlowHosts(['crm.internal']);
    fake.get.mockRejectedValueOnce(new ApiError(503, 'Service Unavailable', 'The database is not reachable'));
    renderPanel(fake.api);
    expect(await screen.findByRole('alert')).toHaveTextContent(FLOW_HOSTS_TEXTS.loadFailed);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: 'Allowed hosts' })).toHaveValue('crm.internal');
  });
});
