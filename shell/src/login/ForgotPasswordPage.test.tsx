import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@accent/shared/client';
import { EMAIL_SIGN_IN_TEXTS } from '@accent/shell-common';
import { renderWithProviders, provide } from '../app/testing.js';
import { EmailSignInApiContext } from './email-sign-in-api.js';
import { fakeEmailSignIn } from './email-sign-in-testing.js';
import ForgotPasswordPage, { FORGOT_PASSWORD_TEXTS } from './ForgotPasswordPage.js';

const renderPage = (api: ReturnType<typeof fakeEmailSignIn>) =>
  renderWithProviders(provide(EmailSignInApiContext, api, <ForgotPasswordPage />), '/forgot-password');

describe('/forgot-password', () => {
  it('sends the email with the login form’s environment and library, and says what happens next', async () => {
    const api = fakeEmailSignIn();
    await renderPage(api);
    expect(screen.getByRole('heading', { name: FORGOT_PASSWORD_TEXTS.title })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), '  ada@accent.local ');
    await userEvent.click(screen.getByRole('button', { name: FORGOT_PASSWORD_TEXTS.submit }));
    expect(await screen.findByText(EMAIL_SIGN_IN_TEXTS.resetSent)).toBeInTheDocument();
    const [account] = api.forgotPassword.mock.calls[0]!;
    expect(account.email).toBe('ada@accent.local');
    expect(account.environment).toBeTruthy();
    expect(account.library).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    // and another one can be asked for
    await userEvent.click(screen.getByRole('button', { name: FORGOT_PASSWORD_TEXTS.again }));
    expect(screen.getByRole('button', { name: FORGOT_PASSWORD_TEXTS.submit })).toBeInTheDocument();
  });

  it('says up front when the server cannot send email', async () => {
    await renderPage(fakeEmailSignIn({ available: false }));
    expect(await screen.findByText(EMAIL_SIGN_IN_TEXTS.emailUnavailable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FORGOT_PASSWORD_TEXTS.submit })).not.toBeInTheDocument();
  });

  it('states a refusal in the server’s words', async () => {
    const api = fakeEmailSignIn();
    api.forgotPassword.mockRejectedValueOnce(new ApiError(429, 'Too Many Requests', EMAIL_SIGN_IN_TEXTS.tooManyRequests(40)));
    await renderPage(api);
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@accent.local');
    await userEvent.click(screen.getByRole('button', { name: FORGOT_PASSWORD_TEXTS.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries. Try again in 40 seconds.');
  });
});
