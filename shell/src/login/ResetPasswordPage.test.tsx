import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_SIGN_IN_TEXTS } from '@accent/shell-common';
import { renderWithProviders, provide } from '../app/testing.js';
import { EmailSignInApiContext } from './email-sign-in-api.js';
import { fakeEmailSignIn } from './email-sign-in-testing.js';
import ResetPasswordPage, { RESET_PASSWORD_TEXTS } from './ResetPasswordPage.js';

const TOKEN = 'live-token-0123456789abcdef';
const renderPage = (api: ReturnType<typeof fakeEmailSignIn>, token = TOKEN) =>
  renderWithProviders(provide(EmailSignInApiContext, api, <ResetPasswordPage />), `/reset-password?token=${token}`);
const rule = (name: RegExp) => screen.getByText(name).closest('li')!;

describe('/reset-password', () => {
  it('ticks the rules off as the user types, then sets the password and points to sign in', async () => {
    const api = fakeEmailSignIn({ resetEmail: 'ada@accent.local' });
    await renderPage(api);
    expect(await screen.findByText('For ada@accent.local.')).toBeInTheDocument();
    const field = screen.getByLabelText(/^New password/);
    expect(rule(/At least 8 characters/)).toHaveTextContent('(not met yet)');
    await userEvent.type(field, 'password');
    expect(rule(/At least 8 characters/)).toHaveTextContent('(met)');
    expect(rule(/Not a commonly used password/)).toHaveTextContent('(not met yet)');
    await userEvent.clear(field);
    await userEvent.type(field, 'ada@accent.local');
    expect(rule(/Not your email address/)).toHaveTextContent('(not met yet)');
    await userEvent.clear(field);
    await userEvent.type(field, 'quiet-river-stone-7');
    for (const name of [/At least 8/, /Not your email/, /Not a commonly/]) expect(rule(name)).toHaveTextContent('(met)');

    await userEvent.type(screen.getByLabelText(/^Repeat the new password/), 'quiet-river-stone-8');
    await userEvent.click(screen.getByRole('button', { name: RESET_PASSWORD_TEXTS.submit }));
    expect(screen.getByText(RESET_PASSWORD_TEXTS.mismatch)).toBeInTheDocument();
    expect(api.resetPassword).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText(/^Repeat the new password/));
    await userEvent.type(screen.getByLabelText(/^Repeat the new password/), 'quiet-river-stone-7');
    await userEvent.click(screen.getByRole('button', { name: RESET_PASSWORD_TEXTS.submit }));
    expect(await screen.findByText(EMAIL_SIGN_IN_TEXTS.resetDone)).toBeInTheDocument();
    expect(api.resetPassword).toHaveBeenCalledWith(TOKEN, 'quiet-river-stone-7');
    expect(screen.getByRole('link', { name: RESET_PASSWORD_TEXTS.signIn })).toHaveAttribute('href', '/login');
  });

  it('says at once when the link no longer works, with a way to ask again', async () => {
    await renderPage(fakeEmailSignIn(), 'expired-token-0123456789');
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_SIGN_IN_TEXTS.resetLinkInvalid);
    expect(screen.getByRole('link', { name: RESET_PASSWORD_TEXTS.askAgain })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });

  it('says so too when the link dies while the user types', async () => {
    const api = fakeEmailSignIn();
    await renderPage(api);
    await screen.findByLabelText(/^New password/);
    // used in another tab meanwhile
    await api.resetPassword(TOKEN, 'other-tab-password-1');
    await userEvent.type(screen.getByLabelText(/^New password/), 'quiet-river-stone-7');
    await userEvent.type(screen.getByLabelText(/^Repeat the new password/), 'quiet-river-stone-7');
    await userEvent.click(screen.getByRole('button', { name: RESET_PASSWORD_TEXTS.submit }));
    expect(await screen.findByRole('link', { name: RESET_PASSWORD_TEXTS.askAgain })).toBeInTheDocument();
  });
});
