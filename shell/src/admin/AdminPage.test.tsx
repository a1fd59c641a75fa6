import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@accent/shared';
import { loadAdminSettings } from '@accent/shared/client';
import { ADMIN, MEMBER, fakeServices, registryEntry, renderWithProviders, testSession } from '../app/testing.js';
import AdminPage from './AdminPage.js';

const session = testSession();
afterAll(() => session.stop());
afterEach(() => localStorage.clear());

describe('Administration', () => {
  it('refuses members', async () => {
    await session.signIn(MEMBER);
    await renderWithProviders(<AdminPage />, '/admin');
    expect(screen.getByRole('heading', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the admin’s account, environment and library, and the registry', async () => {
    await session.signIn(ADMIN);
    const { services } = fakeServices({ registry: [registryEntry('agents'), registryEntry('pages')] });
    await renderWithProviders(<AdminPage />, '/admin', { services });
    expect(screen.getByText('ada@accent.local')).toBeInTheDocument();
    expect(screen.getByText('lo-n02')).toBeInTheDocument();
    expect(screen.getByText(ADMIN.library_id)).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Agentsmfe_agents/mfe/agents/mf-manifest.json1.0.0',
      'Pagesmfe_pages/mfe/pages/mf-manifest.json1.0.0',
    ]);
  });

  it('keeps the browser settings', async () => {
    await session.signIn(ADMIN);
    await renderWithProviders(<AdminPage />, '/admin');
    await userEvent.click(screen.getByRole('checkbox', { name: /Experimental projects/ }));
    expect(loadAdminSettings().experimentalProjects).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: /Content area/ }));
    expect(localStorage.getItem(STORAGE_KEYS.contentFeatureFlag)).toBe('on');
  });
});
