// The login page's single sign-on: "Sign in with <provider>" when the library named on the login form has
// an identity provider (asked of the server as the library changes), and the reason a sign-in through the
// provider came back refused (/login?error=<code>: only our fixed sentences are shown, never the URL's text).
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { loadAdvancedSettings, loadSavedEmail } from '@accent/shared/client';
import { ssoLoginErrorText } from '@accent/shell-common';
import { ssoStartUrl, useSsoLoginApi } from '../sso/sso-login-api.js';
import styles from './SsoSignIn.module.css';

export const SSO_SIGN_IN_TEXTS = {
  or: 'or',
  signInWith: (provider: string) => `Sign in with ${provider}`,
} as const;

export interface LoginTarget {
  environment: string;
  library: string;
  rememberMe: boolean;
}

/**
 * The environment, library and Remember me the login form holds, followed as the user changes them: the
 * shared form keeps them to itself, so its inputs' change events are read as they bubble (by name).
 */
export function useLoginTarget() {
  const [target, setTarget] = useState<LoginTarget>(() => ({ ...loadAdvancedSettings(), rememberMe: loadSavedEmail()?.rememberMe ?? false }));
  const onChangeCapture = (event: FormEvent) => {
    const input = event.target as HTMLInputElement;
    if (input.name === 'environment' || input.name === 'library') setTarget((t) => ({ ...t, [input.name]: input.value.trim() }));
    if (input.name === 'rememberMe') setTarget((t) => ({ ...t, rememberMe: input.checked }));
  };
  return { target, onChangeCapture };
}

/** The refusal brought back from the provider, if it is one of ours. */
export function SsoError() {
  const [params] = useSearchParams();
  const text = ssoLoginErrorText(params.get('error'));
  if (!text) return null;
  return (
    <p className={styles.error} role="alert">
      {text}
    </p>
  );
}

export function SsoSignIn({ target }: { target: LoginTarget }) {
  const sso = useSsoLoginApi();
  const [provider, setProvider] = useState<string | null>(null);
  const { environment, library } = target;

  useEffect(() => {
    let live = true;
    if (!environment || !library) {
      setProvider(null);
      return;
    }
    // asked once the typing pauses, not at every key
    const timer = setTimeout(() => {
      sso.providerName(environment, library).then(
        (name) => live && setProvider(name),
        () => live && setProvider(null),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [sso, environment, library]);

  if (!provider) return null;
  return (
    <div className={styles.sso}>
      <span className={styles.divider}>{SSO_SIGN_IN_TEXTS.or}</span>
      {/* a full navigation: the server sends the browser on to the provider */}
      <a className={styles.button} href={ssoStartUrl(environment, library, target.rememberMe)}>
        {SSO_SIGN_IN_TEXTS.signInWith(provider)}
      </a>
    </div>
  );
}
