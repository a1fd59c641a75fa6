// A background agent's configuration as stored. Rows written before the database checked configs
// (migration 014), or by hand, may not parse: such an agent is refused with a message saying what is
// wrong and how to fix it (4xx for a request, skipped and reported by the reconciler and the runner),
// never a 500 and never a stop for other agents.
import { backgroundConfigFromRow, type BackgroundAgentConfig } from '@accent/background-common';
import { ZodError } from 'zod';
import { HttpError } from '../http/errors.js';

export const STORED_CONFIG_MESSAGES = {
  invalid: (name: string, problem: string) =>
    `The saved configuration of background agent "${name}" is invalid (${problem}). Open it in the editor and save it again.`,
} as const;

type StoredRow = Parameters<typeof backgroundConfigFromRow>[0];

/** The first problem of a parse, as `path: message`. */
function problemOf(error: ZodError): string {
  const [issue] = error.issues;
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** The parsed configuration, or an HttpError 422 naming the agent and the problem. */
export function storedBackgroundConfig(row: StoredRow): BackgroundAgentConfig {
  try {
    return backgroundConfigFromRow(row);
  } catch (error) {
    if (error instanceof ZodError) throw new HttpError(422, STORED_CONFIG_MESSAGES.invalid(row.name, problemOf(error)));
    throw error;
  }
}
