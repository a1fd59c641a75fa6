// My Team: the library's active members as any colleague may see them (no email, no account state).
import { z } from 'zod';
import { APP_ROLES } from '@accent/shared';
import { TEAMS } from './admin.js';

export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  role: z.enum(APP_ROLES),
  team: z.enum(TEAMS).nullable(),
  /** the last sign-in or session renewal; null when never signed in */
  last_active: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamResponseSchema = z.object({ members: z.array(teamMemberSchema) });
