import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANDING_FIGURES } from './figures.js';
import { renderWithProviders } from '../app/testing.js';
import LandingPage from './LandingPage.js';

const location = () => screen.getByTestId('location').textContent;

describe('Landing page', () => {
  it('has a header with the logo, the section anchors and Login', async () => {
    const { container } = await renderWithProviders(<LandingPage />, '/landing');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('img', { name: 'Accent' })).toBeInTheDocument();
    for (const [label, id] of [
      ['Features', 'features'],
      ['Pricing', 'pricing'],
      ['Resources', 'resources'],
      ['Contact', 'contact'],
    ]) {
      expect(within(header).getByRole('link', { name: label })).toHaveAttribute('href', `#${id}`);
      // the section the anchor points at exists
      expect(container.querySelector(`section#${id}`)).not.toBeNull();
    }
    await userEvent.click(within(header).getByRole('link', { name: 'Login' }));
    expect(location()).toBe('/login');
  });

  it('shows every marketing figure of the spec', async () => {
    await renderWithProviders(<LandingPage />, '/landing');
    for (const figure of Object.values(LANDING_FIGURES)) expect(screen.getAllByText(figure, { exact: true }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('listitem').filter((li) => li.querySelector('[class*="statValue"], .statValue'))).toHaveLength(3);
  });

  it('has a welcome hero, customer quotes, two product cards and the capabilities grid', async () => {
    await renderWithProviders(<LandingPage />, '/landing');
    expect(screen.getByRole('heading', { level: 1, name: /Welcome to Accent/ })).toBeInTheDocument();
    expect(screen.getAllByRole('blockquote').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('article', { name: 'Accent Assist' })).toHaveTextContent('AI sales and marketing assistant');
    expect(screen.getByRole('article', { name: 'Accent Magic' })).toHaveTextContent('Sales and marketing automation platform');
    for (const capability of [
      'Visual drag-and-drop builder',
      'CRM and document integrations',
      'Instant deployment',
      'Enterprise security',
      'Analytics',
      'Global scale',
      'Lead scoring and revenue intelligence',
    ]) {
      expect(screen.getByRole('heading', { name: capability, level: 3 })).toBeInTheDocument();
    }
    expect(screen.getByText(/Single sign-on, role-based access/)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('Learn More scrolls to the features', async () => {
    const scroll = jest.fn();
    Element.prototype.scrollIntoView = scroll;
    await renderWithProviders(<LandingPage />, '/landing');
    await userEvent.click(screen.getByRole('button', { name: 'Learn More about Accent Assist' }));
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(document.getElementById('features'));
    expect(document.getElementById('features')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Learn More about Accent Magic' }));
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('has the Quick Actions: Deploy Page Agent to login, View Documentation to the API docs', async () => {
    await renderWithProviders(<LandingPage />, '/landing');
    expect(screen.getByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View Documentation/ })).toHaveAttribute('href', '/api/docs');
    await userEvent.click(screen.getByRole('link', { name: /Deploy Page Agent/ }));
    expect(location()).toBe('/login');
  });
});
