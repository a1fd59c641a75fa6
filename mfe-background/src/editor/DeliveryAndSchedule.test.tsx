import '../testing/jest-dom.d.ts';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@accent/shared/client';
import { agent, fakeApi, renderBackground } from '../testing/renderBackground.js';

/** How the data service rejects a save the database refused (`database error: …` caused by the PostgREST error). */
function refused(message: string, hint: string) {
  return new Error(`database error: ${message}`, { cause: { code: '23514', message, details: null, hint } });
}
const CRON_MESSAGE = 'Invalid cron expression "0 99 * * *": hour must be between 0 and 23 (got "99")';
const CRON_HINT = 'Use five fields: minute hour day-of-month month day-of-week, e.g. 0 7 * * 1-5 for 7 AM on weekdays.';

describe('Delivery settings', () => {
  it('shows the settings of the checked channels only', async () => {
    const { user } = renderBackground({ route: '/background/new' });
    expect(screen.queryByTestId('delivery-settings')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Dashboard'));
    expect(screen.queryByTestId('delivery-settings')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Email'));
    const email = screen.getByLabelText('Email recipients');
    expect(email).toHaveAccessibleDescription('Comma-separated; empty = your own address');
    await user.type(email, 'a@x.test, b@x.test');

    const slack = within(screen.getByRole('region', { name: 'Output & Delivery' })).getByLabelText('Slack');
    await user.click(slack);
    expect(screen.getByText("Posts to the library's Slack incoming webhook (Admin → Credentials)")).toBeInTheDocument();

    await user.click(screen.getByLabelText('SMS'));
    const sms = screen.getByLabelText('SMS recipients (E.164, comma-separated)');
    expect(sms).toHaveAccessibleDescription(/SMS provider credentials/);
    await user.type(sms, '+15551234567');

    await user.click(screen.getByLabelText('Webhook'));
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/x');

    // unchecking hides the field but keeps what was typed
    await user.click(screen.getByLabelText('Email'));
    expect(screen.queryByLabelText('Email recipients')).not.toBeInTheDocument();
    await user.click(slack);
    expect(screen.queryByText(/Slack incoming webhook/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('Email recipients')).toHaveValue('a@x.test, b@x.test');
  });

  it('saves the delivery settings with the configuration', async () => {
    const { user, api } = renderBackground({ route: '/background/new' });
    await user.click(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email recipients'), 'a@x.test');
    await user.click(screen.getByLabelText('SMS'));
    await user.type(screen.getByLabelText('SMS recipients (E.164, comma-separated)'), '+15551234567');
    await user.click(screen.getByLabelText('Webhook'));
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/x');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(api.saveAgent).toHaveBeenCalledTimes(1));
    expect(api.saveAgent.mock.calls[0]![0]).toMatchObject({
      deliveryChannels: ['email', 'sms', 'webhook'],
      emailRecipients: 'a@x.test',
      smsRecipients: '+15551234567',
      webhookUrl: 'https://hooks.example.com/x',
    });
  });
});

describe('Schedule', () => {
  it("shows the database's message next to the cron field when it refuses the expression, keeping every value", async () => {
    const api = fakeApi();
    api.saveAgent.mockRejectedValueOnce(refused(CRON_MESSAGE, CRON_HINT));
    const { user, notify, location } = renderBackground({ route: '/background/new', api });
    await user.type(screen.getByLabelText(/System Prompt/), 'Keep me');
    await user.selectOptions(screen.getByLabelText('Schedule Type'), 'cron');
    const cron = screen.getByLabelText('Cron Expression');
    await user.type(cron, '0 99 * * *');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Save Failed', `${CRON_MESSAGE}. ${CRON_HINT}`));
    expect(cron).toHaveAccessibleDescription(`${CRON_MESSAGE} ${CRON_HINT}`);
    expect(cron).toHaveAttribute('aria-invalid', 'true');
    expect(cron).toHaveFocus();
    expect(screen.getByText(CRON_MESSAGE)).toBeInTheDocument();
    // nothing lost, still here
    expect(location()).toBe('/background/new');
    expect(cron).toHaveValue('0 99 * * *');
    expect(screen.getByLabelText(/System Prompt/)).toHaveValue('Keep me');

    // editing the expression clears the message; the next save goes through
    await user.clear(cron);
    await user.type(cron, '0 9 * * *');
    expect(cron).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(CRON_MESSAGE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(location()).toBe('/background'));
    expect(api.saveAgent.mock.calls[1]![0]).toMatchObject({ scheduleType: 'cron', cronExpression: '0 9 * * *', systemPrompt: 'Keep me' });
  });

  it('shows a refused time zone next to the time zone', async () => {
    const api = fakeApi([agent('bg-1', { name: 'Tz', timezone: 'Mars/Base' }, 'draft')]);
    api.saveAgent.mockRejectedValueOnce(refused('Unknown time zone "Mars/Base"', 'Choose one of the listed time zones.'));
    const { user, notify } = renderBackground({ route: '/background/bg-1', api });
    const tz = await screen.findByLabelText('Timezone');
    expect(tz).toHaveValue('Mars/Base');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Save Failed', 'Unknown time zone "Mars/Base". Choose one of the listed time zones.'));
    expect(tz).toHaveAccessibleDescription('Unknown time zone "Mars/Base" Choose one of the listed time zones.');
  });

  it('keeps the generic message for other save failures', async () => {
    const api = fakeApi();
    api.saveAgent.mockRejectedValueOnce(new Error('database error: down'));
    const { user, notify } = renderBackground({ route: '/background/new', api });
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Save Failed', 'Could not save the background agent. Please check your connection.'));
  });

  it('shows the event trigger URL and how to sign for a saved event agent', async () => {
    const api = fakeApi([agent('bg-1', { name: 'Evented', scheduleType: 'event', interval: '' }, 'active')]);
    const { user } = renderBackground({ route: '/background/bg-1', api });
    expect(await screen.findByLabelText('Event trigger URL')).toHaveValue('http://localhost:3000/api/v1/background-agents/bg-1/events');
    expect(api.getEventTrigger).toHaveBeenCalledWith('bg-1');
    expect(screen.getByTestId('event-trigger')).toHaveTextContent('X-Accent-Signature');
    expect(screen.getByTestId('event-trigger')).toHaveTextContent('sha256=<HMAC-SHA256 of the raw body under the library webhook secret>');
    await user.selectOptions(screen.getByLabelText('Schedule Type'), 'interval');
    expect(screen.queryByLabelText('Event trigger URL')).not.toBeInTheDocument();
  });

  it("asks to save a new event agent first, and shows the server's reason when the trigger is refused", async () => {
    const { user, unmount } = renderBackground({ route: '/background/new' });
    await user.selectOptions(screen.getByLabelText('Schedule Type'), 'event');
    expect(screen.getByText('Save the agent to get its event trigger URL.')).toBeInTheDocument();
    unmount();

    const api = fakeApi([agent('bg-2', { name: 'Evented', scheduleType: 'event', interval: '' }, 'draft')]);
    api.getEventTrigger.mockRejectedValueOnce(new ApiError(409, 'Conflict', 'Save the agent with the event schedule type first.'));
    renderBackground({ route: '/background/bg-2', api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Event trigger: Save the agent with the event schedule type first.');
  });
});

describe('Paused agents', () => {
  it('explains that the agent was paused and that Update resumes it', async () => {
    const api = fakeApi([agent('bg-1', { name: 'Flaky', category: 'Sales Analytics', description: 'd', systemPrompt: 'p', dataSources: ['gmail'], deliveryChannels: ['dashboard'] }, 'paused')]);
    const { user } = renderBackground({ route: '/background/bg-1', api });
    expect(await screen.findByTestId('paused-notice')).toHaveTextContent('This agent is paused: it does not run on its schedule. Resume it from its card, or Update (publish) it.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.saveAgent).toHaveBeenCalledWith(expect.objectContaining({ status: 'active' }), 'active', 'bg-1'));
  });

  it('shows no notice for active agents', async () => {
    renderBackground({ route: '/background/bg-1', api: fakeApi([agent('bg-1', { name: 'Fine' }, 'active')]) });
    expect(await screen.findByRole('heading', { name: 'Edit Background Agent' })).toBeInTheDocument();
    await screen.findByLabelText(/Agent Name/);
    expect(screen.queryByTestId('paused-notice')).not.toBeInTheDocument();
  });
});
