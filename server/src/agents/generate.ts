// Generate with AI: one model call that drafts an agent as structured output. Nothing is saved here;
// the editor opens the draft and the person saves it (or not).
import {
  AGENT_DRAFT_SCHEMA_NAME,
  agentDraftSchema,
  agentSaveRequestSchema,
  GENERATE_MESSAGES,
  isCatalogueTool,
  modelSettingsSchema,
  TOOL_CATALOGUE,
  AGENT_CATEGORIES,
  type AgentConfig,
} from '@accent/agents-common';
import { generateObject, NoObjectGeneratedError } from 'ai';
import type { CredentialStore } from '../credentials/store.js';
import { HttpError } from '../http/errors.js';
import { RunError } from '../runtime/errors.js';
import { createLanguageModel, isRuntimeProvider, keyRejectedMessage, PROVIDER_MESSAGES, providerMessage, providerSettings } from '../runtime/providers.js';

export interface GenerateAccess {
  credentials?: Pick<CredentialStore, 'get'>;
  providerEnv?: Record<string, Record<string, string>>;
}

const SYSTEM = [
  'You design AI agents for an enterprise studio. From the description, draft one agent:',
  '- name: short and specific (at most 60 characters, no slashes); description: one or two sentences;',
  `- category: one of ${AGENT_CATEGORIES.join(', ')};`,
  '- params: the inputs a person fills in before running it (name → default value), referenced in prompts as {name};',
  '- steps: one to four steps, each with a name and a query (the step prompt) and the tools it needs;',
  `- tools: only names from this catalogue: ${TOOL_CATALOGUE.join('; ')}.`,
].join('\n');

/** The model's timeout: drafting is one call, longer than a chat turn. */
const TIMEOUT_MS = 120_000;

export async function generateAgentDraft(
  access: GenerateAccess,
  libraryId: string,
  input: { description: string; provider: string; model: string },
): Promise<AgentConfig> {
  if (!isRuntimeProvider(input.provider)) throw new HttpError(400, PROVIDER_MESSAGES.unknownProvider(input.provider, 'Generate with AI'));
  // 424 "No API key for …" when the library has not configured the provider
  const resolved = createLanguageModel(input.provider, input.model, await providerSettings(access, libraryId, input.provider));
  let draft: unknown;
  try {
    const result = await generateObject({
      model: resolved.languageModel,
      schema: agentDraftSchema,
      schemaName: AGENT_DRAFT_SCHEMA_NAME,
      schemaDescription: 'An agent of the studio',
      system: SYSTEM,
      prompt: input.description,
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(TIMEOUT_MS),
      // OpenAI's strict mode refuses this schema (params is a record, most fields have defaults):
      // ask for the schema without strict; the answer is validated here either way
      providerOptions: { openai: { strictJsonSchema: false }, azure: { strictJsonSchema: false } },
    });
    draft = result.object;
  } catch (error) {
    if (NoObjectGeneratedError.isInstance(error)) {
      const reason = error.cause instanceof Error ? firstIssue(error.cause) : null;
      throw new HttpError(422, reason ? GENERATE_MESSAGES.doesNotFit(reason) : GENERATE_MESSAGES.noAnswer);
    }
    const rejected = keyRejectedMessage(input.provider, error);
    if (rejected) throw new RunError(424, rejected, 'missing_key');
    throw new RunError(502, `${resolved.label} request failed: ${providerMessage(error)}`, 'provider_failed');
  }
  // Through the full save schema, so the draft has every default a saved agent has.
  const parsed = agentSaveRequestSchema.safeParse(draft);
  if (!parsed.success) throw new HttpError(422, GENERATE_MESSAGES.doesNotFit(parsed.error.issues[0]?.message ?? 'unknown'));
  const agent = parsed.data;
  // Steps left on the default model (the model chose none) run on the one that drafted them: the
  // library can reach that one.
  const defaults = JSON.stringify(modelSettingsSchema.parse({}));
  // A tool outside the catalogue cannot run: drop it rather than hand the editor an unusable name.
  return {
    ...agent,
    tools: (agent.tools ?? []).filter(isCatalogueTool),
    steps: agent.steps.map((s) => ({
      ...s,
      tools: s.tools.filter(isCatalogueTool),
      model: JSON.stringify(s.model) === defaults ? { ...s.model, provider: input.provider, model: input.model } : s.model,
    })),
  };
}

/** The first validation problem of a zod error (or any error's message), short enough for a toast. */
function firstIssue(error: Error): string {
  // a failed validation wraps the schema's error as its cause
  const inner = error.cause instanceof Error ? error.cause : error;
  const issues = (inner as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  if (issues?.length) {
    const [issue] = issues;
    const where = issue!.path.map(String).join('.');
    return where ? `${where}: ${issue!.message}` : issue!.message;
  }
  return 'its answer is not JSON';
}
