// `npm run admin -- sign-up-domain --library <name> --domain <domain> [--environment <name>] [--move]`: a
// studio operator's word that a library controls an email domain, for when a DNS TXT record cannot be added
// (the studio's administrators check the company some other way). It lists the domain for that library and
// marks it verified; a domain another library verified is moved only with --move.
import { DEFAULT_ENVIRONMENT } from '@accent/shared';
import { signUpDomainVerifyRequestSchema } from '@accent/shell-common';
import { libraryIdByName } from '../audit/audit.js';
import { verifySignUpDomainAsOperator } from '../auth/invitations/sign-up-domains.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { HttpError } from '../http/errors.js';
import { AdminCommandError } from './first-admin.js';

export const SIGN_UP_DOMAIN_USAGE = `       npm run admin -- sign-up-domain --library <name> --domain <domain> [--environment <name>] [--move]
  Verifies an email domain for a library's self sign-up without its DNS record (a studio operator's word);
  --move takes it from another library that verified it.`;

export interface SignUpDomainInput {
  environment: string;
  library: string;
  domain: string;
  move: boolean;
}

/** `sign-up-domain --library x --domain y [--environment e] [--move]` → what to do; null when not understood. */
export function parseSignUpDomainArgs(argv: readonly string[]): SignUpDomainInput | null {
  const [command, ...rest] = argv;
  if (command !== 'sign-up-domain') return null;
  const values: Record<string, string> = {};
  let move = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--move') move = true;
    else if (/^--(library|domain|environment)$/.test(arg) && rest[i + 1] !== undefined) values[arg.slice(2)] = rest[++i];
    else return null;
  }
  if (!values.library || !values.domain) return null;
  return { environment: values.environment ?? DEFAULT_ENVIRONMENT, library: values.library, domain: values.domain, move };
}

/** Runs it (applying pending migrations first, as the server does); what was done, in words. */
export async function verifySignUpDomainByOperator(database: Database, input: SignUpDomainInput): Promise<string> {
  await migrate(database);
  const parsed = signUpDomainVerifyRequestSchema.safeParse({ domain: input.domain });
  if (!parsed.success) throw new AdminCommandError(`--domain ${parsed.error.issues[0].message}`);
  const { domain } = parsed.data;
  const libraryId = await libraryIdByName(database.db, input.environment, input.library);
  if (!libraryId) throw new AdminCommandError(`No library ${input.library} in environment ${input.environment}.`);
  try {
    const { movedFrom } = await verifySignUpDomainAsOperator(database.db, libraryId, domain, { move: input.move });
    return `${domain} is verified for sign-up to library ${input.library}${movedFrom ? ' (taken from the library that had it)' : ''}: people with ${domain} addresses may sign up there.`;
  } catch (error) {
    if (error instanceof HttpError) throw new AdminCommandError(error.message);
    throw error;
  }
}
