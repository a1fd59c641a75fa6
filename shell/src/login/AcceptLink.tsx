// The page an invitation or sign-up link opens: checks the link first (used, expired, revoked: said at
// once, in words), shows the library, role and address it is for, then takes a name and a password
// (the rules ticked off as the user types) and signs in with the new account.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ROLE_LABELS } from '@accent/shared';
import { TextField, useQuery } from '@accent/shared/ui';
import { INVITATION_MESSAGES, linkTokenSchema, TEAM_LABELS, type LinkPreview } from '@accent/shell-common';
import { AuthCard } from './AuthCard.js';
import { AuthForm, FormError, NEW_PASSWORD_MISMATCH, NewPasswordFields, useNewPassword } from './AuthForm.js';
import { detailOf } from './email-sign-in-api.js';
import own from './AcceptLink.module.css';
import styles from './EmailSignIn.module.css';
import { useLinksApi } from './links-api.js';

export const ACCEPT_TEXTS = {
  checking: 'Checking the link…',
  invitationTitle: (library: string) => `Join ${library} on Accent Studio`,
  signUpTitle: 'Finish signing up',
  invitationLead: (p: LinkPreview) => `${p.invited_by ?? 'An administrator'} invited you. Choose your name and a password to start.`,
  signUpLead: 'Your email is confirmed. Choose your name and a password to start.',
  invalidTitle: 'This link no longer works',
  name: 'Your name',
  jobTitle: 'Job title (optional)',
  password: 'Password',
  repeat: 'Repeat the password',
  mismatch: NEW_PASSWORD_MISMATCH,
  submit: 'Create account',
  signIn: 'Sign in',
  signUpAgain: 'Sign up again',
  adoptFailed: 'Your account is ready. Sign in with your email and password.',
} as const;

function Facts({ preview }: { preview: LinkPreview }) {
  const rows: [string, ReactNode][] = [
    ['Email', preview.email],
    ['Library', `${preview.library} (${preview.environment})`],
    ['Role', ROLE_LABELS[preview.role]],
    ...(preview.team ? ([['Team', TEAM_LABELS[preview.team]]] as [string, ReactNode][]) : []),
  ];
  return (
    <dl className={own.facts} aria-label="Your account">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AcceptLink({ token, signUpAgain = false }: { token: string; signUpAgain?: boolean }) {
  const links = useLinksApi();
  const navigate = useNavigate();
  // a cut or mangled link is said at once, without asking the server
  const wellFormed = linkTokenSchema.safeParse(token).success;
  const preview = useQuery(['link', token], () => links.preview(token), { enabled: wellFormed });
  const [values, setValues] = useState({ name: '', title: '' });
  const [nameError, setNameError] = useState<string | undefined>();
  const password = useNewPassword(preview.status === 'ready' ? preview.data.email : '');
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setNameError(undefined);
    setFormError(null);
  };

  const invalid = (detail: string) => (
    <AuthCard title={ACCEPT_TEXTS.invalidTitle}>
      <FormError error={detail} />
      <div className={styles.links}>
        <Link to="/login">{ACCEPT_TEXTS.signIn}</Link>
        {signUpAgain && <Link to="/sign-up">{ACCEPT_TEXTS.signUpAgain}</Link>}
      </div>
    </AuthCard>
  );

  if (!wellFormed) return invalid(INVITATION_MESSAGES.linkInvalid);
  if (preview.status === 'loading')
    return (
      <AuthCard title={ACCEPT_TEXTS.signUpTitle}>
        <p role="status">{ACCEPT_TEXTS.checking}</p>
      </AuthCard>
    );
  if (preview.status === 'error') return invalid(detailOf(preview.error));
  const link = preview.data;
  const title = link.kind === 'invitation' ? ACCEPT_TEXTS.invitationTitle(link.library) : ACCEPT_TEXTS.signUpTitle;

  if (done)
    return (
      <AuthCard title={title}>
        <p className={styles.notice} role="status">
          {done}
        </p>
        <div className={styles.links}>
          <Link to="/login">{ACCEPT_TEXTS.signIn}</Link>
        </div>
      </AuthCard>
    );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const named = values.name.trim() !== '';
    setNameError(named ? undefined : 'Name is required');
    if (!password.check(password.setPasswordError) || !named) return;
    setBusy(true);
    try {
      await links.accept({ token, name: values.name.trim(), title: values.title.trim(), password: password.password });
      if (await links.adoptSession()) navigate('/', { replace: true });
      else setDone(ACCEPT_TEXTS.adoptFailed);
    } catch (failure) {
      setBusy(false);
      const detail = detailOf(failure);
      // the link died meanwhile (used in another tab, revoked, expired while typing): say so as on arrival
      if (detail.startsWith('This link') || detail.startsWith('This invitation')) preview.reload();
      const field = /^(name|password): (.+)$/.exec(detail);
      if (field?.[1] === 'name') setNameError(field[2]);
      else if (field) password.setPasswordError(field[2]);
      else setFormError(detail);
    }
  }

  return (
    <AuthCard title={title} lead={link.kind === 'invitation' ? ACCEPT_TEXTS.invitationLead(link) : ACCEPT_TEXTS.signUpLead}>
      <Facts preview={link} />
      <AuthForm label={title} onSubmit={submit} error={formError} busy={busy} submit={ACCEPT_TEXTS.submit} noValidate>
        <TextField
          label={ACCEPT_TEXTS.name}
          name="name"
          autoComplete="name"
          required
          value={values.name}
          error={nameError}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          label={ACCEPT_TEXTS.jobTitle}
          name="title"
          autoComplete="organization-title"
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
        />
        <NewPasswordFields state={password} label={ACCEPT_TEXTS.password} repeatLabel={ACCEPT_TEXTS.repeat} onChange={() => setFormError(null)} />
      </AuthForm>
    </AuthCard>
  );
}
