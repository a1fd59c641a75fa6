// Profile → Linked accounts: the Ethereum wallets the user signs in with. Linking asks the browser's wallet
// to sign a message the server built; the server checks it and links the address. Shown when the library
// allows sign-in with Ethereum, or while a wallet is still linked (so it can be unlinked).
import { useState } from 'react';
import { toast } from '@accent/shared/client';
import { Button, useQuery } from '@accent/shared/ui';
import type { LinkedWallet } from '@accent/shell-common';
import { connect, injectedWallet, sign, WALLET_TEXTS, WalletProblem } from '../wallet/ethereum.js';
import { useWalletApi } from '../wallet/wallet-api.js';
import { Loaded, messageOf, UnlinkRow, useUnlink } from './Loaded.js';
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

export function LinkedWallets() {
  const api = useWalletApi();
  const query = useQuery(['profile', 'wallets'], () => api.wallets());
  const [linkError, setLinkError] = useState<string | null>(null);
  const [linking, setLinking] = useState(false);
  const unlinking = useUnlink<LinkedWallet>(
    (id) => api.unlink(id),
    (id) => query.setData((d) => ({ ...d, wallets: d.wallets.filter((w) => w.id !== id) })),
    LINKED_WALLETS_TEXTS,
  );
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
      query.reload();
    } catch (e) {
      setLinkError(e instanceof WalletProblem ? e.message : messageOf(e));
    } finally {
      setLinking(false);
    }
  };

  return (
    <Loaded query={query} loadFailed={LINKED_WALLETS_TEXTS.loadFailed}>
      {(data) =>
        (data.enabled || data.wallets.length > 0) && (
          <section aria-labelledby="profile-wallets-title">
            <h3 id="profile-wallets-title">{LINKED_WALLETS_TEXTS.title}</h3>
            <p className={styles.lead}>{LINKED_WALLETS_TEXTS.lead}</p>
            {!data.enabled && <p className={styles.lead}>{LINKED_WALLETS_TEXTS.offNow}</p>}
            {data.wallets.length === 0 ? (
              <p>{LINKED_WALLETS_TEXTS.none}</p>
            ) : (
              <ul aria-label={LINKED_WALLETS_TEXTS.title}>
                {data.wallets.map((w) => (
                  <UnlinkRow
                    key={w.id}
                    label={`${LINKED_WALLETS_TEXTS.unlink} ${w.address}`}
                    unlinkLabel={LINKED_WALLETS_TEXTS.unlink}
                    onUnlink={() => unlinking.ask(w)}
                  >
                    <strong title={w.address}>{short(w.address)}</strong> · {LINKED_WALLETS_TEXTS.chain(w.chain_id)}
                  </UnlinkRow>
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
            {unlinking.dialog(() => LINKED_WALLETS_TEXTS.unlinkTitle)}
          </section>
        )
      }
    </Loaded>
  );
}
