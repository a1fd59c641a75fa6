// /content/personalize/:id: the crmData fields of one published page filled in for one prospect; saving
// creates a personalisation and shows the prospect-specific link (/p/{slug}?p={token}) with Copy.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PAGE_LANGUAGES, personalizationInputSchema, type PageRow } from '@accent/pages-common';
import type { PagePersonalization } from '../data/pages.js';
import { BackLink, Button, EmptyState, ErrorState, LoadingState, Page, PageHeader, Select, TextField, useQuery } from '@accent/shared/ui';
import { formatDate } from '../common/format.js';
import { errorMessage, usePagesEnv } from '../state/PagesDataContext.js';
import styles from '../common/Common.module.css';

/** Where a page's personalised links are made and listed. */
export const personalizePath = (id: string) => `/content/personalize/${encodeURIComponent(id)}`;

/** The way to a published page's personalised links from the Pages menu and the builder. */
export const PERSONALIZED_LINKS = 'Personalized links';

/** Navigation state of a way in other than Content (the Pages menu, the builder): where its back link leads. */
export interface PersonalizeFrom {
  back: { to: string; label: string };
}

type Load = { state: 'loading' } | { state: 'ready'; page: PageRow; links: PagePersonalization[] } | { state: 'missing' } | { state: 'error'; message: string };
const FIELDS = [
  ['domain', 'Domain'],
  ['customerName', 'Customer name'],
  ['opportunityName', 'Opportunity name'],
] as const;
type Form = { prospect_name: string; domain: string; customerName: string; opportunityName: string; language: string };

export function PersonalizePage() {
  const { id = '' } = useParams();
  const { api, notify, copy } = usePagesEnv();
  const back = (useLocation().state as PersonalizeFrom | null)?.back ?? { to: '/content', label: 'Content' };
  const query = useQuery(['pages', 'personalize', id], async () => {
    const page = await api.getPage(id);
    if (!page) return null;
    // the links made earlier; the list is a convenience, the form works without it
    const links = await api.listPersonalizations(id).catch(() => []);
    return { page, links };
  });
  const load: Load =
    query.status === 'ready'
      ? query.data
        ? { state: 'ready', ...query.data }
        : { state: 'missing' }
      : query.status === 'error'
        ? { state: 'error', message: errorMessage(query.error, 'Could not load the page.') }
        : { state: 'loading' };
  const [form, setForm] = useState<Form>({ prospect_name: '', domain: '', customerName: '', opportunityName: '', language: 'English' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<PagePersonalization | null>(null);

  // the form starts from the page's CRM block, once per loaded page, in the same render that shows the page
  const loadedPage = query.status === 'ready' ? query.data?.page : undefined;
  const [formFor, setFormFor] = useState<PageRow | undefined>(undefined);
  if (loadedPage && loadedPage !== formFor) {
    setFormFor(loadedPage);
    const crm = loadedPage.components.find((c) => c.type === 'crmData')?.props ?? {};
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    setForm((f) => ({ ...f, domain: str(crm.domain), customerName: str(crm.customerName), opportunityName: str(crm.opportunityName), language: str(crm.language) || 'English' }));
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      prospect_name: form.prospect_name,
      crm_data: { domain: form.domain, customerName: form.customerName, opportunityName: form.opportunityName, language: form.language },
    };
    const parsed = personalizationInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[issue.path.length - 1])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const link = await api.createPersonalization(id, parsed.data);
      setCreated(link);
      query.setData((d) => (d ? { ...d, links: [link, ...d.links] } : d));
      notify.success('Link created', `A personalised link for ${link.prospect_name} is ready.`);
    } catch (err) {
      notify.error('Personalization Failed', errorMessage(err, 'Could not create the link. Please check your connection.'));
    } finally {
      setSaving(false);
    }
  };

  const copyLink = async (url: string) => {
    try {
      await copy(url);
      notify.success('Link copied');
    } catch {
      notify.error('Copy failed', 'Select the link and copy it by hand.');
    }
  };

  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <Page>
      <BackLink to={back.to}>{back.label}</BackLink>
      {load.state === 'loading' ? (
        <LoadingState text="Loading page..." />
      ) : load.state === 'error' ? (
        <ErrorState message={load.message} onRetry={query.reload} />
      ) : load.state === 'missing' ? (
        <EmptyState title="Page not found" text="This page does not exist or was deleted." />
      ) : (
        <>
          <PageHeader title={`Personalize ${load.page.name}`} subtitle="The prospect sees these details on the page, and the assistant answers with them." />
          {load.page.status !== 'published' && <p role="alert">This page is not published: deploy it before sharing links.</p>}
          <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label="Personalize for a prospect" noValidate>
            <TextField label="Prospect name" required value={form.prospect_name} onChange={set('prospect_name')} error={errors.prospect_name} maxLength={200} />
            {FIELDS.map(([key, label]) => (
              <TextField key={key} label={label} value={form[key]} onChange={set(key)} error={errors[key]} />
            ))}
            <Select label="Language" value={form.language} options={PAGE_LANGUAGES.map((l) => ({ value: l, label: l }))} onChange={set('language')} error={errors.language} />
            <Button type="submit" loading={saving}>
              Create link
            </Button>
          </form>
          {created && (
            <section className={styles.result} aria-label="Personalised link">
              <h2 className={styles.sectionTitle}>Link for {created.prospect_name}</h2>
              <div className={styles.linkRow}>
                <input className={styles.linkInput} readOnly value={created.url} aria-label={`Link for ${created.prospect_name}`} onFocus={(e) => e.target.select()} />
                <Button variant="secondary" onClick={() => void copyLink(created.url)}>
                  Copy
                </Button>
              </div>
            </section>
          )}
          {load.links.length > 0 && (
            <section aria-labelledby="earlier-links">
              <h2 id="earlier-links" className={styles.sectionTitle}>
                Links made for this page
              </h2>
              <ul>
                {load.links.map((l) => (
                  <li key={l.id}>
                    {l.prospect_name} · {formatDate(l.created_at)} ·{' '}
                    <a className={styles.link} href={l.url} target="_blank" rel="noopener noreferrer">
                      {l.url}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </Page>
  );
}
