// Whether an agent's answer meets a test case's expectations. Contains, regular expression and JSON
// shape are checked here; a judge asks a model (structured pass/fail with a reason) through the
// providers the runtime uses. A regular expression runs in a vm with a time budget, so a pattern
// that backtracks catastrophically fails its case instead of blocking the server.
import { runInNewContext } from 'node:vm';
import type { Expectation, JsonShape } from '@accent/agents-common';
import { generateObject } from 'ai';
import { z } from 'zod';
import type { CredentialStore } from '../credentials/store.js';
import { RunError } from '../runtime/errors.js';
import { createLanguageModel, isRuntimeProvider, PROVIDER_MESSAGES, providerMessage, providerSettings } from '../runtime/providers.js';

export const REGEX_BUDGET_MS = 50;

export interface CheckResult {
  pass: boolean;
  reason: string;
}

export interface JudgeAccess {
  libraryId: string;
  credentials?: Pick<CredentialStore, 'get'>;
  providerEnv?: Record<string, Record<string, string>>;
}

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n)}…` : s);

export function checkContains(output: string, text: string, ignoreCase: boolean): CheckResult {
  const found = ignoreCase ? output.toLowerCase().includes(text.toLowerCase()) : output.includes(text);
  return { pass: found, reason: found ? `Contains "${clip(text)}"` : `Does not contain "${clip(text)}"` };
}

export function checkRegex(output: string, pattern: string, flags: string, budgetMs = REGEX_BUDGET_MS): CheckResult {
  let re: RegExp;
  try {
    re = new RegExp(pattern, flags);
  } catch (error) {
    return { pass: false, reason: `Not a valid regular expression: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    const matched = runInNewContext('re.test(s)', { re, s: output }, { timeout: budgetMs }) as boolean;
    return { pass: matched, reason: matched ? `Matches /${clip(pattern)}/${flags}` : `Does not match /${clip(pattern)}/${flags}` };
  } catch {
    return { pass: false, reason: `The regular expression /${clip(pattern)}/${flags} took longer than ${budgetMs} ms and was stopped` };
  }
}

/** The answer as JSON: the whole text, or the first ```json fenced block in it. */
export function parseJsonAnswer(output: string): { ok: true; value: unknown } | { ok: false } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(output);
  for (const candidate of [output.trim(), fenced?.[1]?.trim()]) {
    if (!candidate) continue;
    try {
      return { ok: true, value: JSON.parse(candidate) as unknown };
    } catch {
      /* try the next candidate */
    }
  }
  return { ok: false };
}

const typeOf = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);

/** The first place where `value` departs from `shape` ("$.items[0].name: expected string, got number"), or null. */
export function shapeMismatch(value: unknown, shape: JsonShape, path = '$'): string | null {
  const actual = typeOf(value);
  if (actual !== shape.type) return `${path}: expected ${shape.type}, got ${actual}`;
  if (shape.type === 'object') {
    const obj = value as Record<string, unknown>;
    for (const key of shape.required ?? []) if (!(key in obj)) return `${path}.${key}: missing`;
    for (const [key, sub] of Object.entries(shape.properties ?? {})) {
      if (!(key in obj)) continue;
      const problem = shapeMismatch(obj[key], sub, `${path}.${key}`);
      if (problem) return problem;
    }
  }
  if (shape.type === 'array' && shape.items) {
    const list = value as unknown[];
    for (let i = 0; i < list.length; i++) {
      const problem = shapeMismatch(list[i], shape.items, `${path}[${i}]`);
      if (problem) return problem;
    }
  }
  return null;
}

export function checkJson(output: string, shape: JsonShape): CheckResult {
  const parsed = parseJsonAnswer(output);
  if (!parsed.ok) return { pass: false, reason: 'The answer is not JSON' };
  const problem = shapeMismatch(parsed.value, shape);
  return problem ? { pass: false, reason: `JSON does not fit the shape: ${problem}` } : { pass: true, reason: 'JSON fits the shape' };
}

const verdictSchema = z.object({ pass: z.boolean(), reason: z.string() });
export const JUDGE_SCHEMA_NAME = 'test_verdict';

export async function judge(access: JudgeAccess, input: { query: string; output: string; rubric: string; provider: string; model: string }): Promise<CheckResult> {
  if (!isRuntimeProvider(input.provider)) return { pass: false, reason: PROVIDER_MESSAGES.unknownProvider(input.provider, 'judge') };
  let resolved;
  try {
    resolved = createLanguageModel(input.provider, input.model, await providerSettings(access, access.libraryId, input.provider));
  } catch (error) {
    return { pass: false, reason: error instanceof RunError ? error.detail : String(error) };
  }
  try {
    const { object } = await generateObject({
      model: resolved.languageModel,
      schema: verdictSchema,
      schemaName: JUDGE_SCHEMA_NAME,
      system: 'You judge an AI agent\'s answer against a rubric. Answer pass (true or false) and a one-sentence reason.',
      prompt: `Rubric:\n${input.rubric}\n\nQuestion:\n${input.query}\n\nAnswer:\n${input.output}`,
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(60_000),
    });
    return { pass: object.pass, reason: `Judge (${resolved.model}): ${object.reason}` };
  } catch (error) {
    return { pass: false, reason: `The judge could not answer: ${providerMessage(error)}` };
  }
}

export async function checkExpectation(access: JudgeAccess, expectation: Expectation, query: string, output: string): Promise<CheckResult> {
  switch (expectation.kind) {
    case 'contains':
      return checkContains(output, expectation.text, expectation.ignore_case);
    case 'regex':
      return checkRegex(output, expectation.pattern, expectation.flags);
    case 'json':
      return checkJson(output, expectation.shape);
    case 'judge':
      return judge(access, { query, output, rubric: expectation.rubric, provider: expectation.provider, model: expectation.model });
  }
}
