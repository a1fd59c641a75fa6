import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { ADMIN, renderWithProviders, testSession } from '../app/testing.js';
import ProfilePage from './ProfilePage.js';
import { SsoApiContext } from '../sso/sso-api.js';
import { fakeSsoApi } from '../sso/testing.js';
import { WalletApiContext } from '../wallet/wallet-api.js';
import { fakeWalletApi } from '../wallet/testing.js';

const session = testSession();
beforeAll(() => session.signIn(ADMIN));
afterAll(() => session.stop());

describe('Profile page', () => {
  it('shows who is signed in', async () => {
    await renderWithProviders(
      <SsoApiContext.Provider value={fakeSsoApi()}>
        <WalletApiContext.Provider value={fakeWalletApi()}>
          <ProfilePage />
        </WalletApiContext.Provider>
      </SsoApiContext.Provider>,
      '/profile',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('ada@accent.local')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
  });
});
