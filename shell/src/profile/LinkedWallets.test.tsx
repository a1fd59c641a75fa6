import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@accent/shared/client';
import { WALLET_MESSAGES } from '@accent/shell-common';
import { WALLET_TEXTS } from '../wallet/ethereum.js';
import { WalletApiContext, type WalletApi } from '../wallet/wallet-api.js';
import { ADDRESS, fakeWalletApi, injectWallet, SIGNATURE } from '../wallet/testing.js';
import { LINKED_WALLETS_TEXTS, LinkedWallets } from './LinkedWallets.js';
import { renderWithApi } from '../app/testing.js';

let removeWallet = () => {};
afterEach(() => {
  toast.clear();
  removeWallet();
});

const ON = { enabled: true, chain_ids: [1], updated_at: null };
const renderWallets = (api: WalletApi) => renderWithApi(WalletApiContext, api, <LinkedWallets />);

describe('Profile → Linked accounts: Ethereum wallets', () => {
  it('links the browser wallet by signing the server’s message, then unlinks it', async () => {
    const injected = injectWallet();
    removeWallet = injected.remove;
    const api = fakeWalletApi({ settings: ON });
    renderWallets(api);
    await userEvent.click(await screen.findByRole('button', { name: LINKED_WALLETS_TEXTS.link }));
    expect(await screen.findByText(LINKED_WALLETS_TEXTS.linked)).toBeInTheDocument();
    expect(api.linkMessage).toHaveBeenCalledWith(ADDRESS, 1);
    // the wallet was asked to sign exactly the server's text (as UTF-8 hex) for the account it shared
    const signed = injected.requests.find((r) => r.method === 'personal_sign');
    const text = `studio.example.com wants you to sign in with your Ethereum account:\n${ADDRESS}`;
    expect(signed?.params).toEqual([`0x${Buffer.from(text).toString('hex')}`, ADDRESS]);
    expect(api.link).toHaveBeenCalledWith(text, SIGNATURE);

    const list = await screen.findByRole('list', { name: LINKED_WALLETS_TEXTS.title });
    expect(within(list).getByText('0x1111…1111')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Unlink ${ADDRESS}` }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: LINKED_WALLETS_TEXTS.unlink }));
    expect(await screen.findByText(LINKED_WALLETS_TEXTS.none)).toBeInTheDocument();
    expect(api.unlink).toHaveBeenCalledWith('w-1');
  });

  it('says so in a sentence when the browser has no wallet', async () => {
    renderWallets(fakeWalletApi({ settings: ON }));
    expect(await screen.findByText(WALLET_TEXTS.noWallet)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LINKED_WALLETS_TEXTS.link })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('states a cancelled signature and a refused chain in words', async () => {
    const rejecting = injectWallet({ reject: true });
    removeWallet = rejecting.remove;
    const { unmount } = renderWallets(fakeWalletApi({ settings: ON }));
    await userEvent.click(await screen.findByRole('button', { name: LINKED_WALLETS_TEXTS.link }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WALLET_TEXTS.rejected);
    unmount();
    rejecting.remove();
    removeWallet = injectWallet({ chainId: 5 }).remove;
    renderWallets(fakeWalletApi({ settings: ON }));
    await userEvent.click(await screen.findByRole('button', { name: LINKED_WALLETS_TEXTS.link }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WALLET_MESSAGES.chainNotAccepted(5, [1]));
  });

  it('shows nothing while the library does not allow it and no wallet is linked', async () => {
    const api = fakeWalletApi();
    renderWallets(api);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.wallets).toHaveBeenCalled();
    expect(screen.queryByText(LINKED_WALLETS_TEXTS.title)).not.toBeInTheDocument();
  });
});
