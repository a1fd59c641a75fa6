// Generate with AI in the browser: the drafted agent waits here between the create modal and the
// editor (/agents/new?template=generated), so nothing is saved until the person saves it.
import { atom } from 'jotai';
import { avatarFor, DEFAULT_STEP_MODEL, MODEL_PROVIDERS, mergeAgentConfig, newAgent, RUNTIME_PROVIDER_LABELS, type Agent, type AgentConfig, type ModelProvider } from '@accent/agents-common';

/** The template id the editor reads the draft under. */
export const GENERATED_TEMPLATE = 'generated';

export const generatedDraftAtom = atom<Agent | null>(null);

/** The editor's agent for a drafted configuration. */
export function agentFromDraft(draft: AgentConfig): Agent {
  return { ...mergeAgentConfig(newAgent(), draft), name: draft.name, file_name: draft.name, avatar: draft.avatar ?? avatarFor(draft.name) };
}

/** The models a draft can be asked of, as "provider:model" values. */
export const GENERATE_MODEL_OPTIONS = (Object.keys(MODEL_PROVIDERS) as ModelProvider[]).flatMap((provider) =>
  MODEL_PROVIDERS[provider].map((model) => ({ value: `${provider}:${model}`, label: `${RUNTIME_PROVIDER_LABELS[provider]} · ${model}` })),
);
export const DEFAULT_GENERATE_MODEL = `${DEFAULT_STEP_MODEL.provider}:${DEFAULT_STEP_MODEL.model}`;

export function splitModel(value: string): { provider: string; model: string } {
  const at = value.indexOf(':');
  return { provider: value.slice(0, at), model: value.slice(at + 1) };
}
