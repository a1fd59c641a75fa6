// Agent (llm, subtype openai): asks the node's model. System prompt and prompt are templated; an empty
// prompt sends the incoming text (`last.text`, else the incoming value as JSON). Output {text, usage,
// model, provider, provider_model}.
import { FLOW_RUN_MESSAGES } from '../messages.js';
import { lastText, renderTemplate } from '../templating.js';
import { callModel } from './model-call.js';
import { NodeError, type NodeExecutor, type NodeOf } from './types.js';

export const runLlm: NodeExecutor<NodeOf<'llm'>> = async ({ node, scope, services, signal }) => {
  const { data } = node;
  const prompt = data.prompt.trim() ? renderTemplate(data.prompt, scope) : lastText(scope);
  if (!prompt.trim()) throw new NodeError(FLOW_RUN_MESSAGES.nothingToAsk);
  const answer = await callModel(
    { model: data.model, system: renderTemplate(data.systemPrompt, scope), prompt, temperature: data.temperature, maxTokens: data.maxTokens },
    services,
    signal,
  );
  return { output: answer };
};
