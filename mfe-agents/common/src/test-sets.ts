// Test sets: named sets of cases (a query and params) with expectations an agent's answer must meet,
// run against the editor's draft or any saved version. Shared by the server (validation, checks)
// and the editor's Test sets panel.
import { z } from 'zod';
import { DEFAULT_STEP_MODEL } from './constants.js';
import { agentSaveRequestSchema, paramsSchema } from './schemas.js';

export const REGEX_MAX_LENGTH = 200;
export const MAX_CASES = 20;
export const MAX_EXPECTATIONS = 5;

/**
 * A JSON shape: a small subset of JSON Schema. `type` is one of object, array, string, number,
 * boolean; an object may list `properties` (each a shape) and `required` names; an array may give
 * `items` (a shape). Nothing else is checked.
 */
export interface JsonShape {
  type: 'object' | 'array' | 'string' | 'number' | 'boolean';
  properties?: Record<string, JsonShape>;
  required?: string[];
  items?: JsonShape;
}
export const jsonShapeSchema: z.ZodType<JsonShape> = z.lazy(() =>
  z.object({
    type: z.enum(['object', 'array', 'string', 'number', 'boolean'], { error: 'A JSON shape type must be object, array, string, number or boolean' }),
    properties: z.record(z.string().min(1).max(100), jsonShapeSchema).optional(),
    required: z.array(z.string().min(1).max(100)).max(50).optional(),
    items: jsonShapeSchema.optional(),
  }),
);

/** The regular expression a person typed, or the reason it cannot be used. */
export function regexProblem(pattern: string, flags: string): string | null {
  if (pattern.length > REGEX_MAX_LENGTH) return `A regular expression must be at most ${REGEX_MAX_LENGTH} characters`;
  try {
    new RegExp(pattern, flags);
    return null;
  } catch (error) {
    return `Not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export const expectationSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('contains'), text: z.string().min(1, 'Say which text the answer must contain').max(2000), ignore_case: z.boolean().default(true) }),
    z
      .object({ kind: z.literal('regex'), pattern: z.string().min(1, 'Give a regular expression').max(REGEX_MAX_LENGTH, `A regular expression must be at most ${REGEX_MAX_LENGTH} characters`), flags: z.string().regex(/^[imsu]*$/, 'Flags may only be i, m, s and u').max(4).default('') })
      .superRefine((e, ctx) => {
        const problem = regexProblem(e.pattern, e.flags);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['pattern'] });
      }),
    z.object({ kind: z.literal('json'), shape: jsonShapeSchema }),
    z.object({
      kind: z.literal('judge'),
      rubric: z.string().trim().min(1, 'Write the rubric the judge applies').max(4000),
      provider: z.string().min(1).max(50).default(DEFAULT_STEP_MODEL.provider),
      model: z.string().min(1).max(100).default(DEFAULT_STEP_MODEL.model),
    }),
  ],
  { error: 'An expectation kind must be contains, regex, json or judge' },
);
export type Expectation = z.infer<typeof expectationSchema>;

export const testCaseSchema = z.object({
  query: z.string().max(100_000).default(''),
  params: paramsSchema.default({}),
  expectations: z.array(expectationSchema).min(1, 'Every case needs at least one expectation').max(MAX_EXPECTATIONS, `At most ${MAX_EXPECTATIONS} expectations per case`),
});
export type TestCase = z.infer<typeof testCaseSchema>;

export const testSetBodySchema = z.object({
  agent: z.string().trim().min(1, 'Agent name is required').max(200),
  name: z.string({ error: 'Test set name is required' }).trim().min(1, 'Test set name is required').max(120, 'A test set name must be at most 120 characters'),
  cases: z.array(testCaseSchema).min(1, 'A test set needs at least one case').max(MAX_CASES, `A test set can have at most ${MAX_CASES} cases`),
});
export type TestSetBody = z.input<typeof testSetBodySchema>;

export const testSetSchema = testSetBodySchema.extend({ id: z.string(), created_at: z.string(), updated_at: z.string() });
export type TestSet = z.infer<typeof testSetSchema>;

/** Run a set against a saved version, or against the editor's draft (not saved). */
export const testSetRunBodySchema = z.union([
  z.object({ version: z.number().int().min(1) }),
  z.object({ draft: agentSaveRequestSchema }),
]);

export const expectationResultSchema = z.object({ pass: z.boolean(), reason: z.string() });
export const caseResultSchema = z.object({
  pass: z.boolean(),
  output: z.string(),
  /** the run recorded for this case (null when it could not start) */
  run_id: z.string().nullable(),
  error: z.string().nullable(),
  expectations: z.array(expectationResultSchema),
});
export type CaseResult = z.infer<typeof caseResultSchema>;

export const testSetRunSchema = z.object({
  id: z.string(),
  test_set_id: z.string(),
  /** null: the editor's draft */
  agent_version: z.number().int().nullable(),
  /** running while its cases run (results fill up to total), then done; failed: the run itself broke (error) */
  status: z.enum(['running', 'done', 'failed']),
  total: z.number().int(),
  error: z.string().nullable(),
  passed: z.number().int(),
  failed: z.number().int(),
  results: z.array(caseResultSchema),
  created_at: z.string(),
});
export type TestSetRun = z.infer<typeof testSetRunSchema>;

/** What a run of a set adds to GET /agent/test-sets: the last two runs, for side-by-side results. */
export const testSetListResponseSchema = z.object({
  test_sets: z.array(testSetSchema.extend({ last_runs: z.array(testSetRunSchema) })),
});
/** Versions whose most recent run of some set failed: flagged in the Versions tab. */
export const failingVersionsResponseSchema = z.object({
  failing: z.array(z.object({ version: z.number().int(), test_set: z.string(), failed_cases: z.array(z.number().int()) })),
});
