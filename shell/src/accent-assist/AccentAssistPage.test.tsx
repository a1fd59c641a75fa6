import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, silenceInEachTest } from '../app/testing.js';
import AccentAssistPage from './AccentAssistPage.js';

const location = () => screen.getByTestId('location').textContent;

const alertSpy = silenceInEachTest(window, 'alert');
const logSpy = silenceInEachTest(console, 'log');

describe('Accent Assist', () => {
  it('is a coming-soon page with features and a timeline', async () => {
    await renderWithProviders(<AccentAssistPage />, '/accent-assist');
    expect(screen.getByText('Coming Soon')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What it will do' })).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-status'));
    expect(steps.map((li) => [li.textContent, li.getAttribute('data-status')])).toEqual([
      ['Platform Foundation Completed', 'completed'],
      ['Backend Development In progress', 'in-progress'],
      ['Launch Q2 2024 Planned', 'planned'],
    ]);
  });

  it('Notify Me thanks the user and says they will be notified', async () => {
    await renderWithProviders(<AccentAssistPage />, '/accent-assist');
    await userEvent.click(screen.getByRole('button', { name: 'Notify Me' }));
    await waitFor(() => expect(alertSpy()).toHaveBeenCalledTimes(1));
    const message = String(alertSpy().mock.calls[0][0]);
    expect(message).toMatch(/thank you for your interest/i);
    expect(message).toMatch(/notify you/i);
  });

  it('Explore Other Features logs and goes to Agent Deployment', async () => {
    await renderWithProviders(<AccentAssistPage />, '/accent-assist');
    await userEvent.click(screen.getByRole('button', { name: 'Explore Other Features' }));
    expect(logSpy()).toHaveBeenCalled();
    expect(location()).toBe('/deploy');
  });
});
