// npm run backup [-- <file>]   a consistent backup of the studio's database (embedded or DATABASE_URL)
// npm run restore -- <file>    puts a backup back (an existing embedded database is moved aside, not deleted)
// Both read the same environment as the server (DATA_DIR, DATABASE_URL).
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { backupDatabase, defaultBackupFile, restoreDatabase } from './backup.js';

async function main() {
  const [command, fileArgument] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') {
    const file = resolve(fileArgument ?? defaultBackupFile(config));
    const what = await backupDatabase(config, file);
    console.log(`Backed up ${what} to ${file}`);
  } else if (command === 'restore' && fileArgument) {
    const { movedAside } = await restoreDatabase(config, resolve(fileArgument));
    if (movedAside) console.log(`The database that was there is kept in ${movedAside}`);
    console.log(`Restored ${resolve(fileArgument)}. Start the server as usual.`);
  } else {
    console.error('Usage: npm run backup [-- <file>]  |  npm run restore -- <file>');
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `${(error as Error).message}`);
  process.exit(1);
});
