// Generate with AI: the request the create-agent modal sends, and the shape the model must answer in.
// The draft is the saved agent's own schema (agentSaveRequestSchema), narrowed to the fields a person
// would otherwise type, so whatever the model answers is validated exactly as a save would be.
import { z } from 'zod';
import { DEFAULT_STEP_MODEL, TOOL_CATALOGUE } from './constants.js';
import { agentSaveRequestSchema, type AgentConfig } from './schemas.js';

export const GENERATE_DESCRIPTION_MAX = 4000;

/** The fields the model drafts; the rest take the save schema's defaults. */
export const agentDraftSchema = agentSaveRequestSchema.pick({
  name: true,
  description: true,
  category: true,
  params: true,
  steps: true,
  tools: true,
});

/** POST /api/v1/agent/generate */
export const agentGenerateRequestSchema = z.object({
  description: z
    .string({ error: 'Describe the agent you need' })
    .trim()
    .min(1, 'Describe the agent you need')
    .max(GENERATE_DESCRIPTION_MAX, `The description must be at most ${GENERATE_DESCRIPTION_MAX} characters`),
  provider: z.string().min(1).max(50).default(DEFAULT_STEP_MODEL.provider),
  model: z.string().min(1).max(100).default(DEFAULT_STEP_MODEL.model),
});
export type AgentGenerateRequest = z.input<typeof agentGenerateRequestSchema>;

export const agentGenerateResponseSchema = z.object({ agent: agentSaveRequestSchema });
export type AgentGenerateResponse = { agent: AgentConfig };

/** The name the structured answer is requested under (the local model server recognises it). */
export const AGENT_DRAFT_SCHEMA_NAME = 'agent_draft';

export const GENERATE_MESSAGES = {
  doesNotFit: (reason: string) => `The model's answer is not a valid agent: ${reason}. Try again, or describe the agent differently.`,
  noAnswer: 'The model did not answer with an agent. Try again, or describe the agent differently.',
} as const;

/** Tools the catalogue offers, so a suggested tool the model made up is dropped rather than saved. */
export const isCatalogueTool = (tool: string): boolean => (TOOL_CATALOGUE as readonly string[]).includes(tool);
