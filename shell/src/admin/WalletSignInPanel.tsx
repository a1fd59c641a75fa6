// Admin → Sign-in: sign-in with Ethereum (EIP-4361), off by default. When on, people sign in with a wallet
// they linked in Profile → Linked accounts (a wallet never creates an account), on the chains listed here.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, toast } from '@accent/shared/client';
import { Button, Checkbox, TextField } from '@accent/shared/ui';
import { walletPutRequestSchema, type WalletSettings } from '@accent/shell-common';
import { useWalletApi } from '../wallet/wallet-api.js';
import { errorMessage } from './format.js';
import styles from './Admin.module.css';

export const WALLET_SIGN_IN_TEXTS = {
  title: 'Sign-in with Ethereum',
  lead: 'Let people sign in with an Ethereum wallet they have linked to their account in Profile. A wallet never creates an account.',
  allow: 'Allow sign-in with Ethereum',
  chains: 'Accepted chain IDs',
  chainsHint: 'Separated by commas, such as 1 (Ethereum mainnet). A wallet on another chain is asked to switch.',
  notNumber: (part: string) => `"${part}" is not a chain ID (a whole number such as 1).`,
  save: 'Save sign-in with Ethereum',
  saved: 'Sign-in with Ethereum saved',
  loading: 'Loading sign-in with Ethereum...',
  loadFailed: 'Could not load the sign-in with Ethereum settings.',
} as const;

/** The chain IDs typed, or the words for the first part that is not one. */
function chainsOf(text: string): number[] | string {
  const parts = text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const bad = parts.find((p) => !/^\d+$/.test(p));
  return bad ? WALLET_SIGN_IN_TEXTS.notNumber(bad) : parts.map(Number);
}

export function WalletSignInPanel() {
  const wallets = useWalletApi();
  const titleId = useId();
  const [loaded, setLoaded] = useState<WalletSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [chains, setChains] = useState('1');
  const [chainsError, setChainsError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const show = (data: WalletSettings) => {
    setLoaded(data);
    setEnabled(data.enabled);
    setChains(data.chain_ids.join(', '));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `show` only calls state setters
  useEffect(() => {
    let live = true;
    wallets.getSettings().then(
      (data) => live && show(data),
      (e: unknown) => live && setLoadError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [wallets]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const chainIds = chainsOf(chains);
    if (typeof chainIds === 'string') return setChainsError(chainIds);
    const checked = walletPutRequestSchema.safeParse({ enabled, chain_ids: chainIds });
    if (!checked.success) return setChainsError(checked.error.issues[0]?.message);
    setSaving(true);
    try {
      show(await wallets.putSettings({ enabled, chain_ids: chainIds }));
      toast.success(WALLET_SIGN_IN_TEXTS.saved);
    } catch (error) {
      setFormError(error instanceof ApiError && error.detail ? error.detail : errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.block} aria-labelledby={titleId}>
      <h2 className={styles.blockTitle} id={titleId}>
        {WALLET_SIGN_IN_TEXTS.title}
      </h2>
      <p className={styles.lead}>{WALLET_SIGN_IN_TEXTS.lead}</p>
      {loadError ? (
        <p role="alert">
          {WALLET_SIGN_IN_TEXTS.loadFailed} {loadError}
        </p>
      ) : !loaded ? (
        <p role="status">{WALLET_SIGN_IN_TEXTS.loading}</p>
      ) : (
        <form onSubmit={save} noValidate aria-label={WALLET_SIGN_IN_TEXTS.title}>
          <Checkbox label={WALLET_SIGN_IN_TEXTS.allow} checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          <TextField
            label={WALLET_SIGN_IN_TEXTS.chains}
            hint={WALLET_SIGN_IN_TEXTS.chainsHint}
            inputMode="numeric"
            spellCheck={false}
            value={chains}
            error={chainsError}
            onChange={(e) => {
              setChains(e.target.value);
              setChainsError(undefined);
            }}
          />
          {formError && (
            <p role="alert" className={styles.formError}>
              {formError}
            </p>
          )}
          <div className={styles.rowActions}>
            <Button type="submit" loading={saving}>
              {WALLET_SIGN_IN_TEXTS.save}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
