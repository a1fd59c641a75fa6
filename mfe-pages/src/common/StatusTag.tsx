import type { PageStatus } from '@accent/pages-common';
import { StatusBadge, type StatusTone } from '@accent/shared/ui';

const LABELS: Record<PageStatus, string> = { draft: 'Draft', published: 'Published', unpublished: 'Unpublished' };
const TONES: Record<PageStatus, StatusTone> = { draft: 'neutral', published: 'success', unpublished: 'warning' };

export function StatusTag({ status }: { status: PageStatus }) {
  return <StatusBadge tone={TONES[status]}>{LABELS[status]}</StatusBadge>;
}
