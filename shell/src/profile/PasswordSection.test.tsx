import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@accent/shared/client';
import { EMAIL_SIGN_IN_TEXTS } from '@accent/shell-common';
import { ADMIN, renderWithProviders, testSession, provide } from '../app/testing.js';
import { EmailSignInApiContext } from '../login/email-sign-in-api.js';
import { fakeEmailSignIn } from '../login/email-sign-in-testing.js';
import { PASSWORD_SECTION_TEXTS, PasswordSection } from './PasswordSection.js';

const session = testSession();
beforeAll(() => session.signIn(ADMIN));
afterAll(() => session.stop());
afterEach(() => toast.clear());

const renderSection = (api: ReturnType<typeof fakeEmailSignIn>) =>
  renderWithProviders(provide(EmailSignInApiContext, api, <PasswordSection />), '/profile');

async function fill(current: string, next: string, repeat = next) {
  await userEvent.type(screen.getByLabelText(/^Current password/), current);
  await userEvent.type(screen.getByLabelText(/^New password/), next);
  await userEvent.type(screen.getByLabelText(/^Repeat the new password/), repeat);
  await userEvent.click(screen.getByRole('button', { name: PASSWORD_SECTION_TEXTS.submit }));
}

describe('Profile → Password', () => {
  it('changes the password with the current one and says the other sessions ended', async () => {
    const api = fakeEmailSignIn({ currentPassword: 'old-password-1' });
    await renderSection(api);
    expect(screen.getByRole('heading', { name: 'Password' })).toBeInTheDocument();
    await fill('old-password-1', 'quiet-river-stone-7');
    expect(await screen.findByText(EMAIL_SIGN_IN_TEXTS.passwordChanged)).toBeInTheDocument();
    expect(api.changePassword).toHaveBeenCalledWith({ current_password: 'old-password-1', new_password: 'quiet-river-stone-7' });
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('says a wrong current password at that field', async () => {
    await renderSection(fakeEmailSignIn({ currentPassword: 'old-password-1' }));
    await fill('not-it', 'quiet-river-stone-7');
    expect(await screen.findByLabelText(/^Current password/)).toHaveAccessibleDescription(EMAIL_SIGN_IN_TEXTS.wrongCurrentPassword);
  });

  it('refuses a weak or mistyped new password before asking the server', async () => {
    const api = fakeEmailSignIn();
    await renderSection(api);
    await fill('old-password-1', 'ada@accent.local');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must not be your email address');
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'quiet-river-stone-7');
    await userEvent.click(screen.getByRole('button', { name: PASSWORD_SECTION_TEXTS.submit }));
    expect(screen.getByText(PASSWORD_SECTION_TEXTS.mismatch)).toBeInTheDocument();
    expect(api.changePassword).not.toHaveBeenCalled();
  });
});
