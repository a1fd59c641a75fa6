// npm run storage -- migrate --to s3       copies the originals from DATA_DIR/storage to STORAGE_S3_*
// npm run storage -- migrate --to folder   and back
// With the server's environment (DATABASE_URL or DATA_DIR, and STORAGE_S3_*). Checksummed and resumable:
// run it again after an interruption; nothing is deleted from the source. Then set (or unset)
// STORAGE_S3_* on every server and restart them.
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { databaseTargetFor, openDatabase } from '../db/database.js';
import { filesystemBackend, s3Backend } from './backend.js';
import { storageFolderOf } from './location.js';
import { migrateStorage } from './migrate.js';

const USAGE = `Usage: npm run storage -- migrate --to s3|folder
  Copies the originals of Files and knowledge between the folder DATA_DIR/storage and the S3-compatible
  storage STORAGE_S3_* (both from the server's environment), checking each copy's checksum. Run it
  again to resume; nothing is deleted from the source.`;

async function main() {
  const [command, flag, to] = process.argv.slice(2);
  if (command !== 'migrate' || flag !== '--to' || (to !== 's3' && to !== 'folder')) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const s3 = config.storage.s3;
  if (!s3)
    throw new ConfigError(
      'STORAGE_S3_BUCKET: is required (with STORAGE_S3_ENDPOINT, _REGION, _ACCESS_KEY_ID, _SECRET_ACCESS_KEY as your storage needs): it is the S3 side of the migration',
    );
  const folder = filesystemBackend(storageFolderOf(config));
  const bucket = s3Backend(s3, join(config.dataDir, 'storage-tmp'));
  await bucket.ensureBucket();
  const database = await openDatabase(databaseTargetFor(config));
  try {
    const [from, target] = to === 's3' ? [folder, bucket] : [bucket, folder];
    console.log(
      `Copying originals from ${to === 's3' ? storageFolderOf(config) : `bucket ${s3.bucket}`} to ${to === 's3' ? `bucket ${s3.bucket}` : storageFolderOf(config)}`,
    );
    const result = await migrateStorage({ db: database.db, from, to: target, progress: (line) => console.log(`  ${line}`) });
    console.log(`${result.copied} copied (${result.bytes} bytes), ${result.skipped} already there, ${result.failed.length} failed.`);
    if (result.failed.length > 0) {
      console.error('Some originals were not copied (listed above): fix them and run the command again.');
      process.exitCode = 1;
    } else
      console.log(to === 's3' ? 'Now set STORAGE_S3_* on every server and restart them.' : 'Now unset STORAGE_S3_* on the server and restart it.');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Could not migrate the storage: ${(error as Error).message}`);
  process.exit(1);
});
