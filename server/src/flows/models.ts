// Which provider and model an llm node's model name means, and the language model for it, resolved like
// the agent runtime does: the library's stored provider settings over the server's environment
// (runtime/providers.ts `createLanguageModel`, which answers the "no key" error naming the provider).
//
// The flow builder's four choices (spec 02 §9):
//   gpt-4.1-mini  → openai gpt-4.1-mini
//   gpt-3.5-turbo → openai gpt-3.5-turbo
//   claude-3      → anthropic claude-3-haiku (claude-3-haiku-20240307): "Claude 3" names a family, the
//                   fast, inexpensive member suits flow steps
//   claude-instant→ anthropic claude-3-haiku: Anthropic retired Claude Instant; Claude 3 Haiku is its
//                   announced successor
// Any other name: a model of the runtime's table (e.g. gpt-4o, claude-3.5-sonnet, gemini-pro), then by
// prefix (gpt-/o1/o3/o4/chatgpt- → openai, claude- → anthropic, gemini- → google), or `provider:model`
// (e.g. local:llama3.1 for the local OpenAI-compatible server).
import { LOCAL_PROVIDER } from '@accent/agents-common';
import type { CredentialStore, CredentialValues } from '../credentials/store.js';
import { createLanguageModel, isRuntimeProvider, PROVIDER_MODELS, providerSettings, type ResolvedModel, type RuntimeProvider } from '../runtime/providers.js';

export const FLOW_MODEL_TARGETS: Record<string, { provider: RuntimeProvider; model: string }> = {
  'gpt-4.1-mini': { provider: 'openai', model: 'gpt-4.1-mini' },
  'gpt-3.5-turbo': { provider: 'openai', model: 'gpt-3.5-turbo' },
  'claude-3': { provider: 'anthropic', model: 'claude-3-haiku' },
  'claude-instant': { provider: 'anthropic', model: 'claude-3-haiku' },
};

export const FLOW_MODEL_MESSAGES = {
  unknownModel: (name: string) =>
    `Unknown model "${name}". Use one of ${Object.keys(FLOW_MODEL_TARGETS).join(', ')}, another model of a configured provider, or provider:model (e.g. ${LOCAL_PROVIDER}:llama3.1).`,
} as const;

/** The provider and provider-side model name for a node's model name, or null when unknown. */
export function flowModelTarget(name: string): { provider: RuntimeProvider; model: string } | null {
  const model = name.trim();
  if (FLOW_MODEL_TARGETS[model]) return FLOW_MODEL_TARGETS[model];
  const colon = /^([a-z]+):(.+)$/.exec(model);
  if (colon && isRuntimeProvider(colon[1])) return { provider: colon[1], model: colon[2] };
  for (const [provider, models] of Object.entries(PROVIDER_MODELS)) if (model in models) return { provider: provider as RuntimeProvider, model };
  if (/^(gpt-|o1|o3|o4|chatgpt-)/.test(model)) return { provider: 'openai', model };
  if (model.startsWith('claude-')) return { provider: 'anthropic', model };
  if (model.startsWith('gemini-')) return { provider: 'google', model };
  return null;
}

export interface ModelAccess {
  libraryId?: string;
  credentials?: CredentialStore;
  /** the server's provider settings from the environment (config.providerEnv) */
  providerEnv?: Record<string, Record<string, string>>;
}

/** Resolves a node's model with the library's settings over the environment's (one lookup per provider per run). */
export function createModelResolver(access: ModelAccess): (name: string) => Promise<ResolvedModel> {
  const settings = new Map<RuntimeProvider, Promise<CredentialValues>>();
  const settingsFor = (provider: RuntimeProvider) => {
    let pending = settings.get(provider);
    if (!pending) {
      pending = providerSettings(access, access.libraryId, provider);
      settings.set(provider, pending);
    }
    return pending;
  };
  return async (name) => {
    const target = flowModelTarget(name);
    if (!target) throw new Error(FLOW_MODEL_MESSAGES.unknownModel(name));
    const resolved = createLanguageModel(target.provider, target.model, await settingsFor(target.provider));
    return { ...resolved, model: name };
  };
}
