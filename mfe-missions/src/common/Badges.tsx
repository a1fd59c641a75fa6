import type { ReactNode } from 'react';
import {
  MISSION_RUN_STATUS_LABELS,
  MISSION_SCOPE_LABELS,
  MISSION_STATUS_LABELS,
  type MissionRunStatus,
  type MissionScope,
  type MissionStatus,
} from '@accent/missions-common';
import { RunStatusBadge as KitRunStatusBadge, StatusBadge, type StatusTone } from '@accent/shared/ui';
import styles from './Common.module.css';

// the same tones as the other areas' active / paused / draft
const STATUS_TONES: Readonly<Record<MissionStatus, StatusTone>> = { active: 'success', paused: 'neutral', draft: 'warning' };

export function MissionStatusBadge({ status }: { status: MissionStatus }) {
  return <StatusBadge tone={STATUS_TONES[status]}>{MISSION_STATUS_LABELS[status]}</StatusBadge>;
}

export function RunStatusBadge({ status }: { status: MissionRunStatus }) {
  return <KitRunStatusBadge status={status} label={MISSION_RUN_STATUS_LABELS[status]} />;
}

/** A 14px outline icon, decorative: the label beside it says what it means. */
function OutlineIcon({ children }: { children: ReactNode }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {children}
    </svg>
  );
}

const LockIcon = () => (
  <OutlineIcon>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </OutlineIcon>
);

const PeopleIcon = () => (
  <OutlineIcon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </OutlineIcon>
);

/** Private / Everyone in the library, with an icon; `short` says Library for the wide table. */
export function ScopeLabel({ scope, short = false }: { scope: MissionScope; short?: boolean }) {
  const label = short && scope === 'library' ? 'Library' : MISSION_SCOPE_LABELS[scope];
  return (
    <span className={styles.scope} title={MISSION_SCOPE_LABELS[scope]}>
      {scope === 'library' ? <PeopleIcon /> : <LockIcon />}
      {label}
    </span>
  );
}
