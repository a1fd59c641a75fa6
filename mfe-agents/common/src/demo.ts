// Demo agents for presentation mode (spec 01 §4: with the experimentalProjects admin setting on, the
// dashboard also shows demo agents, loaded dynamically from GET /api/v1/agent/demo).
import { z } from 'zod';
import { agentListItemSchema, agentSaveRequestSchema } from './schemas.js';

export const demoAgentSchema = agentListItemSchema.extend({
  /** by keyword (categoryByKeyword): Sales, Marketing, Research, Support or General */
  category: z.string(),
  demo: z.literal(true),
  /** the whole configuration, so the editor can show a demo agent without loading it from the library */
  config: agentSaveRequestSchema,
});
export type DemoAgent = z.infer<typeof demoAgentSchema>;
export const demoAgentsResponseSchema = z.object({ status: z.literal('success'), agents: z.array(demoAgentSchema) });
export type DemoAgentsResponse = z.infer<typeof demoAgentsResponseSchema>;
