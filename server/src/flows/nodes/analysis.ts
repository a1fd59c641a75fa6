// Text Analysis (llm, subtype analysis): asks the node's model for the sentiment and/or keywords of a
// text as JSON, at temperature 0 (the answer must parse). The text is the node's `text` (templated),
// else its prompt, else the incoming text. Output {sentiment, score, keywords, usage, model…}; an answer
// that is not the expected JSON fails the node with the answer quoted.
import { z } from 'zod';
import { FLOW_RUN_MESSAGES } from '../messages.js';
import { lastText, renderTemplate } from '../templating.js';
import { callModel } from './model-call.js';
import { NodeError, type NodeExecutor, type NodeOf } from './types.js';

export const SENTIMENTS = ['positive', 'negative', 'neutral', 'mixed'] as const;

const analysisSchema = z.object({
  sentiment: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase().trim() : v), z.enum(SENTIMENTS)).optional(),
  score: z.coerce.number().min(-1).max(1).optional(),
  keywords: z.array(z.coerce.string()).optional(),
});

const INSTRUCTIONS = {
  sentiment: '"sentiment": one of "positive", "negative", "neutral", "mixed"; "score": a number from -1 (most negative) to 1 (most positive)',
  keywords: '"keywords": an array of at most 10 short keywords or key phrases from the text, most important first',
} as const;

export function analysisSystemPrompt(type: 'sentiment' | 'keywords' | 'both'): string {
  const fields = type === 'both' ? `${INSTRUCTIONS.sentiment}; ${INSTRUCTIONS.keywords}` : INSTRUCTIONS[type];
  return `You analyse text. Answer with one JSON object only, no other text, with these fields: ${fields}.`;
}

/** The first JSON object in an answer (models sometimes wrap it in a code fence or a sentence). */
export function extractJsonObject(answer: string): unknown {
  const unfenced = answer.replace(/```(?:json)?/gi, '');
  const start = unfenced.indexOf('{');
  const end = unfenced.lastIndexOf('}');
  if (start === -1 || end <= start) return undefined;
  try {
    return JSON.parse(unfenced.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

export const runAnalysis: NodeExecutor<NodeOf<'llm'>> = async ({ node, scope, services, signal }) => {
  const { data } = node;
  const source = data.text.trim() ? data.text : data.prompt;
  const text = source.trim() ? renderTemplate(source, scope) : lastText(scope);
  if (!text.trim()) throw new NodeError(FLOW_RUN_MESSAGES.nothingToAnalyse);
  const answer = await callModel(
    { model: data.model, parts: { system: analysisSystemPrompt(data.analysisType), prompt: '', promptPlacesQuestion: false, question: text }, temperature: 0, maxTokens: data.maxTokens },
    services,
    signal,
  );
  const parsed = analysisSchema.safeParse(extractJsonObject(answer.text));
  const wanted = data.analysisType;
  const complete =
    parsed.success &&
    (wanted === 'keywords' || (parsed.data.sentiment !== undefined)) &&
    (wanted === 'sentiment' || parsed.data.keywords !== undefined);
  if (!parsed.success || !complete) throw new NodeError(FLOW_RUN_MESSAGES.analysisNotJson(answer.text), { answer: answer.text, usage: answer.usage });
  const { sentiment, score, keywords } = parsed.data;
  return {
    output: {
      ...(wanted !== 'keywords' ? { sentiment, score: score ?? null } : {}),
      ...(wanted !== 'sentiment' ? { keywords: keywords!.slice(0, 10) } : {}),
      usage: answer.usage,
      model: answer.model,
      provider: answer.provider,
      provider_model: answer.provider_model,
    },
  };
};
