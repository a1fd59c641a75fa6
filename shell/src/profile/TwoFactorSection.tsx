// Profile → Two-factor authentication: set up an authenticator app (QR code or manual key, confirmed
// with a code), see the ten recovery codes once (copy or download), and turn it off with a current
// code. The QR code is drawn by the server, so this page carries no QR library.
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, toast } from '@accent/shared/client';
import { Button, saveFile, TextField, useQuery } from '@accent/shared/ui';
import type { TwoFactorEnrolment } from '@accent/shell-common';
import { Section } from '../app/Page.js';
import { useAccountSecurityApi } from './account-security-api.js';
import { FormError } from '../login/AuthForm.js';
import { Loaded } from './Loaded.js';
import styles from './Profile.module.css';

export const TWO_FACTOR_SECTION_TEXTS = {
  title: 'Two-factor authentication',
  lead: 'Besides your password, signing in asks for a code from an authenticator app on your phone.',
  loading: 'Loading two-factor authentication...',
  loadFailed: 'Could not load your two-factor authentication settings.',
  required: 'Your library requires two-factor authentication. Set it up now to keep full access.',
  off: 'Two-factor authentication is off.',
  on: (date: string, left: number) => `Two-factor authentication is on since ${date}. ${left} of 10 recovery codes left.`,
  setUp: 'Set up two-factor authentication',
  scan: 'Scan this QR code with your authenticator app, or type the key by hand. Then enter the 6-digit code the app shows.',
  qrAlt: 'QR code for your authenticator app',
  manualKey: 'Key for manual entry',
  code: 'Code from the app',
  confirm: 'Confirm',
  cancel: 'Cancel',
  codesTitle: 'Your recovery codes',
  codesLead: 'Each code signs you in once if you lose your phone. Save them somewhere safe: they are shown only now.',
  copy: 'Copy codes',
  copied: 'Recovery codes copied',
  download: 'Download codes',
  done: 'I have saved my codes',
  enabled: 'Two-factor authentication is on',
  turnOff: 'Turn off',
  turnOffLead: 'To turn it off, enter a code from your app or one of your recovery codes.',
  turnOffCode: 'Code from the app or a recovery code',
  turnedOff: 'Two-factor authentication is off',
  failed: 'Something went wrong. Please try again.',
} as const;

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const detailOf = (error: unknown) => (error instanceof ApiError && error.status > 0 && error.detail ? error.detail : TWO_FACTOR_SECTION_TEXTS.failed);
/** `ABCDEFGH…` → `ABCD EFGH …`: easier to type from the screen */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** A step that asks for a code: its lead, the fields, the form's error, then submit and Cancel. */
function CodeForm({
  label,
  submit = label,
  lead,
  onSubmit,
  onCancel,
  error,
  busy,
  danger = false,
  children,
}: {
  label: string;
  submit?: string;
  lead: string;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  error: string | null;
  busy: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <form className={styles.stack} onSubmit={onSubmit} aria-label={label}>
      <p className={styles.lead}>{lead}</p>
      {children}
      <FormError error={error} />
      <div className={styles.row}>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy}>
          {submit}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {TWO_FACTOR_SECTION_TEXTS.cancel}
        </Button>
      </div>
    </form>
  );
}

type View = { kind: 'idle' } | { kind: 'enrolling'; enrolment: TwoFactorEnrolment } | { kind: 'codes'; codes: string[] } | { kind: 'disabling' };

export function TwoFactorSection() {
  const api = useAccountSecurityApi();
  const query = useQuery(['profile', 'two-factor'], () => api.twoFactorStatus());
  const [view, setView] = useState<View>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = (next: View) => {
    setView(next);
    setCode('');
    setError(null);
  };

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(detailOf(e));
    } finally {
      setBusy(false);
    }
  }

  const start = () => run(async () => reset({ kind: 'enrolling', enrolment: await api.startEnrolment() }));

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const codes = await api.confirmEnrolment(code.trim());
      reset({ kind: 'codes', codes });
      // this session proved the factor: its next token says so (administration may need it)
      await api.refreshSession();
      query.reload();
    });
  };

  const disable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.disableTwoFactor(code.trim());
      reset({ kind: 'idle' });
      toast.success(TWO_FACTOR_SECTION_TEXTS.turnedOff);
      query.reload();
    });
  };

  const codesText = view.kind === 'codes' ? `${view.codes.join('\n')}\n` : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText);
      toast.success(TWO_FACTOR_SECTION_TEXTS.copied);
    } catch {
      toast.error(TWO_FACTOR_SECTION_TEXTS.failed);
    }
  };

  return (
    <Section title={TWO_FACTOR_SECTION_TEXTS.title} id="profile-two-factor">
      <p className={styles.lead}>{TWO_FACTOR_SECTION_TEXTS.lead}</p>
      <Loaded query={query} loading={TWO_FACTOR_SECTION_TEXTS.loading} loadFailed={TWO_FACTOR_SECTION_TEXTS.loadFailed} describe={detailOf}>
        {(status) =>
          view.kind === 'codes' ? (
            <div>
              <h3 className={styles.subTitle}>{TWO_FACTOR_SECTION_TEXTS.codesTitle}</h3>
              <p className={styles.lead}>{TWO_FACTOR_SECTION_TEXTS.codesLead}</p>
              <ul className={styles.codes} aria-label={TWO_FACTOR_SECTION_TEXTS.codesTitle}>
                {view.codes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
              <div className={styles.row}>
                <Button variant="secondary" onClick={() => void copy()}>
                  {TWO_FACTOR_SECTION_TEXTS.copy}
                </Button>
                <Button variant="secondary" onClick={() => saveFile(new Blob([codesText], { type: 'text/plain' }), 'accent-recovery-codes.txt')}>
                  {TWO_FACTOR_SECTION_TEXTS.download}
                </Button>
                <Button onClick={() => reset({ kind: 'idle' })}>{TWO_FACTOR_SECTION_TEXTS.done}</Button>
              </div>
            </div>
          ) : status.enabled ? (
            <>
              <p role="status">{TWO_FACTOR_SECTION_TEXTS.on(status.enabled_at ? formatDate(status.enabled_at) : '', status.recovery_codes_left)}</p>
              {view.kind === 'disabling' ? (
                <CodeForm
                  label={TWO_FACTOR_SECTION_TEXTS.turnOff}
                  lead={TWO_FACTOR_SECTION_TEXTS.turnOffLead}
                  onSubmit={disable}
                  onCancel={() => reset({ kind: 'idle' })}
                  error={error}
                  busy={busy}
                  danger
                >
                  <TextField
                    label={TWO_FACTOR_SECTION_TEXTS.turnOffCode}
                    name="code"
                    autoComplete="one-time-code"
                    spellCheck={false}
                    maxLength={40}
                    required
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                  />
                </CodeForm>
              ) : (
                <div className={styles.row}>
                  <Button variant="secondary" onClick={() => reset({ kind: 'disabling' })}>
                    {TWO_FACTOR_SECTION_TEXTS.turnOff}
                  </Button>
                </div>
              )}
            </>
          ) : view.kind === 'enrolling' ? (
            <CodeForm
              label={TWO_FACTOR_SECTION_TEXTS.setUp}
              submit={TWO_FACTOR_SECTION_TEXTS.confirm}
              lead={TWO_FACTOR_SECTION_TEXTS.scan}
              onSubmit={confirm}
              onCancel={() => reset({ kind: 'idle' })}
              error={error}
              busy={busy}
            >
              <img className={styles.qr} src={view.enrolment.qr_code} alt={TWO_FACTOR_SECTION_TEXTS.qrAlt} width={180} height={180} />
              <div>
                <span className={styles.muted}>{TWO_FACTOR_SECTION_TEXTS.manualKey}</span>
                <p className={styles.mono}>
                  <code data-testid="totp-secret">{grouped(view.enrolment.secret)}</code>
                </p>
              </div>
              <TextField
                label={TWO_FACTOR_SECTION_TEXTS.code}
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </CodeForm>
          ) : (
            <>
              {status.required && (
                <p className={styles.notice} role="note">
                  {TWO_FACTOR_SECTION_TEXTS.required}
                </p>
              )}
              <p>{TWO_FACTOR_SECTION_TEXTS.off}</p>
              <FormError error={error} />
              <div className={styles.row}>
                <Button onClick={() => void start()} loading={busy}>
                  {TWO_FACTOR_SECTION_TEXTS.setUp}
                </Button>
              </div>
            </>
          )
        }
      </Loaded>
    </Section>
  );
}
