// One model call for an llm or analysis node through the AI SDK, with the node's timeout and the run's
// cancellation; provider failures become messages naming the provider (as in the agent runtime). What
// is sent follows the agent runtime's rule (runtime/messages.ts).
import { generateText } from 'ai';
import { RunError } from '../../runtime/errors.js';
import { composeModelInput, type MessageParts } from '../../runtime/messages.js';
import { keyRejectedMessage, providerMessage } from '../../runtime/providers.js';
import { FLOW_RUN_MESSAGES } from '../messages.js';
import { NodeError, type NodeServices } from './types.js';

export interface ModelCall {
  model: string;
  /** the message parts, composed by the runtime's one rule (instructions, then the user's message) */
  parts: MessageParts;
  temperature: number;
  maxTokens?: number;
}

export interface ModelAnswer {
  text: string;
  usage: { inputTokens: number; outputTokens: number; totalTokens: number };
  /** the node's model name and what the provider was asked for */
  model: string;
  provider: string;
  provider_model: string;
}

export async function callModel(call: ModelCall, services: NodeServices, runSignal: AbortSignal): Promise<ModelAnswer> {
  let resolved;
  try {
    resolved = await services.resolveModel(call.model);
  } catch (error) {
    throw new NodeError(error instanceof RunError ? error.detail : (error as Error).message);
  }
  const timeout = AbortSignal.timeout(services.modelTimeoutMs);
  try {
    const result = await generateText({
      model: resolved.languageModel,
      ...composeModelInput(call.parts),
      temperature: call.temperature,
      maxOutputTokens: call.maxTokens && call.maxTokens > 0 ? call.maxTokens : undefined,
      maxRetries: services.modelMaxRetries,
      abortSignal: AbortSignal.any([runSignal, timeout]),
    });
    const u = result.usage;
    return {
      text: result.text,
      usage: { inputTokens: u?.inputTokens ?? 0, outputTokens: u?.outputTokens ?? 0, totalTokens: u?.totalTokens ?? (u?.inputTokens ?? 0) + (u?.outputTokens ?? 0) },
      model: call.model,
      provider: resolved.provider,
      provider_model: resolved.providerModel,
    };
  } catch (error) {
    if (runSignal.aborted) throw new NodeError(FLOW_RUN_MESSAGES.cancelled);
    if (timeout.aborted) throw new NodeError(FLOW_RUN_MESSAGES.modelTimedOut(resolved.label, services.modelTimeoutMs));
    throw new NodeError(keyRejectedMessage(resolved.provider, error) ?? FLOW_RUN_MESSAGES.modelFailed(resolved.label, providerMessage(error)));
  }
}
