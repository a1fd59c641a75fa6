// Admin → Settings → Self sign-up: the email domains whose people may create their own account in this
// library (as end users), one per line; empty keeps sign-up closed. The login page links to /sign-up
// only while the list has a domain and the server can send email. A refused entry is said at the field
// with its line.
import { useId, type FormEvent } from 'react';
import { Button, ErrorState, LoadingState } from '@accent/shared/ui';
import type { SignUpDomainsResponse } from '@accent/shell-common';
import { errorMessage, lineListError, linesOf } from './format.js';
import { useInvitationsApi } from './invitations-api.js';
import { LinesField } from './SettingsBlock.js';
import { useSettingsForm } from './useSettingsForm.js';
import styles from './Admin.module.css';

export const SIGN_UP_TEXTS = {
  title: 'Self sign-up',
  lead: 'People with an address at these domains can create their own account in this library, as end users, after confirming their email.',
  label: 'Allowed email domains',
  hint: 'One per line, such as example.com. Leave empty to keep sign-up closed.',
  noEmail: 'This server cannot send email (SMTP_URL is not set), so nobody can sign up until it can.',
  save: 'Save domains',
  saved: 'Sign-up domains saved',
  loading: 'Loading sign-up domains...',
} as const;


export function SignUpDomainsPanel() {
  const invitations = useInvitationsApi();
  const titleId = useId();
  const form = useSettingsForm({
    key: ['admin', 'sign-up-domains'],
    read: () => invitations.getSignUpDomains(),
    draftOf: (stored: SignUpDomainsResponse) => stored.domains.join('\n'),
    empty: '',
    saved: SIGN_UP_TEXTS.saved,
    refusal: (e) => lineListError(e, 'domains'),
  });
  const { loaded } = form;

  const save = (e: FormEvent) => {
    e.preventDefault();
    void form.save(() => invitations.putSignUpDomains(linesOf(form.draft)));
  };

  return (
    <section className={styles.block} aria-labelledby={titleId}>
      <h2 className={styles.blockTitle} id={titleId}>
        {SIGN_UP_TEXTS.title}
      </h2>
      <p className={styles.lead}>{SIGN_UP_TEXTS.lead}</p>
      {loaded.status === 'error' && <ErrorState message={`Could not load the sign-up domains: ${errorMessage(loaded.error)}`} onRetry={loaded.reload} />}
      {loaded.status === 'loading' && <LoadingState text={SIGN_UP_TEXTS.loading} />}
      {loaded.status === 'ready' && (
        <form onSubmit={save} noValidate>
          {!loaded.data.email_configured && (
            <p className={styles.formError} role="note">
              {SIGN_UP_TEXTS.noEmail}
            </p>
          )}
          <LinesField form={form} label={SIGN_UP_TEXTS.label} hint={SIGN_UP_TEXTS.hint} rows={3} />
          <Button type="submit" loading={form.saving}>
            {SIGN_UP_TEXTS.save}
          </Button>
        </form>
      )}
    </section>
  );
}
