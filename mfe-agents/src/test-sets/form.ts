// The test set form's editable state and its conversion to the API body (validated with the same
// schema the server uses, so a mistake gets the server's message before anything is sent).
import { testSetBodySchema, type TestSetBody } from '@accent/agents-common';
import { DEFAULT_GENERATE_MODEL, splitModel } from '../create/generate.js';

export type ExpectationKind = 'contains' | 'regex' | 'json' | 'judge';

export interface ExpectationDraft {
  kind: ExpectationKind;
  /** contains: the text; regex: the pattern; json: the shape as JSON; judge: the rubric */
  value: string;
  /** regex flags */
  flags: string;
  /** judge model as "provider:model" */
  model: string;
}

export interface CaseDraft {
  query: string;
  /** one "name = value" per line */
  params: string;
  expectations: ExpectationDraft[];
}

export const EXPECTATION_KINDS: { value: ExpectationKind; label: string }[] = [
  { value: 'contains', label: 'Contains text' },
  { value: 'regex', label: 'Matches a regular expression' },
  { value: 'json', label: 'Is JSON of a shape' },
  { value: 'judge', label: 'Judged by a model' },
];

export const newExpectation = (): ExpectationDraft => ({ kind: 'contains', value: '', flags: '', model: DEFAULT_GENERATE_MODEL });
export const newCase = (): CaseDraft => ({ query: '', params: '', expectations: [newExpectation()] });

export function parseParams(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at <= 0) continue;
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

function toExpectation(e: ExpectationDraft): unknown {
  switch (e.kind) {
    case 'contains':
      return { kind: 'contains', text: e.value };
    case 'regex':
      return { kind: 'regex', pattern: e.value, flags: e.flags };
    case 'json': {
      let shape: unknown;
      try {
        shape = JSON.parse(e.value);
      } catch {
        shape = null;
      }
      return { kind: 'json', shape };
    }
    case 'judge':
      return { kind: 'judge', rubric: e.value, ...splitModel(e.model) };
  }
}

/** The body to send, or the first problem (with the case it is in). */
export function toBody(agent: string, name: string, cases: CaseDraft[]): { ok: true; body: TestSetBody } | { ok: false; error: string } {
  const parsed = testSetBodySchema.safeParse({
    agent,
    name,
    cases: cases.map((c) => ({ query: c.query, params: parseParams(c.params), expectations: c.expectations.map(toExpectation) })),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0]!;
  const caseIndex = issue.path[0] === 'cases' && typeof issue.path[1] === 'number' ? issue.path[1] : null;
  const message = issue.path.includes('shape') && issue.code !== 'custom' ? 'A JSON shape must be JSON like {"type": "object", "required": ["score"]}' : issue.message;
  return { ok: false, error: caseIndex === null ? message : `Case ${caseIndex + 1}: ${message}` };
}
