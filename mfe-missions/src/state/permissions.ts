import type { Mission } from '@accent/missions-common';
import type { User } from '@accent/shared';

/**
 * Who may change or delete a mission: its owner, and admins (the row-level security of
 * docs/missions-contract.md; the database refuses anyone else too).
 */
export function canManageMission(user: User | null, mission: Pick<Mission, 'user_id'>): boolean {
  return Boolean(user && (user.role === 'admin' || mission.user_id === user.user_id));
}
