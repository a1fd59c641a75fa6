import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_SIGN_IN_TEXTS } from '@accent/shell-common';
import { ADMIN, renderWithProviders, testSession, provide } from '../app/testing.js';
import CodeSignInPage, { CODE_SIGN_IN_TEXTS } from './CodeSignInPage.js';
import { EmailSignInApiContext } from './email-sign-in-api.js';
import { fakeEmailSignIn } from './email-sign-in-testing.js';

const session = testSession();
beforeAll(() => session.signOut());
afterAll(() => session.stop());

const renderPage = (api: ReturnType<typeof fakeEmailSignIn>) =>
  renderWithProviders(provide(EmailSignInApiContext, api, <CodeSignInPage />), '/login/code');

async function askForCode() {
  await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@accent.local');
  await userEvent.click(screen.getByRole('button', { name: CODE_SIGN_IN_TEXTS.send }));
  return screen.findByRole('textbox', { name: /Sign-in code/ });
}

describe('/login/code', () => {
  it('asks for the code, refuses a wrong one in words, signs in with the right one and goes home', async () => {
    const api = fakeEmailSignIn({ code: '424242', adopt: async () => (await session.signIn(ADMIN), true) });
    await renderPage(api);
    const field = await askForCode();
    expect(screen.getByText(EMAIL_SIGN_IN_TEXTS.codeSent)).toBeInTheDocument();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');

    await userEvent.type(field, '111111');
    await userEvent.click(screen.getByRole('button', { name: CODE_SIGN_IN_TEXTS.signIn }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_SIGN_IN_TEXTS.codeInvalid);
    expect(api.adoptSession).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, '424 242');
    await userEvent.click(screen.getByRole('button', { name: CODE_SIGN_IN_TEXTS.signIn }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(api.verifyCode).toHaveBeenLastCalledWith(expect.objectContaining({ email: 'ada@accent.local', code: '424 242', remember_me: false }));
    await session.signOut();
  });

  it('offers Resend only after the cool-down, counting down', async () => {
    const api = fakeEmailSignIn({ resendAfter: 2 });
    await renderPage(api);
    await askForCode();
    const resend = screen.getByRole('button', { name: /Resend code in \d s/ });
    expect(resend).toBeDisabled();
    const ready = await screen.findByRole('button', { name: CODE_SIGN_IN_TEXTS.resend }, { timeout: 4000 });
    expect(ready).toBeEnabled();
    await userEvent.click(ready);
    expect(api.sendCode).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('button', { name: /Resend code in \d s/ })).toBeDisabled();
  });

  it('says up front when the server cannot send email', async () => {
    await renderPage(fakeEmailSignIn({ available: false }));
    expect(await screen.findByText(EMAIL_SIGN_IN_TEXTS.emailUnavailable)).toBeInTheDocument();
  });

  it('goes to the login page when the sign-in still needs another step', async () => {
    await renderPage(fakeEmailSignIn({ code: '424242', adopt: async () => false }));
    await userEvent.type(await askForCode(), '424242');
    await userEvent.click(screen.getByRole('button', { name: CODE_SIGN_IN_TEXTS.signIn }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });
});
