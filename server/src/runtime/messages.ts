// What a model is sent, the same for every surface that asks a model (agent steps on every source,
// flows' model nodes): the system prompt and the step's own prompt are the instructions, the user's
// question and the conversation history are the user's messages. Instructions go in the SDK's `system`
// (each provider places it where its protocol wants: OpenAI/Azure a system message, Anthropic the
// top-level `system`, Gemini `systemInstruction`), and the messages always end with a user message,
// which Anthropic and Gemini require.
import type { ModelMessage } from 'ai';

export interface MessageParts {
  /** the system prompt(s), rendered ('' = none) */
  system: string;
  /** the step's own prompt, rendered ('' = the step has none) */
  prompt: string;
  /** the prompt already places the question (e.g. `{{query}}`), so it is not sent a second time */
  promptPlacesQuestion: boolean;
  /** earlier steps' outputs the prompt does not place ('' = none): instructions, after the prompt */
  context?: string;
  /** what the user asked ('' = nothing, e.g. a scheduled run) */
  question: string;
  /** earlier messages of the conversation, oldest first */
  history?: ModelMessage[];
}

export interface ModelInput {
  system: string | undefined;
  messages: ModelMessage[];
}

/**
 * The one rule:
 * - a prompt that places the question, or a prompt with no question to ask (a scheduled run), is the
 *   user message itself (it carries the question once, or there is nothing else to ask);
 * - a prompt that does not place the question joins the instructions, and the question is the user message;
 * - no prompt: the question is the user message.
 */
export function composeModelInput(parts: MessageParts): ModelInput {
  const prompt = parts.prompt.trim() ? parts.prompt : '';
  const question = parts.question.trim() ? parts.question : '';
  const promptIsMessage = prompt !== '' && (parts.promptPlacesQuestion || question === '');
  const instructions = [parts.system.trim() ? parts.system : '', promptIsMessage ? '' : prompt, parts.context?.trim() ?? '']
    .filter(Boolean)
    .join('\n\n');
  const user = promptIsMessage ? prompt : question;
  return {
    system: instructions || undefined,
    messages: [...(parts.history ?? []), { role: 'user', content: user }],
  };
}

/** The messages as the trace shows them: role and text, the instructions first as the system message. */
export function messagesForTrace(input: ModelInput): { role: string; content: string }[] {
  const text = (content: ModelMessage['content']) =>
    typeof content === 'string' ? content : content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : `[${part.type}]`)).join('');
  return [...(input.system ? [{ role: 'system', content: input.system }] : []), ...input.messages.map((m) => ({ role: m.role, content: text(m.content) }))];
}
