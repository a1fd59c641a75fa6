// The login page's "Sign in with Ethereum": shown when the library on the form allows it and the browser
// has a wallet. The server builds the message; the wallet signs it; the server checks it and signs in the
// user the wallet is linked to. No Ethereum library here: the login page's bundle stays small.
import { useEffect, useState } from 'react';
import { ApiError } from '@accent/shared/client';
import { WALLET_LOGIN_TEXTS } from '@accent/shell-common';
import { connect, injectedWallet, sign, WalletProblem } from '../wallet/ethereum.js';
import { useWalletLoginApi } from '../wallet/wallet-login-api.js';
import type { LoginTarget } from './SsoSignIn.js';
import styles from './SsoSignIn.module.css';

// the login form reads a pending second step when it mounts: a fresh load of /login opens on the code step
const reloadLogin = () => window.location.assign('/login');

export function WalletSignIn({ target, onSignedIn, onSecondFactor = reloadLogin }: { target: LoginTarget; onSignedIn: () => void; onSecondFactor?: () => void }) {
  const api = useWalletLoginApi();
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { environment, library, rememberMe } = target;
  const wallet = injectedWallet();

  useEffect(() => {
    let live = true;
    if (!wallet || !environment || !library) {
      setEnabled(false);
      return;
    }
    // asked once the typing pauses, not at every key
    const timer = setTimeout(() => {
      api.status(environment, library).then(
        (status) => live && setEnabled(status.enabled),
        () => live && setEnabled(false),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, wallet, environment, library]);

  if (!wallet || !enabled) return null;

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const { address, chainId } = await connect(wallet);
      const message = await api.message({ environment, library, address, chain_id: chainId, remember_me: rememberMe });
      const answer = await api.signIn(message, await sign(wallet, address, message));
      if (answer.secondFactor) onSecondFactor();
      else if (await api.adoptSession()) onSignedIn();
      else setError(WALLET_LOGIN_TEXTS.failed);
    } catch (e) {
      setError(e instanceof WalletProblem ? e.message : e instanceof ApiError && e.status > 0 && e.detail ? e.detail : WALLET_LOGIN_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.sso}>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="button" className={styles.button} disabled={busy} onClick={() => void signIn()}>
        {busy ? WALLET_LOGIN_TEXTS.signingIn : WALLET_LOGIN_TEXTS.signIn}
      </button>
    </div>
  );
}
