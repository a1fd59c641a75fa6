import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { toast } from '@accent/shared/client';
import { MEMBER, fakeServices, renderWithProviders, settle, testSession } from '../app/testing.js';
import { ENROLMENT_REQUIRED_TEXT, forgetEnrolmentChecks, TWO_FACTOR_SECTION_PATH, TwoFactorEnrolmentGate } from './TwoFactorEnrolmentGate.js';

const session = testSession();
beforeAll(() => session.signIn(MEMBER));
afterAll(() => session.stop());
afterEach(() => {
  toast.clear();
  forgetEnrolmentChecks();
});

const location = () => screen.getByTestId('location').textContent;

function render(status: { required: boolean; enabled: boolean }) {
  const services = fakeServices().services;
  const twoFactorStatus = jest.fn(async () => status);
  return { twoFactorStatus, rendered: renderWithProviders(<TwoFactorEnrolmentGate />, '/end-user/dashboard', { services: { ...services, twoFactorStatus } }) };
}

describe('two-factor enrolment after sign-in', () => {
  it('sends a user without it to the setup when the library requires it', async () => {
    const { rendered } = render({ required: true, enabled: false });
    await rendered;
    await waitFor(() => expect(location()).toBe(TWO_FACTOR_SECTION_PATH));
    expect(screen.getByText(ENROLMENT_REQUIRED_TEXT)).toBeInTheDocument();
  });

  it('leaves the user where they are when they have it, or when it is not required', async () => {
    for (const status of [
      { required: true, enabled: true },
      { required: false, enabled: false },
    ]) {
      forgetEnrolmentChecks();
      const { rendered, twoFactorStatus } = render(status);
      const { unmount } = await rendered;
      await settle();
      expect(twoFactorStatus).toHaveBeenCalledTimes(1);
      expect(location()).toBe('/end-user/dashboard');
      unmount();
    }
  });

  it('asks once per user in this page', async () => {
    const first = render({ required: false, enabled: false });
    (await first.rendered).unmount();
    const second = render({ required: false, enabled: false });
    await second.rendered;
    expect(second.twoFactorStatus).not.toHaveBeenCalled();
  });
});
