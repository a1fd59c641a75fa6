// Agent (llm, subtype openai): asks the node's model. System prompt and prompt are templated. The
// incoming text (`last.text`, else the incoming value as JSON) is what the node asks about: a prompt that
// fills any {{placeholder}} has placed its input itself and is the user message; a prompt without
// placeholders is instructions, and the incoming text is the user message. Output {text, usage, model,
// provider, provider_model}.
import { FLOW_RUN_MESSAGES } from '../messages.js';
import { lastText, renderTemplate } from '../templating.js';
import { callModel } from './model-call.js';
import { NodeError, type NodeExecutor, type NodeOf } from './types.js';

export const runLlm: NodeExecutor<NodeOf<'llm'>> = async ({ node, scope, services, signal }) => {
  const { data } = node;
  const prompt = data.prompt.trim() ? renderTemplate(data.prompt, scope) : '';
  const question = lastText(scope);
  if (!prompt.trim() && !question.trim()) throw new NodeError(FLOW_RUN_MESSAGES.nothingToAsk);
  const parts = { system: renderTemplate(data.systemPrompt, scope), prompt, promptPlacesQuestion: prompt !== data.prompt, question };
  const answer = await callModel(
    { model: data.model, parts, temperature: data.temperature, maxTokens: data.maxTokens },
    services,
    signal,
  );
  return { output: answer };
};
