import type { BackgroundAgentStatus } from '@accent/background-common';
import { StatusBadge, type StatusTone } from '@accent/shared/ui';

/** The card's status (§3.5 lists the stored values active, paused, Draft): shown alike, capitalised. */
export const CARD_STATUS_TEXT: Readonly<Record<BackgroundAgentStatus, string>> = { active: 'Active', paused: 'Paused', draft: 'Draft' };
const TONES: Readonly<Record<BackgroundAgentStatus, StatusTone>> = { active: 'success', paused: 'neutral', draft: 'warning' };

export function StatusTag({ status }: { status: BackgroundAgentStatus }) {
  return <StatusBadge tone={TONES[status]}>{CARD_STATUS_TEXT[status]}</StatusBadge>;
}
