// Admin → Settings → Self sign-up: the email domains whose people may create their own account in this
// library (as end users), one per line; empty keeps sign-up closed. The login page links to /sign-up
// only while the list has a verified domain and the server can send email. A refused entry is said at the
// field with its line. Each listed domain opens sign-up only once this library proved it controls it: the
// panel shows the DNS TXT record to add and a Verify button per domain, or that it is verified.
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@accent/shared/client';
import { Button, ErrorState, LoadingState } from '@accent/shared/ui';
import type { SignUpDomainStatus, SignUpDomainsResponse } from '@accent/shell-common';
import { errorMessage, formatDate, lineListError, linesOf } from './format.js';
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
  verificationTitle: 'Proof of control',
  verificationLead:
    'A listed domain opens sign-up only once this library has shown it controls it, so that no library can open sign-up to another company\'s people. Add the TXT record below at the domain\'s DNS provider, then verify.',
  pending: (domain: string) => `${domain}: not verified, sign-up stays closed for it.`,
  addRecord: (domain: string) => `Add this TXT record at ${domain} (the domain itself, not a subdomain):`,
  verify: (domain: string) => `Verify ${domain}`,
  verifiedByDns: (domain: string, date: string) => `${domain}: verified by its DNS record on ${date}.`,
  verifiedByOperator: (domain: string, date: string) => `${domain}: verified by the studio operator on ${date}.`,
  verified: (domain: string) => `${domain} is verified: people with its addresses can sign up.`,
} as const;

/** One listed domain: verified, or the record to add and a Verify button with the server's answer. */
function DomainVerification({ claim, onVerify }: { claim: SignUpDomainStatus; onVerify: (domain: string) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  if (claim.verified_at) {
    const date = formatDate(claim.verified_at);
    return <li>{claim.verified_by === 'operator' ? SIGN_UP_TEXTS.verifiedByOperator(claim.domain, date) : SIGN_UP_TEXTS.verifiedByDns(claim.domain, date)}</li>;
  }
  const verify = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await onVerify(claim.domain);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li>
      <p>{SIGN_UP_TEXTS.pending(claim.domain)}</p>
      <p>
        {SIGN_UP_TEXTS.addRecord(claim.domain)} <code className={styles.mono}>{claim.record}</code>
      </p>
      <Button type="button" variant="secondary" loading={busy} onClick={() => void verify()} aria-describedby={problem ? errorId : undefined}>
        {SIGN_UP_TEXTS.verify(claim.domain)}
      </Button>
      {problem && (
        <p className={styles.formError} id={errorId} role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}


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

  const verify = async (domain: string) => {
    const kept = await invitations.verifySignUpDomain(domain);
    loaded.setData(() => kept);
    toast.success(SIGN_UP_TEXTS.verified(domain));
  };

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
      {loaded.status === 'ready' && loaded.data.verification.length > 0 && (
        <div className={styles.note}>
          <h3>{SIGN_UP_TEXTS.verificationTitle}</h3>
          <p>{SIGN_UP_TEXTS.verificationLead}</p>
          <ul aria-label={SIGN_UP_TEXTS.verificationTitle}>
            {loaded.data.verification.map((claim) => (
              <DomainVerification key={claim.domain} claim={claim} onVerify={verify} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
