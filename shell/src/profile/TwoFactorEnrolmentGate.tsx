// Where the library requires two-factor authentication, a user who has not set it up is sent to
// Profile → Two-factor authentication right after signing in (once per sign-in in this page; the
// server refuses administration without it anyway). Renders nothing.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast, useSession } from '@accent/shared/client';
import { useServices } from '../app/services.js';

export const ENROLMENT_REQUIRED_TEXT = 'Your library requires two-factor authentication. Set it up to keep full access.';
export const TWO_FACTOR_SECTION_PATH = '/profile#profile-two-factor';

/** users already checked in this page (a sign-in as someone else checks again) */
const checked = new Set<string>();
export const forgetEnrolmentChecks = () => checked.clear();

export function TwoFactorEnrolmentGate() {
  const { twoFactorStatus } = useServices();
  const { user } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;
  const userId = user?.user_id;

  useEffect(() => {
    if (!twoFactorStatus || !userId || checked.has(userId)) return;
    checked.add(userId);
    twoFactorStatus().then(
      (status) => {
        if (!status.required || status.enabled) return;
        toast.info(ENROLMENT_REQUIRED_TEXT);
        if (path.current !== '/profile') navigate(TWO_FACTOR_SECTION_PATH);
      },
      // not knowing is no reason to block the page: the server still enforces it where it matters
      () => {},
    );
  }, [twoFactorStatus, userId, navigate]);

  return null;
}
