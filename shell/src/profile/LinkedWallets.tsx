// Profile → Linked accounts: the Ethereum wallets the user signs in with. Linking asks the browser's wallet
// to sign a message the server built; the server checks it and links the address. Shown when the library
// allows sign-in with Ethereum, or while a wallet is still linked (so it can be unlinked).
import { useEffect, useState } from 'react';
import { ApiError, toast } from '@accent/shared/client';
import { Button, ConfirmDialog } from '@accent/shared/ui';
import type { LinkedWallet, LinkedWalletsResponse } from '@accent/shell-common';
import { connect, injectedWallet, sign, WALLET_TEXTS, WalletProblem } from '../wallet/ethereum.js';
import { useWalletApi } from '../wallet/wallet-api.js';
import styles from './Profile.module.css';

export const LINKED_WALLETS_TEXTS = {
  title: 'Ethereum wallets',
  lead: 'Wallets that sign you in with "Sign in with Ethereum" on the login page.',
  none: 'No wallet linked.',
  link: 'Link an Ethereum wallet',
  linking: 'Waiting for your wallet…',
  linked: 'Wallet linked',
  linkFailed: 'Could not link the wallet.',
  unlink: 'Unlink',
  unlinkTitle: 'Unlink this wallet?',
  unlinkMessage: 'It will no longer sign you in. You can link it again later.',
  unlinked: 'Wallet unlinked',
  unlinkFailed: 'Could not unlink the wallet',
  offNow: 'Sign-in with Ethereum is turned off for this library, so linked wallets do not sign you in at the moment.',
  chain: (id: number) => `chain ${id}`,
  loadFailed: 'Could not load your wallets.',
} as const;

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
const messageOf = (error: unknown) => (error instanceof ApiError && error.detail ? error.detail : error instanceof Error ? error.message : String(error));

export function LinkedWallets() {
  const api = useWalletApi();
  const [data, setData] = useState<LinkedWalletsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<LinkedWallet | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (after linking) reads the list again
  useEffect(() => {
    let live = true;
    api.wallets().then(
      (answer) => live && setData(answer),
      (e: unknown) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  if (error) {
    return (
      <p role="alert">
        {LINKED_WALLETS_TEXTS.loadFailed} {error}
      </p>
    );
  }
  if (!data || (!data.enabled && data.wallets.length === 0)) return null;
  const wallet = injectedWallet();

  const link = async () => {
    if (!wallet) return;
    setLinking(true);
    setLinkError(null);
    try {
      const { address, chainId } = await connect(wallet);
      const message = await api.linkMessage(address, chainId);
      await api.link(message, await sign(wallet, address, message));
      toast.success(LINKED_WALLETS_TEXTS.linked);
      setAttempt((n) => n + 1);
    } catch (e) {
      setLinkError(e instanceof WalletProblem ? e.message : messageOf(e));
    } finally {
      setLinking(false);
    }
  };

  const unlink = async () => {
    if (!unlinking) return;
    setBusy(true);
    try {
      await api.unlink(unlinking.id);
      setData((d) => d && { ...d, wallets: d.wallets.filter((w) => w.id !== unlinking.id) });
      toast.success(LINKED_WALLETS_TEXTS.unlinked);
    } catch (e) {
      toast.error(LINKED_WALLETS_TEXTS.unlinkFailed, messageOf(e));
    } finally {
      setBusy(false);
      setUnlinking(null);
    }
  };

  return (
    <section aria-labelledby="profile-wallets-title">
      <h3 id="profile-wallets-title">{LINKED_WALLETS_TEXTS.title}</h3>
      <p className={styles.lead}>{LINKED_WALLETS_TEXTS.lead}</p>
      {!data.enabled && <p className={styles.lead}>{LINKED_WALLETS_TEXTS.offNow}</p>}
      {data.wallets.length === 0 ? (
        <p>{LINKED_WALLETS_TEXTS.none}</p>
      ) : (
        <ul aria-label={LINKED_WALLETS_TEXTS.title}>
          {data.wallets.map((w) => (
            <li key={w.id} className={styles.row}>
              <span>
                <strong title={w.address}>{short(w.address)}</strong> · {LINKED_WALLETS_TEXTS.chain(w.chain_id)}
              </span>
              <Button variant="secondary" size="sm" onClick={() => setUnlinking(w)} aria-label={`${LINKED_WALLETS_TEXTS.unlink} ${w.address}`}>
                {LINKED_WALLETS_TEXTS.unlink}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {data.enabled &&
        (wallet ? (
          <Button variant="secondary" loading={linking} onClick={() => void link()}>
            {linking ? LINKED_WALLETS_TEXTS.linking : LINKED_WALLETS_TEXTS.link}
          </Button>
        ) : (
          <p className={styles.lead}>{WALLET_TEXTS.noWallet}</p>
        ))}
      {linkError && (
        <p role="alert">
          {LINKED_WALLETS_TEXTS.linkFailed} {linkError}
        </p>
      )}
      <ConfirmDialog
        open={unlinking !== null}
        danger
        busy={busy}
        title={LINKED_WALLETS_TEXTS.unlinkTitle}
        message={LINKED_WALLETS_TEXTS.unlinkMessage}
        confirmLabel={LINKED_WALLETS_TEXTS.unlink}
        onConfirm={() => void unlink()}
        onCancel={() => setUnlinking(null)}
      />
    </section>
  );
}
