// GET /api/v1/remotes as the route documents and answers it.
import { REMOTE_IDS } from '@accent/shared';
import { z } from 'zod';

export const remoteRegistryResponseSchema = z.object({
  remotes: z.array(
    z.object({
      id: z.enum(REMOTE_IDS),
      name: z.string(),
      entry: z.string(),
      version: z.string(),
    }),
  ),
});
export type RemoteRegistryResponse = z.infer<typeof remoteRegistryResponseSchema>;
