// npm run backup [-- <file>]   a consistent backup of the studio's database (embedded or DATABASE_URL)
// npm run restore -- <file>    puts a backup back (an existing embedded database is moved aside, not deleted)
// npm run move-to-postgres [-- <file>]   the embedded studio (DATA_DIR, or a backup of it) into DATABASE_URL
// All read the same environment as the server (DATA_DIR, DATABASE_URL, ACCENT_MASTER_KEY, STORAGE_S3_*).
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { backupDatabase, defaultBackupFile, restoreDatabase } from './backup.js';
import { moveToPostgres } from './move.js';

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
  } else if (command === 'move') {
    const from = fileArgument ? { kind: 'backup' as const, file: resolve(fileArgument) } : { kind: 'folder' as const };
    const moved = await moveToPostgres(config, from, (line) => console.log(line));
    const rows = Object.values(moved.tables).reduce((a, b) => a + b, 0);
    console.log(`Moved ${rows} rows in ${Object.keys(moved.tables).length} tables into the PostgreSQL database in DATABASE_URL.`);
    if (moved.files)
      console.log(`Files: ${moved.files.copied} copied to S3, ${moved.files.skipped} already there, ${moved.files.failed.length} failed.`);
    else
      console.log(
        `Files stay in ${config.dataDir}/storage: keep DATA_DIR for the server, or copy them to S3 with npm run storage -- migrate --to s3.`,
      );
    if (!process.env.ACCENT_MASTER_KEY)
      console.log(`Give every server ACCENT_MASTER_KEY=<the contents of ${config.dataDir}/master.key>: the stored credentials are sealed with it.`);
    if (moved.files && moved.files.failed.length > 0) process.exitCode = 1;
  } else {
    console.error('Usage: npm run backup [-- <file>]  |  npm run restore -- <file>  |  npm run move-to-postgres [-- <embedded backup file>]');
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `${(error as Error).message}`);
  process.exit(1);
});
