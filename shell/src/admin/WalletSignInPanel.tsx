// Admin → Sign-in: sign-in with Ethereum (EIP-4361), off by default. When on, people sign in with a wallet
// they linked in Profile → Linked accounts (a wallet never creates an account), on the chains listed here.
import { useState, type FormEvent } from 'react';
import { toast } from '@accent/shared/client';
import { Checkbox, TextField, useQuery } from '@accent/shared/ui';
import { walletPutRequestSchema, type WalletSettings } from '@accent/shell-common';
import { useWalletApi } from '../wallet/wallet-api.js';
import { AdminBlock, detailOf, LoadedSettings, SettingsForm } from './SignInPanelParts.js';

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
  const query = useQuery(['admin', 'wallet-sign-in'], () => wallets.getSettings());
  return (
    <AdminBlock title={WALLET_SIGN_IN_TEXTS.title} lead={WALLET_SIGN_IN_TEXTS.lead}>
      <LoadedSettings query={query} loading={WALLET_SIGN_IN_TEXTS.loading} loadFailed={WALLET_SIGN_IN_TEXTS.loadFailed}>
        {(settings) => <WalletSignInForm settings={settings} onSaved={(saved) => query.setData(() => saved)} />}
      </LoadedSettings>
    </AdminBlock>
  );
}

function WalletSignInForm({ settings, onSaved }: { settings: WalletSettings; onSaved: (saved: WalletSettings) => void }) {
  const wallets = useWalletApi();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [chains, setChains] = useState(settings.chain_ids.join(', '));
  const [chainsError, setChainsError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const chainIds = chainsOf(chains);
    if (typeof chainIds === 'string') return setChainsError(chainIds);
    const checked = walletPutRequestSchema.safeParse({ enabled, chain_ids: chainIds });
    if (!checked.success) return setChainsError(checked.error.issues[0]?.message);
    setSaving(true);
    try {
      const saved = await wallets.putSettings({ enabled, chain_ids: chainIds });
      setEnabled(saved.enabled);
      setChains(saved.chain_ids.join(', '));
      onSaved(saved);
      toast.success(WALLET_SIGN_IN_TEXTS.saved);
    } catch (error) {
      setFormError(detailOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsForm label={WALLET_SIGN_IN_TEXTS.title} onSubmit={save} error={formError} saving={saving} save={WALLET_SIGN_IN_TEXTS.save}>
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
    </SettingsForm>
  );
}
