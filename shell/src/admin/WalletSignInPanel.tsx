// Admin → Sign-in: sign-in with Ethereum (EIP-4361), off by default. When on, people sign in with a wallet
// they linked in Profile → Linked accounts (a wallet never creates an account), on the chains listed here.
import { useState, type FormEvent } from 'react';
import { Checkbox, TextField } from '@accent/shared/ui';
import { walletPutRequestSchema, type WalletSettings } from '@accent/shell-common';
import { useWalletApi } from '../wallet/wallet-api.js';
import { SettingsBlock } from './SettingsBlock.js';
import { detailOf, SettingsForm } from './SignInPanelParts.js';
import { useSettingsForm } from './useSettingsForm.js';

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
  const form = useSettingsForm({
    key: ['admin', 'wallet-sign-in'],
    read: () => wallets.getSettings(),
    draftOf: (stored: WalletSettings) => ({ enabled: stored.enabled, chains: stored.chain_ids.join(', ') }),
    empty: { enabled: false, chains: '1' },
    saved: WALLET_SIGN_IN_TEXTS.saved,
    refusal: detailOf,
  });
  const [chainsError, setChainsError] = useState<string | undefined>();
  const { enabled, chains } = form.draft;

  const save = (e: FormEvent) => {
    e.preventDefault();
    form.setError(undefined);
    const chainIds = chainsOf(chains);
    if (typeof chainIds === 'string') return setChainsError(chainIds);
    const checked = walletPutRequestSchema.safeParse({ enabled, chain_ids: chainIds });
    if (!checked.success) return setChainsError(checked.error.issues[0]?.message);
    void form.save(() => wallets.putSettings({ enabled, chain_ids: chainIds }));
  };

  return (
    <SettingsBlock
      title={WALLET_SIGN_IN_TEXTS.title}
      lead={WALLET_SIGN_IN_TEXTS.lead}
      loadError={form.loadError}
      loadFailed={WALLET_SIGN_IN_TEXTS.loadFailed}
      onRetry={form.loaded.reload}
      data={form.stored}
      loading={WALLET_SIGN_IN_TEXTS.loading}
    >
      {() => (
        <SettingsForm label={WALLET_SIGN_IN_TEXTS.title} onSubmit={save} error={form.error} saving={form.saving} save={WALLET_SIGN_IN_TEXTS.save}>
          <Checkbox
            label={WALLET_SIGN_IN_TEXTS.allow}
            checked={enabled}
            onChange={(e) => form.setDraft((d) => ({ ...d, enabled: e.target.checked }))}
          />
          <TextField
            label={WALLET_SIGN_IN_TEXTS.chains}
            hint={WALLET_SIGN_IN_TEXTS.chainsHint}
            inputMode="numeric"
            spellCheck={false}
            value={chains}
            error={chainsError}
            onChange={(e) => {
              form.setDraft((d) => ({ ...d, chains: e.target.value }));
              setChainsError(undefined);
            }}
          />
        </SettingsForm>
      )}
    </SettingsBlock>
  );
}
