// Request and response shapes of the agent API that @accent/shared does not define (yet): versions,
// restore and the save answer. The rest (save body, list, config) come from @accent/shared.
import { agentNameQuerySchema } from '@accent/agents-common';
import { z } from 'zod';

const versionNumber = z
  .number({ error: 'Version must be a number' })
  .int('Version must be a whole number')
  .min(1, 'Version must be at least 1');

export const agentVersionQuerySchema = agentNameQuerySchema.extend({
  // query strings are text; coerce before the same checks
  version: z.coerce.number({ error: 'Version must be a number' }).pipe(versionNumber),
});

export const agentRestoreRequestSchema = agentNameQuerySchema.extend({ version: versionNumber });

export const agentSaveResponseSchema = z.object({ status: z.literal('success'), name: z.string(), version: z.number().int() });

export const agentVersionsResponseSchema = z.object({
  versions: z.array(z.object({ version: z.number().int(), created_at: z.string(), created_by: z.string() })),
});
