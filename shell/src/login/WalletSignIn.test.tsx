import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WALLET_LOGIN_TEXTS, WALLET_MESSAGES } from '@accent/shell-common';
import { WalletLoginApiContext, type WalletLoginApi } from '../wallet/wallet-login-api.js';
import { ADDRESS, fakeWalletLoginApi, injectWallet, SIGNATURE } from '../wallet/testing.js';
import { WalletSignIn } from './WalletSignIn.js';
import { renderWithApi } from '../app/testing.js';

let removeWallet = () => {};
afterEach(() => removeWallet());

const TARGET = { environment: 'lo-n02', library: 'sales2', rememberMe: true };
const renderButton = (api: WalletLoginApi, onSignedIn = jest.fn(), onSecondFactor = jest.fn()) =>
  renderWithApi(WalletLoginApiContext, api, <WalletSignIn target={TARGET} onSignedIn={onSignedIn} onSecondFactor={onSecondFactor} />);

describe('Login page: sign in with Ethereum', () => {
  it('signs in with the wallet: the server’s message signed, the session adopted', async () => {
    removeWallet = injectWallet().remove;
    const api = fakeWalletLoginApi();
    const onSignedIn = jest.fn();
    renderButton(api, onSignedIn);
    await userEvent.click(await screen.findByRole('button', { name: WALLET_LOGIN_TEXTS.signIn }));
    expect(api.status).toHaveBeenCalledWith('lo-n02', 'sales2');
    expect(api.message).toHaveBeenCalledWith({ environment: 'lo-n02', library: 'sales2', address: ADDRESS, chain_id: 1, remember_me: true });
    expect(api.signIn).toHaveBeenCalledWith(`studio.example.com wants you to sign in with your Ethereum account:\n${ADDRESS}`, SIGNATURE);
    expect(api.adoptSession).toHaveBeenCalled();
    expect(onSignedIn).toHaveBeenCalled();
  });

  it('goes to the code step when the user has a second factor (no session adopted yet)', async () => {
    removeWallet = injectWallet().remove;
    const api = fakeWalletLoginApi({ secondFactor: true });
    const onSignedIn = jest.fn();
    const onSecondFactor = jest.fn();
    renderButton(api, onSignedIn, onSecondFactor);
    await userEvent.click(await screen.findByRole('button', { name: WALLET_LOGIN_TEXTS.signIn }));
    expect(onSecondFactor).toHaveBeenCalled();
    expect(api.adoptSession).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in words (an unlinked wallet)', async () => {
    removeWallet = injectWallet().remove;
    const onSignedIn = jest.fn();
    renderButton(fakeWalletLoginApi({ refuse: WALLET_MESSAGES.notLinked }), onSignedIn);
    await userEvent.click(await screen.findByRole('button', { name: WALLET_LOGIN_TEXTS.signIn }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WALLET_MESSAGES.notLinked);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('is not offered without a wallet in the browser, nor when the library does not allow it', async () => {
    const api = fakeWalletLoginApi();
    const { unmount } = renderButton(api);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(api.status).not.toHaveBeenCalled();
    unmount();
    removeWallet = injectWallet().remove;
    const off = fakeWalletLoginApi({ enabled: false });
    renderButton(off);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(off.status).toHaveBeenCalled();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
