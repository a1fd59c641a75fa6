// jest globalSetup: one folder for this run, where the first test that needs the migrated and seeded
// database leaves a dump of it for the others (seeded-database.ts). Workers start after this and inherit
// the variable; jest-global-teardown.mjs removes the folder, so no later run reads a stale copy.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function createRunFolder() {
  process.env.ACCENT_TEST_DB_DIR = mkdtempSync(join(tmpdir(), 'accent-test-db-'));
}
