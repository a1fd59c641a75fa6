// npm run admin -- create --email … (ADMIN_USAGE) and npm run admin -- operator --email … [--revoke]
// (OPERATOR_USAGE), npm run admin -- sign-up-domain --library … --domain … (SIGN_UP_DOMAIN_USAGE). Uses the server's database settings (DATABASE_URL,
// else the embedded database in DATA_DIR) and nothing else: the command signs no tokens and stores no
// credentials, so it needs neither JWT_SECRET nor ACCENT_MASTER_KEY, and must not generate them.
import { resolve } from 'node:path';
import { databaseTargetFor, openDatabase } from '../db/database.js';
import { ADMIN_USAGE, AdminCommandError, createAdministrator, parseAdminArgs } from './first-admin.js';
import { OPERATOR_USAGE, parseOperatorArgs, setStudioOperator } from './operators.js';
import { parseSignUpDomainArgs, SIGN_UP_DOMAIN_USAGE, verifySignUpDomainByOperator } from './sign-up-domain.js';

async function main() {
  const argv = process.argv.slice(2);
  const operator = parseOperatorArgs(argv);
  const signUpDomain = parseSignUpDomainArgs(argv);
  const input = operator || signUpDomain ? null : parseAdminArgs(argv, process.env);
  if (!operator && !signUpDomain && !input) {
    console.error(`${ADMIN_USAGE}\n${OPERATOR_USAGE}\n${SIGN_UP_DOMAIN_USAGE}`);
    process.exit(2);
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new AdminCommandError('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  const database = await openDatabase(databaseTargetFor({ databaseUrl, dataDir: resolve(process.env.DATA_DIR || '.data') }));
  try {
    if (operator) {
      console.log(await setStudioOperator(database, operator));
      return;
    }
    if (signUpDomain) {
      console.log(await verifySignUpDomainByOperator(database, signUpDomain));
      return;
    }
    const admin = await createAdministrator(database, input!);
    const made = admin.created.length > 0 ? ` (created the ${admin.created.join(', ')})` : '';
    console.log(`Administrator ${admin.email} can now sign in: environment ${admin.environment}, library ${admin.library}${made}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof AdminCommandError ? error.message : `Could not create the administrator: ${(error as Error).message}`);
  process.exit(1);
});
