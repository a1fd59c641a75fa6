import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_SIGN_IN_TEXTS, type AdminUser } from '@accent/shell-common';
import { ADMIN, renderWithProviders, provide } from '../app/testing.js';
import { EmailSignInApiContext } from '../login/email-sign-in-api.js';
import { fakeEmailSignIn } from '../login/email-sign-in-testing.js';
import { SET_PASSWORD_TEXTS, SetPasswordDialog } from './SetPasswordDialog.js';
import { renderAdmin, signedInAdmin } from './testing.js';

signedInAdmin();

const MAX: AdminUser = {
  id: 'u-max',
  email: 'max@accent.local',
  name: 'Max Member',
  title: '',
  role: 'member',
  team: null,
  active: true,
  created_at: '2025-02-01T00:00:00Z',
};

describe('Admin → Users → Set password', () => {
  it('sets a password meeting the rules and says the sessions ended', async () => {
    const api = fakeEmailSignIn();
    const onClose = jest.fn();
    await renderWithProviders(provide(EmailSignInApiContext, api, <SetPasswordDialog user={MAX} onClose={onClose} />), '/admin?tab=users');
    const dialog = screen.getByRole('dialog', { name: SET_PASSWORD_TEXTS.title('Max Member') });
    const field = within(dialog).getByLabelText(/^New password/);
    await userEvent.type(field, 'max@accent.local');
    await userEvent.click(within(dialog).getByRole('button', { name: SET_PASSWORD_TEXTS.save }));
    expect(field).toHaveAccessibleDescription('Password must not be your email address');
    expect(api.setUserPassword).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, 'given-by-admin-3');
    await userEvent.click(within(dialog).getByRole('button', { name: SET_PASSWORD_TEXTS.save }));
    expect(api.setUserPassword).toHaveBeenCalledWith('u-max', 'given-by-admin-3');
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText(EMAIL_SIGN_IN_TEXTS.passwordSetByAdmin('max@accent.local'))).toBeInTheDocument();
  });

  it('is offered on the rows of other active users, not on your own', async () => {
    await renderAdmin('?tab=users');
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByRole('button', { name: `Set password of ${ADMIN.name}` })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set password of Max Member' }));
    expect(screen.getByRole('dialog', { name: SET_PASSWORD_TEXTS.title('Max Member') })).toBeInTheDocument();
  });
});
