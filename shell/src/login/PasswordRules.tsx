// The rules a new password must meet, ticked off as the user types (the server checks the same rules).
import { PASSWORD_RULES } from '@accent/shell-common';
import styles from './EmailSignIn.module.css';

export function PasswordRules({ id, password, email }: { id: string; password: string; email: string }) {
  return (
    <ul id={id} className={styles.rules} aria-label="Password rules">
      {PASSWORD_RULES.map((rule) => {
        const met = password.length > 0 && rule.met(password, email);
        return (
          <li key={rule.id} className={met ? styles.met : undefined}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span>
            <span>
              {rule.label}
              <span className={styles.srOnly}>{met ? ' (met)' : ' (not met yet)'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
