// Embeddings through the AI SDK with the library's provider settings: the same keys and base URLs, and
// the same "no key" rule and message, as the agent runtime's language models (runtime/providers.ts).
import type { EmbeddingProvider } from '@accent/shell-common';
import { LOCAL_PROVIDER } from '@accent/agents-common';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany, type EmbeddingModel } from 'ai';
import type { CredentialValues } from '../credentials/store.js';
import { keyRejectedMessage, PROVIDER_MESSAGES, providerConfigured, providerMessage, providerSettings } from '../runtime/providers.js';
import type { RuntimeDeps } from '../runtime/run-agent.js';

export class EmbeddingError extends Error {
  override name = 'EmbeddingError';
}

export function createEmbeddingModel(provider: EmbeddingProvider, model: string, settings: CredentialValues): EmbeddingModel {
  if (!providerConfigured(provider, settings)) throw new EmbeddingError(PROVIDER_MESSAGES.missingKey(provider));
  switch (provider) {
    case 'openai':
      return createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl }).embedding(model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl }).embedding(model);
    case 'microsoft':
      return createAzure(settings.baseUrl ? { apiKey: settings.apiKey, baseURL: settings.baseUrl } : { apiKey: settings.apiKey, resourceName: settings.resourceName }).embedding(model);
    case 'local':
      return createOpenAICompatible({ name: LOCAL_PROVIDER, baseURL: settings.baseUrl!, apiKey: settings.apiKey }).embeddingModel(model);
  }
}

export type Embedder = (texts: string[], signal?: AbortSignal) => Promise<number[][]>;

/** An embedder for a collection's provider and model, with the library's settings read now. */
export async function embedderFor(
  deps: Pick<RuntimeDeps, 'credentials'> & { config: Pick<RuntimeDeps['config'], 'providerEnv'> },
  libraryId: string,
  provider: EmbeddingProvider,
  model: string,
): Promise<Embedder> {
  const settings = await providerSettings({ credentials: deps.credentials, providerEnv: deps.config.providerEnv }, libraryId, provider);
  const embeddingModel = createEmbeddingModel(provider, model, settings);
  return async (texts, signal) => {
    if (texts.length === 0) return [];
    try {
      const { embeddings } = await embedMany({ model: embeddingModel, values: texts, maxRetries: 2, abortSignal: signal, maxParallelCalls: 2 });
      return embeddings;
    } catch (error) {
      throw new EmbeddingError(keyRejectedMessage(provider, error) ?? `Embedding failed: ${providerMessage(error)}`);
    }
  };
}
