// Admin → Sign-in: the library's identity provider for single sign-on (OpenID Connect). The server checks
// the issuer by discovery before saving and says in words what is wrong; the client secret is write-only
// (shown as set, never sent back). The redirect URI to register at the provider is shown to copy.
import { useState, type FormEvent } from 'react';
import { toast } from '@accent/shared/client';
import { Button, Checkbox, ConfirmDialog, Select, TextArea, TextField, useQuery } from '@accent/shared/ui';
import { ROLE_LABELS } from '@accent/shared';
import { SSO_ROLES, ssoPutRequestSchema, type SsoRole, type SsoSettings } from '@accent/shell-common';
import { useSsoApi } from '../sso/sso-api.js';
import { errorMessage } from './format.js';
import { PasswordField } from './PasswordField.js';
import { SettingsBlock } from './SettingsBlock.js';
import { detailOf, SettingsForm } from './SignInPanelParts.js';
import styles from './Admin.module.css';

export const SIGN_IN_TEXTS = {
  title: 'Single sign-on',
  lead: 'Let people sign in with your company identity provider (OpenID Connect).',
  redirect: 'Register this redirect URI at your provider:',
  displayName: 'Display name',
  displayNameHint: 'Shown on the login page as "Sign in with …".',
  issuer: 'Issuer URL',
  issuerHint: 'Such as https://login.example.com (its /.well-known/openid-configuration is checked when you save).',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  secretSet: 'A secret is saved. Leave empty to keep it.',
  domains: 'Allowed email domains',
  domainsHint: 'One per line, such as example.com. Leave empty to allow any verified email.',
  role: 'Role for new users',
  roleHint: 'People signing in for the first time get this role. Administrators are always made by an administrator.',
  passwordSignIn: 'Allow password sign-in',
  passwordSignInHint: 'When off, only administrators can still sign in with a password (so a provider outage never locks the library out).',
  save: 'Save single sign-on',
  saved: 'Single sign-on saved',
  remove: 'Remove single sign-on',
  removeTitle: 'Remove single sign-on?',
  removeMessage:
    'The login page stops offering the provider. People who only sign in through it cannot sign in until it is set up again or an administrator sets them a password.',
  removed: 'Single sign-on removed',
  loading: 'Loading single sign-on...',
  loadFailed: 'Could not load the single sign-on settings.',
} as const;

const ROLE_OPTIONS = SSO_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface Form {
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  domains: string;
  default_role: SsoRole;
  password_sign_in: boolean;
}
type FieldName = 'display_name' | 'issuer' | 'client_id' | 'client_secret' | 'allowed_domains' | 'default_role';

const formOf = (s: SsoSettings): Form => ({
  display_name: s.display_name,
  issuer: s.issuer,
  client_id: s.client_id,
  client_secret: '',
  domains: s.allowed_domains.join('\n'),
  default_role: s.default_role,
  password_sign_in: s.password_sign_in,
});

const linesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);

export function SignInPanel() {
  const sso = useSsoApi();
  const query = useQuery(['admin', 'sso'], () => sso.getSettings());
  return (
    <SettingsBlock
      title={SIGN_IN_TEXTS.title}
      lead={SIGN_IN_TEXTS.lead}
      loadError={query.status === 'error' ? errorMessage(query.error) : null}
      loadFailed={SIGN_IN_TEXTS.loadFailed}
      onRetry={query.reload}
      data={query.status === 'ready' ? query.data : undefined}
      loading={SIGN_IN_TEXTS.loading}
    >
      {(settings) => <SignInForm loaded={settings} onSaved={(saved) => query.setData(() => saved)} />}
    </SettingsBlock>
  );
}

function SignInForm({ loaded, onSaved }: { loaded: SsoSettings; onSaved: (saved: SsoSettings) => void }) {
  const sso = useSsoApi();
  const [form, setForm] = useState<Form>(() => formOf(loaded));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);

  const shown = (data: SsoSettings) => {
    onSaved(data);
    setForm(formOf(data));
  };

  const change = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key === 'domains' ? 'allowed_domains' : key]: undefined }));
    setFormError(null);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const body = { ...form, allowed_domains: linesOf(form.domains), domains: undefined };
    const checked = ssoPutRequestSchema.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as FieldName;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      shown(await sso.putSettings(body));
      toast.success(SIGN_IN_TEXTS.saved);
    } catch (error) {
      setFormError(detailOf(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setSaving(true);
    try {
      shown(await sso.removeSettings());
      toast.success(SIGN_IN_TEXTS.removed);
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setSaving(false);
      setConfirmRemove(false);
    }
  };

  return (
    <>
      <SettingsForm
        label={SIGN_IN_TEXTS.title}
        onSubmit={save}
        error={formError}
        saving={saving}
        save={SIGN_IN_TEXTS.save}
        actions={
          loaded.configured && (
            <Button type="button" variant="secondary" disabled={saving} onClick={() => setConfirmRemove(true)}>
              {SIGN_IN_TEXTS.remove}
            </Button>
          )
        }
      >
        <p className={styles.settingHelp}>
          {SIGN_IN_TEXTS.redirect} <code>{loaded.redirect_uri}</code>
        </p>
        <TextField
          label={SIGN_IN_TEXTS.displayName}
          hint={SIGN_IN_TEXTS.displayNameHint}
          required
          value={form.display_name}
          error={errors.display_name}
          onChange={(e) => change('display_name', e.target.value)}
        />
        <TextField
          label={SIGN_IN_TEXTS.issuer}
          hint={SIGN_IN_TEXTS.issuerHint}
          required
          type="url"
          spellCheck={false}
          value={form.issuer}
          error={errors.issuer}
          onChange={(e) => change('issuer', e.target.value)}
        />
        <TextField
          label={SIGN_IN_TEXTS.clientId}
          required
          spellCheck={false}
          autoComplete="off"
          value={form.client_id}
          error={errors.client_id}
          onChange={(e) => change('client_id', e.target.value)}
        />
        <PasswordField
          label={SIGN_IN_TEXTS.clientSecret}
          hint={loaded.client_secret_set ? SIGN_IN_TEXTS.secretSet : undefined}
          required={!loaded.client_secret_set}
          autoComplete="new-password"
          value={form.client_secret}
          error={errors.client_secret}
          onChange={(e) => change('client_secret', e.target.value)}
        />
        <TextArea
          label={SIGN_IN_TEXTS.domains}
          hint={SIGN_IN_TEXTS.domainsHint}
          rows={3}
          spellCheck={false}
          autoCapitalize="off"
          value={form.domains}
          error={errors.allowed_domains}
          onChange={(e) => change('domains', e.target.value)}
        />
        <Select
          label={SIGN_IN_TEXTS.role}
          hint={SIGN_IN_TEXTS.roleHint}
          options={ROLE_OPTIONS}
          value={form.default_role}
          error={errors.default_role}
          onChange={(e) => change('default_role', e.target.value as SsoRole)}
        />
        <Checkbox
          label={SIGN_IN_TEXTS.passwordSignIn}
          checked={form.password_sign_in}
          onChange={(e) => change('password_sign_in', e.target.checked)}
        />
        <p className={styles.settingHelp}>{SIGN_IN_TEXTS.passwordSignInHint}</p>
      </SettingsForm>
      <ConfirmDialog
        open={confirmRemove}
        danger
        busy={saving}
        title={SIGN_IN_TEXTS.removeTitle}
        message={SIGN_IN_TEXTS.removeMessage}
        confirmLabel="Remove"
        onConfirm={() => void remove()}
        onCancel={() => setConfirmRemove(false)}
      />
    </>
  );
}
