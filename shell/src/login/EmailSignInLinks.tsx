// The login page's ways in without the password: a reset link for a forgotten one, or an emailed code.
import { Link, useLocation } from 'react-router';
import styles from './EmailSignIn.module.css';

export const EMAIL_SIGN_IN_LINKS_TEXTS = { forgot: 'Forgot password?', code: 'Email me a sign-in code' } as const;

export function EmailSignInLinks() {
  const location = useLocation();
  return (
    <div className={styles.links}>
      <Link to="/forgot-password">{EMAIL_SIGN_IN_LINKS_TEXTS.forgot}</Link>
      {/* the place the user wanted to reach goes along */}
      <Link to="/login/code" state={location.state}>
        {EMAIL_SIGN_IN_LINKS_TEXTS.code}
      </Link>
    </div>
  );
}
