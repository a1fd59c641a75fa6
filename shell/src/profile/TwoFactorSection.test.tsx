import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@accent/shared/client';
import { AccountSecurityApiContext, type AccountSecurityApi } from './account-security-api.js';
import { fakeAccountSecurityApi, RECOVERY_CODES, RIGHT_CODE } from './testing.js';
import { TWO_FACTOR_SECTION_TEXTS as T, TwoFactorSection } from './TwoFactorSection.js';
import { renderWithApi } from '../app/testing.js';

afterEach(() => toast.clear());

const renderSection = (api: AccountSecurityApi) => renderWithApi(AccountSecurityApiContext, api, <TwoFactorSection />);

describe('Profile → Two-factor authentication', () => {
  it('sets up with the QR code or the key, confirms with a code and shows the recovery codes once', async () => {
    const api = fakeAccountSecurityApi();
    renderSection(api);
    expect(await screen.findByText(T.off)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.setUp }));

    const form = await screen.findByRole('form', { name: T.setUp });
    expect(within(form).getByRole('img', { name: T.qrAlt })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(form).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await userEvent.type(within(form).getByLabelText(/Code from the app/), '000000');
    await userEvent.click(within(form).getByRole('button', { name: T.confirm }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That code is not right.');

    await userEvent.clear(within(form).getByLabelText(/Code from the app/));
    await userEvent.type(within(form).getByLabelText(/Code from the app/), RIGHT_CODE);
    await userEvent.click(within(form).getByRole('button', { name: T.confirm }));
    const codes = await screen.findByRole('list', { name: T.codesTitle });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(RECOVERY_CODES);
    // the session's next token states the second factor
    expect(api.refreshSession).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: T.download })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: T.done }));
    expect(screen.queryByRole('list', { name: T.codesTitle })).not.toBeInTheDocument();
    expect(screen.getByText(/Two-factor authentication is on since .*10 of 10 recovery codes left\./)).toBeInTheDocument();
  });

  it('turns off only with a right code', async () => {
    const api = fakeAccountSecurityApi({ enabled: true });
    renderSection(api);
    await userEvent.click(await screen.findByRole('button', { name: T.turnOff }));
    const form = screen.getByRole('form', { name: T.turnOff });
    await userEvent.type(within(form).getByLabelText(/Code from the app or a recovery code/), '999999');
    await userEvent.click(within(form).getByRole('button', { name: T.turnOff }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That code is not right.');
    await userEvent.clear(within(form).getByLabelText(/Code from the app or a recovery code/));
    await userEvent.type(within(form).getByLabelText(/Code from the app or a recovery code/), RECOVERY_CODES[0]);
    await userEvent.click(within(form).getByRole('button', { name: T.turnOff }));
    expect(await screen.findByText(T.off)).toBeInTheDocument();
    expect(api.disableTwoFactor).toHaveBeenLastCalledWith(RECOVERY_CODES[0]);
    expect(screen.getByText(T.turnedOff)).toBeInTheDocument();
  });

  it('says when the library requires it', async () => {
    renderSection(fakeAccountSecurityApi({ required: true }));
    expect(await screen.findByRole('note')).toHaveTextContent(T.required);
  });
});
