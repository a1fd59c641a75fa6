// /login: the shared LoginForm centred on a standalone page. After signing in the user goes where they
// wanted to go (remembered by the route guard) or to /home; a signed-in visitor goes there at once.
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { getStore, sessionEndedElsewhereAtom, useSession } from '@accent/shared/client';
import { LoginForm } from '@accent/shared/ui';
import { FullPageLoading } from '../app/FullPageLoading.js';
import { RESTORING_SESSION_TEXT } from '../app/guards.js';
import { returnPathFrom } from '../app/navigation.js';
import { preloadSignedInScreens } from '../app/pages.js';
import { AuthCard } from './AuthCard.js';
import styles from './LoginPage.module.css';
import { SignUpLink } from './SignUpLink.js';
import { EmailSignInLinks } from './EmailSignInLinks.js';
import { SsoError, SsoSignIn, useLoginTarget } from './SsoSignIn.js';
import { WalletSignIn } from './WalletSignIn.js';

export const SIGNED_OUT_ELSEWHERE =
  'You were signed out in another tab. Sign in again to carry on: unsaved changes of an open editor were kept in this browser, and the editor offers them back.';

export default function LoginPage() {
  const { status } = useSession();
  const endedElsewhere = useAtomValue(sessionEndedElsewhereAtom, { store: getStore() });
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnPathFrom(location.state);
  const sso = useLoginTarget();

  if (status === 'unknown') return <FullPageLoading text={RESTORING_SESSION_TEXT} />;
  if (status === 'signed-in') return <Navigate to={target} replace />;

  return (
    <AuthCard
      title="Sign in to Accent Studio"
      lead="Use your work account to build, test and deploy agents."
      // while the user fills the form, the screens after sign-in are fetched (each import runs once)
      cardProps={{ onFocusCapture: preloadSignedInScreens, onPointerEnter: preloadSignedInScreens, onChangeCapture: sso.onChangeCapture }}
      footer={
        <>
          <SignUpLink className={styles.back} />
          <p className={styles.back}>
            <Link to="/landing">← Back to the product overview</Link>
          </p>
        </>
      }
    >
      {endedElsewhere && (
        <p className={styles.notice} role="status">
          {SIGNED_OUT_ELSEWHERE}
        </p>
      )}
      <SsoError />
      <LoginForm onSuccess={() => navigate(target, { replace: true })} />
      <EmailSignInLinks />
      <SsoSignIn target={sso.target} />
      <WalletSignIn target={sso.target} onSignedIn={() => navigate(target, { replace: true })} />
    </AuthCard>
  );
}
