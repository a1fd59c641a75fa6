import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SSO_LOGIN_ERRORS } from '@accent/shell-common';
import { SsoLoginApiContext, type SsoLoginApi } from '../sso/sso-login-api.js';
import { fakeSsoLoginApi } from '../sso/testing.js';
import { SsoError, SsoSignIn, useLoginTarget } from './SsoSignIn.js';

/** A stand-in for the login form's fields (same names), the way LoginPage wires the button. */
function Login() {
  const sso = useLoginTarget();
  return (
    <div onChangeCapture={sso.onChangeCapture}>
      <SsoError />
      <label>
        Library <input name="library" defaultValue={sso.target.library} />
      </label>
      <label>
        Remember me <input type="checkbox" name="rememberMe" />
      </label>
      <SsoSignIn target={sso.target} />
    </div>
  );
}

const renderLogin = (api: SsoLoginApi, path = '/login') =>
  render(
    <SsoLoginApiContext.Provider value={api}>
      <MemoryRouter initialEntries={[path]}>
        <Login />
      </MemoryRouter>
    </SsoLoginApiContext.Provider>,
  );

describe('Login page: single sign-on', () => {
  it('offers "Sign in with <provider>" for the library on the form, and follows a change of library', async () => {
    const api = fakeSsoLoginApi({ 'lo-n02/sales2': 'Example ID' });
    renderLogin(api);
    const link = await screen.findByRole('link', { name: 'Sign in with Example ID' });
    expect(link).toHaveAttribute('href', '/api/auth/sso/start?environment=lo-n02&library=sales2&remember_me=false');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    expect(screen.getByRole('link', { name: 'Sign in with Example ID' })).toHaveAttribute('href', expect.stringContaining('remember_me=true'));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Library' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Library' }), 'marketing');
    await screen.findByRole('textbox', { name: 'Library' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
    expect(api.providerName).toHaveBeenLastCalledWith('lo-n02', 'marketing');
  });

  it('shows the fixed sentence of a known refusal and nothing of an unknown one', async () => {
    const { unmount } = renderLogin(fakeSsoLoginApi(), '/login?error=sso_domain');
    expect(screen.getByRole('alert')).toHaveTextContent(SSO_LOGIN_ERRORS.sso_domain);
    unmount();
    renderLogin(fakeSsoLoginApi(), '/login?error=%3Cscript%3Ealert(1)%3C/script%3E');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
