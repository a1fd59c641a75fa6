import type { FlowStatus } from '@accent/flows-common';
import { StatusBadge, type StatusTone } from '@accent/shared/ui';

const TONES: Readonly<Record<FlowStatus, StatusTone>> = { active: 'success', draft: 'warning', inactive: 'neutral' };

export function StatusTag({ status }: { status: FlowStatus }) {
  return <StatusBadge tone={TONES[status]}>{status}</StatusBadge>;
}
