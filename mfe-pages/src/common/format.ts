import { publishedPageUrl } from '@accent/pages-common';

/** "Jun 2, 2025, 10:00 AM"; '—' when there is no date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The live address of a published page on this studio's origin. */
export const liveUrl = (slug: string, token?: string) => publishedPageUrl(typeof window === 'undefined' ? '' : window.location.origin, slug, token);

/** The spec's delete confirmation wording (spec 02 §5). */
export const deleteConfirmText = (name: string) => `Are you sure you want to delete "${name}"? This action cannot be undone.`;
