import { afterEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@accent/shared/client';
import { SSO_MESSAGES } from '@accent/shell-common';
import { SsoApiContext, type SsoApi } from '../sso/sso-api.js';
import { EMPTY_SETTINGS, fakeSsoApi } from '../sso/testing.js';
import { SIGN_IN_TEXTS, SignInPanel } from './SignInPanel.js';
import { renderWithApi } from '../app/testing.js';

afterEach(() => toast.clear());

const renderPanel = (api: SsoApi) => renderWithApi(SsoApiContext, api, <SignInPanel />);

async function fillIn(issuer = 'https://login.example.com') {
  await userEvent.type(await screen.findByRole('textbox', { name: /Display name/ }), 'Example ID');
  await userEvent.type(screen.getByRole('textbox', { name: /Issuer URL/ }), issuer);
  await userEvent.type(screen.getByRole('textbox', { name: /Client ID/ }), 'studio');
  await userEvent.type(screen.getByLabelText(/Client secret/), 's3cret-value');
}

describe('Admin → Sign-in', () => {
  it('shows the redirect URI to register and saves a provider, secret kept write-only', async () => {
    const api = fakeSsoApi();
    renderPanel(api);
    expect(await screen.findByText(EMPTY_SETTINGS.redirect_uri)).toBeInTheDocument();
    await fillIn();
    await userEvent.type(screen.getByRole('textbox', { name: /Allowed email domains/ }), 'Example.com{enter}corp.example');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Role for new users/ }), 'Builder');
    await userEvent.click(screen.getByRole('checkbox', { name: SIGN_IN_TEXTS.passwordSignIn }));
    await userEvent.click(screen.getByRole('button', { name: SIGN_IN_TEXTS.save }));
    expect(api.putSettings).toHaveBeenCalledWith(
      expect.objectContaining({
        display_name: 'Example ID',
        issuer: 'https://login.example.com',
        client_id: 'studio',
        client_secret: 's3cret-value',
        allowed_domains: ['Example.com', 'corp.example'],
        default_role: 'builder',
        password_sign_in: false,
      }),
    );
    expect(await screen.findByText(SIGN_IN_TEXTS.saved)).toBeInTheDocument();
    expect(screen.getByLabelText(/Client secret/)).toHaveValue('');
    expect(screen.getByText(SIGN_IN_TEXTS.secretSet)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SIGN_IN_TEXTS.remove })).toBeInTheDocument();
  });

  it('says a refused field at the field and the server’s refusal in words, keeping what was typed', async () => {
    const api = fakeSsoApi();
    renderPanel(api);
    await fillIn('https://broken.example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /Allowed email domains/ }), 'not a domain');
    await userEvent.click(screen.getByRole('button', { name: SIGN_IN_TEXTS.save }));
    expect(screen.getByRole('textbox', { name: /Allowed email domains/ })).toHaveAccessibleDescription(SSO_MESSAGES.badDomain('not a domain'));
    expect(api.putSettings).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByRole('textbox', { name: /Allowed email domains/ }));
    await userEvent.click(screen.getByRole('button', { name: SIGN_IN_TEXTS.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.discoveryFailed('https://broken.example.com'));
    expect(screen.getByRole('textbox', { name: /Issuer URL/ })).toHaveValue('https://broken.example.com');
  });

  it('removes the provider after confirming', async () => {
    const api = fakeSsoApi({
      settings: {
        ...EMPTY_SETTINGS,
        configured: true,
        display_name: 'Example ID',
        issuer: 'https://login.example.com',
        client_id: 'studio',
        client_secret_set: true,
      },
    });
    renderPanel(api);
    await userEvent.click(await screen.findByRole('button', { name: SIGN_IN_TEXTS.remove }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(api.removeSettings).toHaveBeenCalled();
    expect(await screen.findByText(SIGN_IN_TEXTS.removed)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Display name/ })).toHaveValue('');
  });
});
