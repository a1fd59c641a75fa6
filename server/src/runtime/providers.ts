// Model providers: the one table from the spec's model names to real provider model ids, and how each
// provider is reached with the library's stored settings or the server's environment.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { LOCAL_PROVIDER, RUNTIME_PROVIDER_LABELS, type ModelProvider } from '@accent/agents-common';
import { APICallError, RetryError, type LanguageModel } from 'ai';
import type { CredentialStore, CredentialValues } from '../credentials/store.js';
import { RunError } from './errors.js';

export type RuntimeProvider = ModelProvider | typeof LOCAL_PROVIDER;

/**
 * Spec model name → provider model id. A name not listed here is passed to its provider as typed (so a
 * newer model id works without a release). Google retired PaLM 2 and the 1.0 Gemini models, so their
 * spec names map to the nearest current models: gemini-pro and gemini-pro-vision (Gemini 1.5 Pro reads
 * images itself) → gemini-1.5-pro, palm-2 → gemini-1.5-flash. Azure models are deployments the
 * customer names: the spec names are used as deployment names.
 */
export const PROVIDER_MODELS: Record<ModelProvider, Record<string, string>> = {
  openai: {
    'gpt-4': 'gpt-4',
    'gpt-4-turbo': 'gpt-4-turbo',
    'gpt-4o': 'gpt-4o',
    'gpt-4o-mini': 'gpt-4o-mini',
    'gpt-4.1-mini': 'gpt-4.1-mini',
    'gpt-3.5-turbo': 'gpt-3.5-turbo',
  },
  anthropic: {
    'claude-3-opus': 'claude-3-opus-20240229',
    'claude-3-sonnet': 'claude-3-sonnet-20240229',
    'claude-3-haiku': 'claude-3-haiku-20240307',
    'claude-3.5-sonnet': 'claude-3-5-sonnet-20241022',
  },
  google: {
    'gemini-pro': 'gemini-1.5-pro',
    'gemini-pro-vision': 'gemini-1.5-pro',
    'palm-2': 'gemini-1.5-flash',
  },
  microsoft: {
    'azure-gpt-4': 'azure-gpt-4',
    'azure-gpt-35-turbo': 'azure-gpt-35-turbo',
  },
};

export const PROVIDER_LABELS: Record<RuntimeProvider, string> = RUNTIME_PROVIDER_LABELS;

/** The environment variables that configure each provider, named in the "no key" message. */
const ENV_HINTS: Record<RuntimeProvider, string> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  microsoft: 'AZURE_API_KEY and AZURE_RESOURCE_NAME (or AZURE_BASE_URL)',
  local: 'LOCAL_MODEL_BASE_URL',
};

export const PROVIDER_MESSAGES = {
  missingKey: (provider: RuntimeProvider) =>
    provider === LOCAL_PROVIDER
      ? `No base URL for ${PROVIDER_LABELS.local}. An administrator can set one in Admin → Model providers, or set ${ENV_HINTS.local} on the server.`
      : `No API key for ${PROVIDER_LABELS[provider]}. An administrator can add one in Admin → Model providers, or set ${ENV_HINTS[provider]} on the server.`,
  /** the provider answered 401/403: the key is wrong, revoked or lacks access */
  keyRejected: (provider: RuntimeProvider, status: number, detail: string) =>
    `${PROVIDER_LABELS[provider].replace(/^the /, 'The ')} rejected the API key (HTTP ${status}${detail ? `: ${detail}` : ''}). An administrator can replace it in Admin → Model providers${provider === LOCAL_PROVIDER ? '' : `, or set ${ENV_HINTS[provider]} on the server`}.`,
  unknownProvider: (provider: string, step: string) =>
    `Unknown model provider "${provider}" on step "${step}". Use one of ${[...Object.keys(PROVIDER_MODELS), LOCAL_PROVIDER].join(', ')}.`,
} as const;

/** The provider's own failure inside the SDK's wrapping (a RetryError keeps the last attempt's). */
export function providerError(error: unknown): unknown {
  return RetryError.isInstance(error) ? error.lastError : error;
}

/** The provider's reason for a failure, as a person can read it. */
export function providerMessage(error: unknown): string {
  const last = providerError(error);
  if (APICallError.isInstance(last)) return last.message || `HTTP ${last.statusCode ?? 'error'}`;
  return last instanceof Error ? last.message : String(last);
}

/** The "key rejected" message when the provider refused the key (401/403), else null. */
export function keyRejectedMessage(provider: RuntimeProvider, error: unknown): string | null {
  const last = providerError(error);
  if (!APICallError.isInstance(last) || (last.statusCode !== 401 && last.statusCode !== 403)) return null;
  return PROVIDER_MESSAGES.keyRejected(provider, last.statusCode, last.message);
}

export function isRuntimeProvider(provider: string): provider is RuntimeProvider {
  return provider === LOCAL_PROVIDER || provider in PROVIDER_MODELS;
}

export interface ResolvedModel {
  provider: RuntimeProvider;
  label: string;
  /** the name on the step */
  model: string;
  /** what the provider is asked for */
  providerModel: string;
  languageModel: LanguageModel;
}

export function providerModelId(provider: RuntimeProvider, model: string): string {
  return provider === LOCAL_PROVIDER ? model : (PROVIDER_MODELS[provider][model] ?? model);
}

/**
 * Whether a provider's effective settings can reach it: a key (and for Azure a resource or base URL),
 * or a base URL for the local model server. The one rule behind the "no key" error and behind the
 * agent pickers' marks for agents that cannot run now.
 */
export function providerConfigured(provider: RuntimeProvider, settings: CredentialValues): boolean {
  switch (provider) {
    case 'microsoft':
      return Boolean(settings.apiKey && (settings.resourceName || settings.baseUrl));
    case 'local':
      return Boolean(settings.baseUrl);
    default:
      return Boolean(settings.apiKey);
  }
}

/** A provider's effective settings: the library's stored values over the server's environment. */
export async function providerSettings(
  access: { credentials?: Pick<CredentialStore, 'get'>; providerEnv?: Record<string, Record<string, string>> },
  libraryId: string | undefined,
  provider: RuntimeProvider,
): Promise<CredentialValues> {
  const stored = access.credentials && libraryId ? await access.credentials.get(libraryId, 'provider', provider) : undefined;
  return { ...(access.providerEnv?.[provider] ?? {}), ...(stored ?? {}) };
}

/** Of the given providers (e.g. an agent's steps'), those the library cannot reach now; unknown names are left out. */
export async function missingProviders(
  access: { credentials?: Pick<CredentialStore, 'get'>; providerEnv?: Record<string, Record<string, string>> },
  libraryId: string,
  providers: Iterable<string>,
): Promise<RuntimeProvider[]> {
  const known = [...new Set(providers)].filter(isRuntimeProvider);
  const checked = await Promise.all(known.map(async (p) => (providerConfigured(p, await providerSettings(access, libraryId, p)) ? null : p)));
  return checked.filter((p): p is RuntimeProvider => p !== null);
}

/**
 * The language model for a step. `settings` are the provider's effective settings (the library's
 * stored values over the environment's). Throws the "no key" RunError (424) when they are missing.
 */
export function createLanguageModel(provider: RuntimeProvider, model: string, settings: CredentialValues): ResolvedModel {
  const providerModel = providerModelId(provider, model);
  if (!providerConfigured(provider, settings)) throw new RunError(424, PROVIDER_MESSAGES.missingKey(provider), 'missing_key');
  let languageModel: LanguageModel;
  switch (provider) {
    case 'openai':
      // Chat Completions: supported by every listed model and by OpenAI-compatible proxies.
      languageModel = createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl }).chat(providerModel);
      break;
    case 'anthropic':
      languageModel = createAnthropic({ apiKey: settings.apiKey, baseURL: settings.baseUrl }).languageModel(providerModel);
      break;
    case 'google':
      languageModel = createGoogleGenerativeAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl }).languageModel(providerModel);
      break;
    case 'microsoft':
      // Azure's v1 API: POST <base>/chat/completions with the deployment name as `model` and an `api-key`
      // header. The base is https://<resource>.openai.azure.com/openai/v1 (the SDK adds api-version=v1),
      // or a base URL given instead (a private endpoint or gateway, used as it is).
      languageModel = createAzure(settings.baseUrl ? { apiKey: settings.apiKey, baseURL: settings.baseUrl } : { apiKey: settings.apiKey, resourceName: settings.resourceName }).chat(providerModel);
      break;
    case 'local':
      languageModel = createOpenAICompatible({ name: LOCAL_PROVIDER, baseURL: settings.baseUrl, apiKey: settings.apiKey, includeUsage: true }).chatModel(providerModel);
      break;
  }
  return { provider, label: provider === LOCAL_PROVIDER ? 'Local model server' : PROVIDER_LABELS[provider], model, providerModel, languageModel };
}
