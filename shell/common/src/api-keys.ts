// API keys (Profile → API keys for one's own, Admin → API keys for the library's service keys): what
// /api/v1/api-keys and /api/v1/admin/api-keys accept and answer. A key's secret is in the answer to its
// creation only; lists carry its visible prefix.
import { z } from 'zod';

export const API_KEY_SCOPES = ['agents:invoke', 'agents:read', 'flows:run', 'remotes:publish', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'agents:invoke': 'Run agents (agent API and MCP)',
  'agents:read': 'Read agents, their versions and runs',
  'flows:run': 'Run flows and read their runs',
  'remotes:publish': 'Register, promote and roll back remote versions',
  admin: 'Administration API (Admin)',
};

export const API_KEY_KINDS = ['personal', 'service'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

/** Every key starts with this, so a log scanner (and the server) tells a key from a session token. */
export const API_KEY_PREFIX = 'acs_';
/** At most this many live keys per owner. */
export const API_KEYS_PER_OWNER = 50;

export const API_KEY_TEXTS = {
  notFound: 'API key not found.',
  tooMany: `You already have ${API_KEYS_PER_OWNER} API keys. Revoke one you no longer use first.`,
  adminScopeNeedsAdmin: 'Only administrators can give a key the admin scope.',
  badKey: 'This API key is not valid: it is unknown, revoked or expired, or its owner can no longer sign in.',
  notHere: 'API keys cannot be used here. Sign in, or use a key on the agent, flow, remote registry, administration or MCP API.',
  missingScope: (scope: ApiKeyScope) => `This API key does not have the ${scope} scope.`,
  shownOnce: 'Copy this key now: it is shown only once.',
} as const;

/** POST /api/v1/api-keys and POST /api/v1/admin/api-keys */
export const apiKeyCreateRequestSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'Give the key a name').max(100, 'A name is at most 100 characters'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `must be one of ${API_KEY_SCOPES.join(', ')}` }), { error: 'scopes must be a list' })
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  /** when the key stops working (ISO date-time); absent or null: never */
  expires_at: z.iso
    .datetime({ offset: true, error: 'expires_at must be an ISO date-time such as 2027-01-31T00:00:00Z' })
    .nullable()
    .optional()
    .refine((at) => !at || new Date(at).getTime() > Date.now(), 'expires_at must be in the future'),
});
export type ApiKeyCreateRequest = z.input<typeof apiKeyCreateRequestSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(API_KEY_KINDS),
  /** the first characters of the key, to recognise it */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  owner_email: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the key itself, this once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a key id' }) });
