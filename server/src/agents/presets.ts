// What the built-in agents (the starter agents seeded into a new database, the presentation-mode demo
// agents) have in common: models with the same retry and context settings, and mostly one step whose
// answer is the agent's output.
import type { AgentSaveRequest } from '@accent/agents-common';

type Step = NonNullable<AgentSaveRequest['steps']>[number];

/** A built-in agent's model: 3 retries, the context helper on, no extra system prompt. */
export const presetModel = (provider: string, model: string, temperature: number, { timeout = 30, max_tokens = 1000 } = {}) => ({
  provider,
  model,
  temperature,
  max_retries: 3,
  timeout,
  max_tokens,
  system: '',
  enable_context_helper: true,
});

/** An agent of one step, whose answer is the agent's output. */
export const oneStepAgent = (agent: Omit<AgentSaveRequest, 'steps'>, step: Omit<Step, 'include_in_output'>): AgentSaveRequest => ({
  ...agent,
  steps: [{ ...step, include_in_output: true }],
});
