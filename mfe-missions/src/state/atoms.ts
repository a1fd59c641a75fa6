// Dashboard filters that survive moving between the dashboard and the editor during a session (kept in
// the suite's one jotai store). The agent filter lives in the address (?agent=) so it can be linked to.
import { atom } from 'jotai';
import type { MissionStatus } from '@accent/missions-common';

export const missionSearchAtom = atom('');
/** null = every status */
export const missionStatusFilterAtom = atom<MissionStatus | null>(null);
