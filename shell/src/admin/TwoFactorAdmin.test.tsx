import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@accent/shared/client';
import { ADMIN, testSession } from '../app/testing.js';
import { renderAdmin } from './testing.js';
import { TWO_FACTOR_ADMIN_TEXTS as T } from './TwoFactorAdmin.js';
import { fakeTwoFactorAdminApi } from './two-factor-testing.js';

const session = testSession();
beforeAll(() => session.signIn(ADMIN));
afterAll(() => session.stop());
afterEach(() => toast.clear());

const block = () => screen.getByRole('region', { name: T.title });

describe('Admin → Users → Two-factor authentication', () => {
  it('requires it for the library and stops requiring it', async () => {
    const twoFactor = fakeTwoFactorAdminApi();
    await renderAdmin('?tab=users', { twoFactor });
    const box = await within(await screen.findByRole('region', { name: T.title })).findByRole('checkbox', { name: T.require });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(twoFactor.setRequired).toHaveBeenLastCalledWith(true);
    expect(box).toBeChecked();
    expect(await screen.findByText(T.requiredOn)).toBeInTheDocument();
    await userEvent.click(box);
    expect(twoFactor.setRequired).toHaveBeenLastCalledWith(false);
    expect(box).not.toBeChecked();
  });

  it('says why requiring it is refused for an admin without it', async () => {
    await renderAdmin('?tab=users', { twoFactor: fakeTwoFactorAdminApi({ adminHasIt: false }) });
    const box = await within(await screen.findByRole('region', { name: T.title })).findByRole('checkbox', { name: T.require });
    await userEvent.click(box);
    expect(await screen.findByText(/Turn on two-factor authentication for your own account/)).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('lists who has it on and resets a user’s factor after confirming', async () => {
    const twoFactor = fakeTwoFactorAdminApi({ enrolled_user_ids: ['u-bob'] });
    await renderAdmin('?tab=users', { twoFactor });
    const list = await within(await screen.findByRole('region', { name: T.title })).findByRole('list', { name: T.enrolled });
    expect(list).toHaveTextContent('Bob Builder · bob@accent.local');
    await userEvent.click(within(list).getByRole('button', { name: 'Reset two-factor authentication of Bob Builder' }));
    const dialog = screen.getByRole('dialog', { name: T.resetTitle('Bob Builder') });
    await userEvent.click(within(dialog).getByRole('button', { name: T.reset }));
    expect(twoFactor.reset).toHaveBeenCalledWith('u-bob');
    expect(await within(block()).findByText(T.none)).toBeInTheDocument();
  });
});
