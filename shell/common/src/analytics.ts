// Analytics (admin /home, Admin → Analytics, /end-user/analytics) and the model price table (Admin →
// Settings): the contract between the server's aggregates and the shell's charts.
import { z } from 'zod';

/** Where a run came from, as analytics groups them (the editor's and /agent-test's test runs together). */
export const ANALYTICS_SOURCES = ['agent-test', 'chatbot', 'api', 'agent', 'mission', 'background', 'page', 'flow'] as const;
export type AnalyticsSource = (typeof ANALYTICS_SOURCES)[number];

export const ANALYTICS_SOURCE_LABELS: Record<AnalyticsSource, string> = {
  'agent-test': 'Agent test',
  chatbot: 'Chatbot',
  api: 'API',
  agent: 'Another agent',
  mission: 'Mission',
  background: 'Background agent',
  page: 'Published page',
  flow: 'Flow',
};

export const ANALYTICS_PERIODS = ['24h', '7d', '30d', 'custom'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = { '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days', custom: 'Custom range' };
/** the longest custom range, in days */
export const ANALYTICS_MAX_DAYS = 366;

const day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** GET /api/v1/analytics */
export const analyticsQuerySchema = z
  .object({
    period: z.enum(ANALYTICS_PERIODS, { error: `must be one of ${ANALYTICS_PERIODS.join(', ')}` }).default('7d'),
    /** custom range: first and last day, inclusive, in `tz` */
    from: day.optional(),
    to: day.optional(),
    /** the viewer's IANA time zone: buckets are its hours and days */
    tz: z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters').default('UTC'),
    source: z.enum(ANALYTICS_SOURCES, { error: `must be one of ${ANALYTICS_SOURCES.join(', ')}` }).optional(),
    /** an agent's (or a flow's) name */
    agent: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
    /** a user's id (administrators only: everyone else sees their own runs) */
    user: z.uuid({ error: 'must be a user id' }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'is required for a custom range' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'is required for a custom range' });
    if (!q.from || !q.to) return;
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days > ANALYTICS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `the range must be at most ${ANALYTICS_MAX_DAYS} days` });
  });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;

const figures = {
  runs: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  tokens_in: z.number(),
  tokens_out: z.number(),
  /** USD of the runs whose cost is known */
  cost_usd: z.number(),
  /** runs whose cost is unknown (a model with no price) */
  unpriced: z.number().int(),
};

export const analyticsBucketSchema = z.object({
  /** the bucket's start in the viewer's time zone: `YYYY-MM-DD` (days) or `YYYY-MM-DDTHH:mm` (hours) */
  label: z.string(),
  /** the bucket's start instant */
  start: z.string(),
  ...figures,
});
export type AnalyticsBucket = z.infer<typeof analyticsBucketSchema>;

export const analyticsResponseSchema = z.object({
  /** 'library': every run of the library; 'own': the caller's runs only */
  scope: z.enum(['library', 'own']),
  period: z.object({ from: z.string(), to: z.string(), tz: z.string(), bucket: z.enum(['hour', 'day']) }),
  totals: z.object({
    ...figures,
    /** succeeded / runs, 0–1; null without runs */
    success_rate: z.number().nullable(),
    p50_ms: z.number().nullable(),
    p95_ms: z.number().nullable(),
  }),
  series: z.array(analyticsBucketSchema),
  /** agents by runs (flows are not agents) */
  top_agents: z.array(z.object({ name: z.string(), ...figures })),
  top_failures: z.array(
    z.object({
      source: z.enum(ANALYTICS_SOURCES),
      name: z.string(),
      error: z.string(),
      count: z.number().int(),
      last_run_id: z.string(),
      last_at: z.string(),
    }),
  ),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

export const ANALYTICS_MESSAGES = {
  unknownTimeZone: (tz: string) => `tz: "${tz}" is not a time zone this server knows (use an IANA name such as Europe/Paris)`,
  userFilterAdminsOnly: 'Only administrators can look at the runs of other users.',
  noRuns: 'No runs in this period.',
  costUnknown: (n: number) => `${n} run${n === 1 ? '' : 's'} used a model with no price: their cost is not included. Add the price in Admin → Settings → Model prices.`,
} as const;

// ---------------------------------------------------------------------------------------------------
// Model prices

export const modelPriceSchema = z.object({
  provider: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  model: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  /** USD per million input tokens */
  input_usd_per_mtok: z.number({ error: 'must be a number' }).min(0, 'must not be negative').max(100_000, 'must be at most 100000'),
  /** USD per million output tokens */
  output_usd_per_mtok: z.number({ error: 'must be a number' }).min(0, 'must not be negative').max(100_000, 'must be at most 100000'),
  /** the day the price was taken */
  priced_on: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }),
});
export type ModelPrice = z.infer<typeof modelPriceSchema>;

export const MODEL_PRICES_MAX = 500;

/** PUT /api/v1/admin/model-prices: the whole table (rows left out are removed) */
export const modelPricesPutRequestSchema = z
  .object({ prices: z.array(modelPriceSchema).max(MODEL_PRICES_MAX, `at most ${MODEL_PRICES_MAX} prices`) })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.prices.forEach((p, i) => {
      const key = `${p.provider}\u0000${p.model}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['prices', i, 'model'], message: `${p.provider} / ${p.model} is listed twice` });
      seen.add(key);
    });
  });
export type ModelPricesPutRequest = z.infer<typeof modelPricesPutRequestSchema>;

/** GET and PUT /api/v1/admin/model-prices */
export const modelPricesResponseSchema = z.object({
  prices: z.array(modelPriceSchema.extend({ updated_at: z.string() })),
  /** the public list prices a new library starts with, and the day they were taken */
  list_prices_on: z.string().nullable(),
});
export type ModelPricesResponse = z.infer<typeof modelPricesResponseSchema>;
