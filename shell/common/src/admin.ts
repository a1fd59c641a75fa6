// The Admin area's contract: users (role, team, active) and the library's credentials for model
// providers and connectors. Credential values are write-only: answers carry a masked hint and which
// fields are set, never the values.
import { z } from 'zod';
import { APP_ROLES } from '@accent/shared';
import { type ToolName } from '@accent/agents-common';

export const TEAMS = ['sales', 'marketing'] as const;
export type Team = (typeof TEAMS)[number];
export const TEAM_LABELS: Record<Team, string> = { sales: 'Sales', marketing: 'Marketing' };

export const ADMIN_MESSAGES = {
  onlyAdmins: 'Only administrators can do this.',
  emailTaken: (email: string) => `A user with email ${email} already exists.`,
  userNotFound: 'User not found.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotDemoteSelf: 'You cannot remove your own administrator role.',
  unknownCredential: (kind: string, key: string) => `Unknown credential ${kind}/${key}.`,
} as const;

// ---- Users --------------------------------------------------------------------------------------

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  title: z.string(),
  role: z.enum(APP_ROLES),
  team: z.enum(TEAMS).nullable(),
  active: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });

export const PASSWORD_MIN_LENGTH = 8;
const teamField = z.enum(TEAMS, { error: `team must be one of ${TEAMS.join(', ')}` }).nullable();

export const adminCreateUserRequestSchema = z.object({
  email: z.email({ error: 'Enter a valid email address' }).max(320).transform((v) => v.trim().toLowerCase()),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  title: z.string().trim().max(200).default(''),
  role: z.enum(APP_ROLES, { error: `role must be one of ${APP_ROLES.join(', ')}` }),
  team: teamField.optional().default(null),
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(1024),
});
export type AdminCreateUserRequest = z.input<typeof adminCreateUserRequestSchema>;

export const adminUpdateUserRequestSchema = z
  .object({
    role: z.enum(APP_ROLES, { error: `role must be one of ${APP_ROLES.join(', ')}` }).optional(),
    /** null clears the team */
    team: teamField.optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => v.role !== undefined || v.team !== undefined || v.active !== undefined, 'Nothing to change: send role, team or active');
export type AdminUpdateUserRequest = z.input<typeof adminUpdateUserRequestSchema>;
export const adminUserParamsSchema = z.object({ id: z.uuid({ error: 'User id must be a UUID' }) });

// ---- Credentials --------------------------------------------------------------------------------

export const CREDENTIAL_KINDS = ['provider', 'connector'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

export interface CredentialField {
  name: string;
  label: string;
  /** secret fields are masked in the hint and never shown again */
  secret: boolean;
  required: boolean;
}
export interface CredentialDefinition {
  kind: CredentialKind;
  key: string;
  label: string;
  fields: CredentialField[];
  /** the field the hint is made from (masked when secret) */
  hintField: string;
  /** validates the whole stored object */
  schema: z.ZodType<Record<string, string | undefined>>;
}

const text = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(10_000);
const httpUrl = (label: string) => z.url({ protocol: /^https?$/, error: `${label} must be an http(s) URL` }).max(2000);
const urn = (label: string, kind: string) =>
  z.string({ error: `${label} is required` }).trim().regex(new RegExp(`^urn:li:${kind}:\\S+$`), `${label} must look like urn:li:${kind}:…`);

const field = (name: string, label: string, secret: boolean, required = true): CredentialField => ({ name, label, secret, required });

/** A hosted model provider: an API key, and an optional base URL to reach it through (a proxy). */
const hostedProvider = (key: string, label: string, baseUrlLabel: string): CredentialDefinition => ({
  kind: 'provider',
  key,
  label,
  fields: [field('apiKey', 'API key', true), field('baseUrl', baseUrlLabel, false, false)],
  hintField: 'apiKey',
  schema: z.object({ apiKey: text('API key'), baseUrl: httpUrl('Base URL').optional() }),
});

/** A connector that needs one secret (an API key, a token), named `required` in its error. */
const oneSecretConnector = (key: string, label: string, name: string, fieldLabel: string, required: string): CredentialDefinition => ({
  kind: 'connector',
  key,
  label,
  fields: [field(name, fieldLabel, true)],
  hintField: name,
  schema: z.object({ [name]: text(required) }),
});

export const CREDENTIAL_DEFINITIONS: readonly CredentialDefinition[] = [
  hostedProvider('openai', 'OpenAI', 'Base URL (optional, e.g. a proxy)'),
  hostedProvider('anthropic', 'Anthropic', 'Base URL (optional)'),
  hostedProvider('google', 'Google', 'Base URL (optional)'),
  {
    kind: 'provider',
    key: 'microsoft',
    label: 'Azure OpenAI',
    fields: [
      field('apiKey', 'API key', true),
      field('resourceName', 'Resource name', false, false),
      field('baseUrl', 'Base URL (optional, instead of the resource name: a private endpoint ending in /openai/v1)', false, false),
    ],
    hintField: 'apiKey',
    // the resource name gives https://<name>.openai.azure.com/openai/v1; a base URL replaces it
    schema: z
      .object({
        apiKey: text('API key'),
        resourceName: text('Resource name').regex(/^[a-zA-Z0-9-]+$/, 'Resource name may contain letters, digits and dashes only').optional(),
        baseUrl: httpUrl('Base URL').optional(),
      })
      .refine((v) => Boolean(v.resourceName || v.baseUrl), { message: 'Resource name is required (or a base URL)', path: ['resourceName'] }),
  },
  {
    kind: 'provider',
    key: 'local',
    label: 'Local model server',
    fields: [field('baseUrl', 'Base URL (OpenAI-compatible, e.g. http://localhost:11434/v1)', false), field('apiKey', 'API key (optional)', true, false)],
    hintField: 'baseUrl',
    schema: z.object({ baseUrl: httpUrl('Base URL'), apiKey: text('API key').optional() }),
  },
  {
    kind: 'connector',
    key: 'google_search',
    label: 'Google Search',
    fields: [field('apiKey', 'API key', true), field('cx', 'Search engine ID (cx)', false)],
    hintField: 'apiKey',
    schema: z.object({ apiKey: text('API key'), cx: text('Search engine ID') }),
  },
  oneSecretConnector('serp_api', 'Serp API', 'apiKey', 'API key', 'API key'),
  {
    kind: 'connector',
    key: 'sendgrid',
    label: 'SendGrid',
    fields: [field('apiKey', 'API key', true), field('from', 'From address', false)],
    hintField: 'apiKey',
    schema: z.object({ apiKey: text('API key'), from: z.email({ error: 'From address must be an email address' }) }),
  },
  oneSecretConnector('hubspot', 'HubSpot', 'accessToken', 'Private app access token', 'Access token'),
  {
    kind: 'connector',
    key: 'salesforce',
    label: 'Salesforce',
    fields: [field('instanceUrl', 'Instance URL', false), field('accessToken', 'Access token', true)],
    hintField: 'accessToken',
    schema: z.object({ instanceUrl: httpUrl('Instance URL'), accessToken: text('Access token') }),
  },
  {
    kind: 'connector',
    key: 'linkedin',
    label: 'LinkedIn',
    fields: [
      field('accessToken', 'Access token', true),
      field('author', 'Member URN (urn:li:person:…)', false),
      field('organization', 'Organization URN for company updates (urn:li:organization:…)', false, false),
    ],
    hintField: 'accessToken',
    schema: z.object({ accessToken: text('Access token'), author: urn('Member URN', 'person'), organization: urn('Organization URN', 'organization').optional() }),
  },
  oneSecretConnector('slack', 'Slack', 'botToken', 'Bot token (xoxb-…)', 'Bot token'),
  {
    // background agents' slack delivery channel posts here
    kind: 'connector',
    key: 'slack_webhook',
    label: 'Slack incoming webhook',
    fields: [field('webhookUrl', 'Incoming webhook URL (https://hooks.slack.com/services/…)', true)],
    hintField: 'webhookUrl',
    schema: z.object({ webhookUrl: httpUrl('Incoming webhook URL') }),
  },
  {
    // background agents' sms delivery channel: the Twilio Messages API, or any provider speaking it
    kind: 'connector',
    key: 'sms',
    label: 'SMS provider (Twilio)',
    fields: [
      field('accountSid', 'Account SID', false),
      field('authToken', 'Auth token', true),
      field('from', 'From number (E.164, e.g. +15551234567)', false),
      field('baseUrl', 'API base URL (optional, default https://api.twilio.com)', false, false),
    ],
    hintField: 'authToken',
    schema: z.object({
      accountSid: text('Account SID').regex(/^[A-Za-z0-9]+$/, 'Account SID may contain letters and digits only'),
      authToken: text('Auth token'),
      from: text('From number').regex(/^\+[1-9]\d{6,14}$/, 'From number must be in E.164 form, e.g. +15551234567'),
      baseUrl: httpUrl('API base URL').optional(),
    }),
  },
];

export function findCredentialDefinition(kind: string, key: string): CredentialDefinition | undefined {
  return CREDENTIAL_DEFINITIONS.find((d) => d.kind === kind && d.key === key);
}

/** Which connector each external tool needs (internal tools need none). */
export const TOOL_CONNECTORS: Partial<Record<ToolName, string>> = {
  'Google Search': 'google_search',
  'Serp API': 'serp_api',
  SendGrid: 'sendgrid',
  'HubSpot API': 'hubspot',
  'Salesforce API': 'salesforce',
  'LinkedIn API': 'linkedin',
  'Create Share Update': 'linkedin',
  'Create Company Update': 'linkedin',
  'Send Channel Message': 'slack',
  'Send Direct Message': 'slack',
  'Send Message': 'slack',
};

export const credentialItemSchema = z.object({
  kind: z.enum(CREDENTIAL_KINDS),
  key: z.string(),
  label: z.string(),
  fields: z.array(z.object({ name: z.string(), label: z.string(), secret: z.boolean(), required: z.boolean(), set: z.boolean() })),
  /** e.g. `sk-…9f2a`; a non-secret hint field (a base URL) is shown as is */
  hint: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** usable by the runtime: stored for the library, or given to the server in its environment */
  configured: z.boolean(),
  source: z.enum(['library', 'environment']).nullable(),
});
export type CredentialItem = z.infer<typeof credentialItemSchema>;
export const credentialsResponseSchema = z.object({ credentials: z.array(credentialItemSchema) });

export const credentialParamsSchema = z.object({ kind: z.enum(CREDENTIAL_KINDS, { error: 'kind must be provider or connector' }), key: z.string().min(1).max(50) });
/** Fields left out keep their stored value; null clears an optional field. */
export const credentialPutRequestSchema = z.object({
  values: z.record(z.string().max(50), z.string().max(10_000).nullable(), { error: 'values must be an object of field → text' }),
});
export type CredentialPutRequest = z.infer<typeof credentialPutRequestSchema>;
