import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@accent/agents-common';
import { renderWithProviders, silenceInEachTest } from '../app/testing.js';
import DeployPage from './DeployPage.js';

const location = () => screen.getByTestId('location').textContent;
/** A card by its title (its name is the title, then the description). */
const card = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title} `) });

const alertSpy = silenceInEachTest(window, 'alert');

describe('Agent Deployment', () => {
  it('shows its title and six cards', async () => {
    await renderWithProviders(<DeployPage />, '/deploy');
    expect(screen.getByRole('heading', { name: 'Agent Deployment', level: 1 })).toBeInTheDocument();
    for (const name of ['Agents', 'Flows', 'Agentic', 'Background', 'Page', 'Custom']) expect(card(name)).toBeInTheDocument();
    expect(card('Flows')).toHaveAttribute('data-card-id', 'workflow');
  });

  it.each([
    ['Agents', '/agents'],
    ['Flows', '/flows'],
    ['Background', '/background'],
    ['Page', '/pages/builder'],
    ['Custom', '/pages/builder'],
  ])('%s opens %s', async (name, path) => {
    await renderWithProviders(<DeployPage />, '/deploy');
    await userEvent.click(card(name));
    expect(location()).toBe(path);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(alertSpy()).not.toHaveBeenCalled();
  });

  it('Agentic only shows the alert', async () => {
    await renderWithProviders(<DeployPage />, '/deploy');
    await userEvent.click(card('Agentic'));
    await waitFor(() => expect(alertSpy()).toHaveBeenCalledWith(MESSAGES.agenticAlert));
    expect(location()).toBe('/deploy');
  });

  it('cards work from the keyboard', async () => {
    await renderWithProviders(<DeployPage />, '/deploy');
    card('Background').focus();
    await userEvent.keyboard('{Enter}');
    expect(location()).toBe('/background');
  });

  it('has a back button to home', async () => {
    await renderWithProviders(<DeployPage />, '/deploy');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(location()).toBe('/home');
  });
});
