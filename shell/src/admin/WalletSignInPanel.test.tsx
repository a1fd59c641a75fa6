import { afterEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@accent/shared/client';
import { WalletApiContext, type WalletApi } from '../wallet/wallet-api.js';
import { fakeWalletApi } from '../wallet/testing.js';
import { WALLET_SIGN_IN_TEXTS, WalletSignInPanel } from './WalletSignInPanel.js';
import { renderWithApi } from '../app/testing.js';

afterEach(() => toast.clear());

const renderPanel = (api: WalletApi) => renderWithApi(WalletApiContext, api, <WalletSignInPanel />);

describe('Admin → Sign-in: sign-in with Ethereum', () => {
  it('is off by default; an administrator turns it on with the chains accepted', async () => {
    const api = fakeWalletApi();
    renderPanel(api);
    const allow = await screen.findByRole('checkbox', { name: WALLET_SIGN_IN_TEXTS.allow });
    expect(allow).not.toBeChecked();
    await userEvent.click(allow);
    const chains = screen.getByRole('textbox', { name: WALLET_SIGN_IN_TEXTS.chains });
    await userEvent.clear(chains);
    await userEvent.type(chains, '1, 10');
    await userEvent.click(screen.getByRole('button', { name: WALLET_SIGN_IN_TEXTS.save }));
    expect(api.putSettings).toHaveBeenCalledWith({ enabled: true, chain_ids: [1, 10] });
    expect(await screen.findByText(WALLET_SIGN_IN_TEXTS.saved)).toBeInTheDocument();
  });

  it('says in words what is wrong with the chains, and sends nothing', async () => {
    const api = fakeWalletApi();
    renderPanel(api);
    const chains = await screen.findByRole('textbox', { name: WALLET_SIGN_IN_TEXTS.chains });
    await userEvent.clear(chains);
    await userEvent.type(chains, '1, mainnet');
    await userEvent.click(screen.getByRole('button', { name: WALLET_SIGN_IN_TEXTS.save }));
    expect(screen.getByText(WALLET_SIGN_IN_TEXTS.notNumber('mainnet'))).toBeInTheDocument();
    await userEvent.clear(chains);
    await userEvent.click(screen.getByRole('button', { name: WALLET_SIGN_IN_TEXTS.save }));
    expect(screen.getByText(/at least one chain id/)).toBeInTheDocument();
    expect(api.putSettings).not.toHaveBeenCalled();
  });
});
