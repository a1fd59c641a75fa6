// Errors of a run that the caller sees: HttpErrors with a code so the runtime can tell a configuration
// problem (no key) from a model failure (which the agent's fallback may answer instead).
import { HttpError } from '../http/errors.js';

export type RunErrorCode =
  | 'not_found'
  | 'forbidden'
  | 'rate_limited'
  | 'invalid'
  | 'missing_key'
  | 'provider_failed'
  | 'timeout'
  | 'cancelled';

export class RunError extends HttpError {
  constructor(
    statusCode: number,
    detail: string,
    readonly code: RunErrorCode,
    headers: Record<string, string> = {},
  ) {
    super(statusCode, detail, headers);
    this.name = 'RunError';
  }
}

export const RUN_MESSAGES = {
  agentNotFound: (name: string) => `Agent "${name}" not found`,
  noAccess: (name: string) => `You do not have access to run agent "${name}".`,
  rateLimited: (name: string, limit: number, seconds: number) =>
    `Rate limit reached for agent "${name}": ${limit} requests per minute. Try again in ${seconds} seconds.`,
  noQuery: (step: string) => `Nothing to ask: step "${step}" has no prompt and the request has no query.`,
  providerFailed: (label: string, message: string) => `${label} request failed: ${message}`,
  timedOut: (label: string, seconds: number) => `${label} request timed out after ${seconds} second${seconds === 1 ? '' : 's'}.`,
  cancelled: 'The run was cancelled.',
  tooDeep: (name: string, max: number) => `Agents can call other agents at most ${max} levels deep; agent "${name}" was not run.`,
} as const;
