import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@accent/shared/client';
import { fakeAdminApi, renderAdmin, signedInAdmin } from './testing.js';

signedInAdmin();

const STORED_OPENAI = { values: { apiKey: 'sk-proj-abcdefghijkl9f2a' }, updated_at: '2025-02-20T08:30:00.000Z' };
const cardOf = (name: string) => screen.getByRole('article', { name });

describe('Model providers', () => {
  it('shows one card per provider with its state, masked hint and last update', async () => {
    await renderAdmin('?tab=providers', {
      admin: fakeAdminApi({ credentials: { 'provider/openai': STORED_OPENAI }, environment: ['provider/anthropic'] }),
    });
    await screen.findByRole('heading', { name: 'OpenAI' });
    expect(screen.getAllByRole('article').map((a) => a.querySelector('h2')!.textContent)).toEqual([
      'OpenAI',
      'Anthropic',
      'Google',
      'Microsoft Azure',
      'Local (OpenAI-compatible)',
    ]);
    const openai = cardOf('OpenAI');
    expect(within(openai).getByText('Configured')).toBeInTheDocument();
    expect(within(openai).getByText('sk-…9f2a')).toBeInTheDocument();
    expect(within(openai).getByText(/Feb 20, 2025/)).toBeInTheDocument();
    expect(within(openai).getByRole('button', { name: 'Replace OpenAI key' })).toBeInTheDocument();
    expect(within(openai).getByRole('button', { name: 'Remove OpenAI key' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('sk-proj-abcdefghijkl9f2a');

    const google = cardOf('Google');
    expect(within(google).getByText('Not configured')).toBeInTheDocument();
    expect(within(google).getByText('Never set')).toBeInTheDocument();
    expect(within(google).queryByRole('button', { name: /Remove/ })).toBeNull();

    const anthropic = cardOf('Anthropic');
    expect(within(anthropic).getByText('Configured')).toBeInTheDocument();
    expect(within(anthropic).getByText(/server's environment/)).toBeInTheDocument();
    expect(within(anthropic).getByRole('button', { name: 'Set key for Anthropic' })).toBeInTheDocument();
  });

  it('sets a key with PUT, clears the form and never shows the secret', async () => {
    const { admin } = await renderAdmin('?tab=providers');
    await screen.findByRole('heading', { name: 'OpenAI' });
    await userEvent.click(screen.getByRole('button', { name: 'Set key for OpenAI' }));
    const dialog = screen.getByRole('dialog', { name: 'Set OpenAI key' });
    const apiKey = within(dialog).getByLabelText(/^API key/);
    expect(apiKey).toHaveAttribute('type', 'password');
    expect(apiKey).toHaveFocus();
    await userEvent.type(apiKey, 'sk-live-1234567890abcd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(admin.putCredential).toHaveBeenCalledWith('provider', 'openai', { apiKey: 'sk-live-1234567890abcd' });
    expect(screen.getByText('OpenAI key saved')).toBeInTheDocument();
    const openai = cardOf('OpenAI');
    expect(within(openai).getByText('Configured')).toBeInTheDocument();
    expect(within(openai).getByText('sk-…abcd')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('sk-live-1234567890abcd');
    expect(document.querySelectorAll('input[value*="sk-live"]')).toHaveLength(0);

    // opening it again starts from an empty form; blank fields keep what is stored
    await userEvent.click(within(openai).getByRole('button', { name: 'Replace OpenAI key' }));
    const again = screen.getByRole('dialog', { name: 'Replace OpenAI key' });
    expect(within(again).getByLabelText(/^API key/)).toHaveValue('');
    expect(within(again).getByLabelText(/^API key/)).toHaveAccessibleDescription('Set. Leave blank to keep the current value.');
  });

  it('checks the provider fields with the shared definition before sending', async () => {
    const { admin } = await renderAdmin('?tab=providers');
    await screen.findByRole('heading', { name: 'Microsoft Azure' });
    await userEvent.click(screen.getByRole('button', { name: 'Set key for Microsoft Azure' }));
    const dialog = screen.getByRole('dialog', { name: 'Set Microsoft Azure key' });
    await userEvent.type(within(dialog).getByLabelText(/^Resource name/), 'bad name!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText(/^API key/)).toHaveAccessibleDescription('API key is required');
    expect(within(dialog).getByLabelText(/^Resource name/)).toHaveAccessibleDescription('Resource name may contain letters, digits and dashes only');
    expect(admin.putCredential).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText(/^API key/), 'azure-key-123456');
    await userEvent.clear(within(dialog).getByLabelText(/^Resource name/));
    await userEvent.type(within(dialog).getByLabelText(/^Resource name/), 'my-openai');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(admin.putCredential).toHaveBeenCalledWith('provider', 'microsoft', { apiKey: 'azure-key-123456', resourceName: 'my-openai' }),
    );
  });

  it('asks the local server for its base URL (a plain input) and shows it as the hint', async () => {
    const { admin } = await renderAdmin('?tab=providers');
    await screen.findByRole('heading', { name: 'Local (OpenAI-compatible)' });
    await userEvent.click(screen.getByRole('button', { name: 'Set key for Local (OpenAI-compatible)' }));
    const dialog = screen.getByRole('dialog', { name: 'Set Local (OpenAI-compatible) key' });
    const baseUrl = within(dialog).getByLabelText(/^Base URL/);
    expect(baseUrl).toHaveAttribute('type', 'url');
    expect(within(dialog).getByLabelText(/^API key/)).toHaveAttribute('type', 'password');
    await userEvent.type(baseUrl, 'http://localhost:11434/v1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(admin.putCredential).toHaveBeenCalledWith('provider', 'local', { baseUrl: 'http://localhost:11434/v1' });
    expect(within(cardOf('Local (OpenAI-compatible)')).getByText('http://localhost:11434/v1')).toBeInTheDocument();
  });

  it('shows a server refusal next to its field', async () => {
    const admin = fakeAdminApi();
    admin.putCredential.mockRejectedValueOnce(new ApiError(400, 'Bad Request', 'values.apiKey: API key is not valid for OpenAI'));
    await renderAdmin('?tab=providers', { admin });
    await screen.findByRole('heading', { name: 'OpenAI' });
    await userEvent.click(screen.getByRole('button', { name: 'Set key for OpenAI' }));
    const dialog = screen.getByRole('dialog', { name: 'Set OpenAI key' });
    await userEvent.type(within(dialog).getByLabelText(/^API key/), 'nope-nope-nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^API key/)).toHaveAccessibleDescription('API key is not valid for OpenAI'));
  });

  it('removes a key after confirmation', async () => {
    const { admin } = await renderAdmin('?tab=providers', { admin: fakeAdminApi({ credentials: { 'provider/openai': STORED_OPENAI } }) });
    await screen.findByRole('heading', { name: 'OpenAI' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove OpenAI key' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the OpenAI key?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(admin.deleteCredential).toHaveBeenCalledWith('provider', 'openai');
    expect(await screen.findByText('OpenAI key removed')).toBeInTheDocument();
    await waitFor(() => expect(within(cardOf('OpenAI')).getByText('Not configured')).toBeInTheDocument());
    expect(within(cardOf('OpenAI')).queryByText('sk-…9f2a')).toBeNull();
    expect(admin.listCredentials).toHaveBeenCalledTimes(2);
  });

  it('keeps the cards on screen while it reads them again after a removal, and says so when that read fails', async () => {
    const admin = fakeAdminApi({ credentials: { 'provider/openai': STORED_OPENAI } });
    await renderAdmin('?tab=providers', { admin });
    await screen.findByRole('heading', { name: 'OpenAI' });
    let fail!: () => void;
    admin.listCredentials.mockImplementationOnce(
      () => new Promise((_, reject) => (fail = () => reject(new ApiError(503, 'Service Unavailable', 'Try again later')))),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove OpenAI key' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Remove the OpenAI key?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(admin.listCredentials).toHaveBeenCalledTimes(2));
    // the removal shows at once; the read that checks it does not take the cards away
    expect(within(cardOf('OpenAI')).getByText('Not configured')).toBeInTheDocument();
    expect(screen.queryByText('Loading model providers...')).toBeNull();
    fail();
    expect(await screen.findByText('Could not refresh')).toBeInTheDocument();
    expect(screen.getByText('HTTP 503: Try again later')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(within(cardOf('OpenAI')).getByText('Not configured')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows an error with Retry', async () => {
    const admin = fakeAdminApi();
    admin.listCredentials.mockRejectedValueOnce(new ApiError(403, 'Forbidden', 'Only administrators can do this.'));
    await renderAdmin('?tab=providers', { admin });
    expect(await screen.findByText('Could not load model providers: HTTP 403: Only administrators can do this.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'OpenAI' })).toBeInTheDocument();
  });
});

describe('Connectors', () => {
  it('shows every connector and the agent tools it powers', async () => {
    await renderAdmin('?tab=connectors', {
      admin: fakeAdminApi({
        credentials: { 'connector/slack': { values: { botToken: 'xoxb-1111-2222-abcd' }, updated_at: '2025-02-21T08:30:00.000Z' } },
      }),
    });
    await screen.findByRole('heading', { name: 'Slack' });
    expect(screen.getAllByRole('article').map((a) => a.querySelector('h2')!.textContent)).toEqual([
      'Google Search',
      'Serp API',
      'SendGrid',
      'HubSpot',
      'Salesforce',
      'LinkedIn',
      'Slack',
      'Slack incoming webhook',
      'SMS provider (Twilio)',
    ]);
    const slack = cardOf('Slack');
    expect(slack).toHaveTextContent('Powers Send Channel Message, Send Direct Message, Send Message');
    expect(within(slack).getByText('xox…abcd')).toBeInTheDocument();
    expect(cardOf('LinkedIn')).toHaveTextContent('Powers LinkedIn API, Create Share Update, Create Company Update');
    expect(within(cardOf('HubSpot')).getByText('Not configured')).toBeInTheDocument();
    expect(cardOf('SMS provider (Twilio)')).toHaveTextContent('Texts the results of background agents with the SMS delivery channel');
  });

  it('sets a connector with all its fields', async () => {
    const { admin } = await renderAdmin('?tab=connectors');
    await screen.findByRole('heading', { name: 'SendGrid' });
    await userEvent.click(screen.getByRole('button', { name: 'Set key for SendGrid' }));
    const dialog = screen.getByRole('dialog', { name: 'Set SendGrid key' });
    await userEvent.type(within(dialog).getByLabelText(/^API key/), 'SG.secret-value-1234');
    await userEvent.type(within(dialog).getByLabelText(/^From address/), 'sales@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(admin.putCredential).toHaveBeenCalledWith('connector', 'sendgrid', { apiKey: 'SG.secret-value-1234', from: 'sales@example.com' });
    expect(document.body).not.toHaveTextContent('SG.secret-value-1234');
  });
});
