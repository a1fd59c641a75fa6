import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@accent/shared';
import { loadAdminSettings } from '@accent/shared/client';
import { ADMIN } from '../app/testing.js';
import { adminCallCount, renderAdmin, signedInAdmin } from './testing.js';

signedInAdmin(localStorage);

describe('Settings', () => {
  it('keeps presentation mode off by default and saves the switch at once', async () => {
    const { admin } = await renderAdmin('?tab=settings');
    const box = screen.getByRole('checkbox', { name: 'Experimental projects (presentation mode)' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/demo agents on the Agents dashboard/);

    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(loadAdminSettings().experimentalProjects).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.adminSettings)!)).toEqual({ experimentalProjects: true });
    expect(screen.getByText('Settings saved')).toBeInTheDocument();

    await userEvent.click(box);
    expect(loadAdminSettings().experimentalProjects).toBe(false);
    expect(adminCallCount(admin)).toBe(0);
  });

  it('reads the stored value', async () => {
    localStorage.setItem(STORAGE_KEYS.adminSettings, JSON.stringify({ experimentalProjects: true }));
    await renderAdmin('?tab=settings');
    expect(screen.getByRole('checkbox', { name: 'Experimental projects (presentation mode)' })).toBeChecked();
  });

  it('switches the Content area flag and shows the session', async () => {
    await renderAdmin('?tab=settings');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Content area (experimental)' }));
    expect(localStorage.getItem(STORAGE_KEYS.contentFeatureFlag)).toBe('on');
    expect(screen.getByText(`${ADMIN.name} · ${ADMIN.email}`)).toBeInTheDocument();
    expect(screen.getByText('lo-n02')).toBeInTheDocument();
    expect(screen.getByText(ADMIN.library_id)).toBeInTheDocument();
  });
});
