import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@accent/shared/client';
import { ToastHost } from '@accent/shared/ui';
import { SsoApiContext, type SsoApi } from '../sso/sso-api.js';
import { fakeSsoApi } from '../sso/testing.js';
import { LINKED_ACCOUNTS_TEXTS, LinkedAccountsSection } from './LinkedAccountsSection.js';
import { WalletApiContext } from '../wallet/wallet-api.js';
import { fakeWalletApi } from '../wallet/testing.js';

afterEach(() => toast.clear());

const IDENTITY = { id: 'i-1', provider: 'Example ID', issuer: 'https://login.example.com', email: 'ada@example.com', created_at: '2026-11-01T10:00:00.000Z', last_used_at: '2026-11-20T10:00:00.000Z' };

const renderSection = (api: SsoApi) =>
  render(
    <SsoApiContext.Provider value={api}>
      <WalletApiContext.Provider value={fakeWalletApi()}>
        <LinkedAccountsSection />
        <ToastHost />
      </WalletApiContext.Provider>
    </SsoApiContext.Provider>,
  );

describe('Profile → Linked accounts', () => {
  it('lists the linked accounts and unlinks one after confirming', async () => {
    const api = fakeSsoApi({ identities: [IDENTITY], hasPassword: true });
    renderSection(api);
    const list = await screen.findByRole('list', { name: LINKED_ACCOUNTS_TEXTS.title });
    expect(within(list).getByText('Example ID')).toBeInTheDocument();
    expect(within(list).getByText(/ada@example\.com/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unlink Example ID (ada@example.com)' }));
    expect(screen.getByRole('dialog', { name: LINKED_ACCOUNTS_TEXTS.unlinkTitle('Example ID') })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: LINKED_ACCOUNTS_TEXTS.unlink }));
    expect(api.unlink).toHaveBeenCalledWith('i-1');
    expect(await screen.findByText(LINKED_ACCOUNTS_TEXTS.none)).toBeInTheDocument();
    expect(screen.getByText(LINKED_ACCOUNTS_TEXTS.unlinked)).toBeInTheDocument();
  });

  it('offers no unlink to a user who has no password, and says why', async () => {
    renderSection(fakeSsoApi({ identities: [IDENTITY], hasPassword: false }));
    expect(await screen.findByText(LINKED_ACCOUNTS_TEXTS.noPassword)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unlink/ })).not.toBeInTheDocument();
  });

  it('says when there is none', async () => {
    renderSection(fakeSsoApi());
    expect(await screen.findByText(LINKED_ACCOUNTS_TEXTS.none)).toBeInTheDocument();
  });
});
