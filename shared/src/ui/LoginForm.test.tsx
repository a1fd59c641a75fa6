import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SecondFactorRequiredError, SignInBusyError, type LoginCredentials } from '@accent/shared/client';
import { STORAGE_KEYS } from '@accent/shared';
import type { User } from '@accent/shared';
import { LoginForm, SECOND_STEP_TEXTS } from './LoginForm.js';
import { TEST_USER } from '../client/testing/users.js';
import { deferred } from './testing/renderWithSession.js';

const user: User = TEST_USER;
const PASSWORD = 'correct horse battery staple';

function setup(login: (c: LoginCredentials) => Promise<User> = async () => user) {
  const onSuccess = jest.fn<(u: User) => void>();
  const calls: LoginCredentials[] = [];
  render(
    <LoginForm
      onSuccess={onSuccess}
      login={(credentials) => {
        calls.push(credentials);
        return login(credentials);
      }}
    />,
  );
  return { onSuccess, calls, ui: userEvent.setup() };
}

async function fillAndSubmit(ui: ReturnType<typeof userEvent.setup>, email = 'ada@example.com') {
  await ui.type(screen.getByLabelText(/Email/), email);
  await ui.type(screen.getByLabelText(/Password/), PASSWORD);
  await ui.click(screen.getByRole('button', { name: 'Sign In' }));
}

const everythingStored = () => Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`).join('\n');

describe('LoginForm', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('has the spec fields: required email and password, Remember me, collapsed Advanced Settings', () => {
    setup();
    const email = screen.getByLabelText(/Email/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText(/Password/)).toBeRequired();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: /Advanced Settings/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText(/Environment/)).not.toBeInTheDocument();
  });

  it('opens Advanced Settings with the lo-n02 / sales2 defaults and saves changes on submit', async () => {
    const { ui, calls } = setup();
    const toggle = screen.getByRole('button', { name: /Advanced Settings/ });
    await ui.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText(/Environment/)).toHaveValue('lo-n02');
    const library = screen.getByLabelText(/Library/);
    expect(library).toHaveValue('sales2');
    await ui.clear(library);
    await ui.type(library, 'marketing');
    await fillAndSubmit(ui);
    expect(calls[0]).toMatchObject({ environment: 'lo-n02', library: 'marketing' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.advancedSettings)!)).toEqual({ environment: 'lo-n02', library: 'marketing' });
    await ui.click(toggle);
    expect(screen.queryByLabelText(/Library/)).not.toBeInTheDocument();
  });

  it('shows "Signing in..." and disables the button while busy, then calls onSuccess(user)', async () => {
    const pending = deferred<User>();
    const { ui, onSuccess, calls } = setup(() => pending.promise);
    await fillAndSubmit(ui);
    const busyButton = screen.getByRole('button', { name: 'Signing in...' });
    expect(busyButton).toBeDisabled();
    expect(calls).toEqual([{ email: 'ada@example.com', password: PASSWORD, environment: 'lo-n02', library: 'sales2', rememberMe: false }]);
    pending.resolve(user);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(onSuccess).toHaveBeenCalledWith(user);
  });

  it('shows the failure above the button and lets the user try again', async () => {
    const { ui, onSuccess } = setup(async () => {
      throw new Error('Authentication failed: 401');
    });
    await fillAndSubmit(ui);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Authentication failed: 401');
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button).toBeEnabled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('falls back to "Login failed. Please try again." for an error without a message', async () => {
    const { ui } = setup(() => Promise.reject(new Error('')));
    await fillAndSubmit(ui);
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('remember me stores the email and the flag, never the password', async () => {
    const { ui, calls } = setup();
    await ui.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await fillAndSubmit(ui);
    expect(calls[0]!.rememberMe).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.savedCredentials)!)).toEqual({ email: 'ada@example.com', rememberMe: true });
    expect(everythingStored()).not.toContain(PASSWORD);
    expect(everythingStored()).not.toMatch(/password/i);
    expect(sessionStorage.length).toBe(0);
  });

  it('prefills a remembered email, and unchecking Remember me forgets it', async () => {
    localStorage.setItem(STORAGE_KEYS.savedCredentials, JSON.stringify({ email: 'ada@example.com', rememberMe: true }));
    const { ui } = setup();
    expect(screen.getByLabelText(/Email/)).toHaveValue('ada@example.com');
    const remember = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(remember).toBeChecked();
    await ui.click(remember);
    await ui.type(screen.getByLabelText(/Password/), PASSWORD);
    await ui.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(localStorage.getItem(STORAGE_KEYS.savedCredentials)).toBeNull();
  });

  it('does not save the email when the sign-in fails', async () => {
    const { ui } = setup(() => Promise.reject(new Error('Authentication failed: 401')));
    await ui.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await fillAndSubmit(ui);
    await screen.findByRole('alert');
    expect(localStorage.getItem(STORAGE_KEYS.savedCredentials)).toBeNull();
  });

  it('requires environment and library even when Advanced Settings is collapsed', async () => {
    const { ui, calls } = setup();
    await ui.click(screen.getByRole('button', { name: /Advanced Settings/ }));
    await ui.clear(screen.getByLabelText(/Environment/));
    await ui.click(screen.getByRole('button', { name: /Advanced Settings/ }));
    await fillAndSubmit(ui);
    expect(calls).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('Environment is required');
    expect(screen.getByLabelText(/Environment/)).toBeInTheDocument();
  });
});

describe('LoginForm second step', () => {
  beforeEach(() => localStorage.clear());

  const challenge = () => new SecondFactorRequiredError({ second_factor_required: true, methods: ['totp', 'recovery_code'] });

  it('asks for the code after a right password, and signs in with it', async () => {
    const onSuccess = jest.fn<(u: User) => void>();
    const codes: string[] = [];
    render(
      <LoginForm
        onSuccess={onSuccess}
        secondFactorPending={false}
        login={async () => {
          throw challenge();
        }}
        verifySecondFactor={async (code) => {
          codes.push(code);
          if (code !== '123456') throw new Error('That code is not right. Check your authenticator app and try again.');
          return user;
        }}
      />,
    );
    const ui = userEvent.setup();
    await fillAndSubmit(ui);
    expect(screen.getByRole('form', { name: SECOND_STEP_TEXTS.title })).toBeInTheDocument();
    const field = screen.getByLabelText(/Authentication code/);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');

    await ui.type(field, '000000');
    await ui.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('That code is not right. Check your authenticator app and try again.');
    expect(onSuccess).not.toHaveBeenCalled();

    await ui.clear(field);
    await ui.type(field, ' 123456 ');
    await ui.click(screen.getByRole('button', { name: 'Verify' }));
    expect(codes).toEqual(['000000', '123456']);
    expect(onSuccess).toHaveBeenCalledWith(user);
  });

  it('opens on the code step when a sign-in elsewhere waits for it, and goes back to the password', async () => {
    const cancel = jest.fn(async () => {});
    render(<LoginForm onSuccess={() => {}} secondFactorPending cancelSecondFactor={cancel} verifySecondFactor={async () => user} />);
    const ui = userEvent.setup();
    expect(screen.getByRole('heading', { name: SECOND_STEP_TEXTS.title })).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Verify' }));
    // the field is required: the browser's own check stops the empty submit before our message
    expect(screen.getByLabelText(/Authentication code/)).toBeRequired();
    await ui.click(screen.getByRole('button', { name: SECOND_STEP_TEXTS.back }));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument();
  });

  it("says a busy server's words and signs in by itself once its Retry-After has passed", async () => {
    const words = 'Many people are signing in right now. Please try again in 1 second.';
    let tries = 0;
    const { onSuccess, calls, ui } = setup(async () => {
      tries++;
      if (tries === 1) throw new SignInBusyError(words, 1);
      return user;
    });
    await fillAndSubmit(ui);
    expect(await screen.findByRole('status')).toHaveTextContent(`${words} Trying again by itself in 1 second…`);
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(onSuccess).not.toHaveBeenCalled();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(user), { timeout: 3000 });
    expect(calls).toHaveLength(2);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the words as an error when the server stays busy', async () => {
    const words = 'Many people are signing in right now. Please try again in 40 seconds.';
    const { onSuccess, ui } = setup(async () => Promise.reject(new SignInBusyError(words, 40)));
    await fillAndSubmit(ui);
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
