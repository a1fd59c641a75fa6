#!/usr/bin/env node
// shared/api-report.md: the public API of @accent/shared. `--check` (run by `npm test`) fails when the API
// changed without a version bump or without an updated report; `--update` rewrites the report.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkReport, extractApi, renderReport } from './api-report-lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = path.join(ROOT, 'shared');
const REPORT = path.join(SHARED, 'api-report.md');
const version = JSON.parse(readFileSync(path.join(SHARED, 'package.json'), 'utf8')).version;
const current = extractApi(SHARED);

if (process.argv.includes('--update')) {
  writeFileSync(REPORT, renderReport(version, current));
  console.log(`shared/api-report.md written for @accent/shared ${version}`);
} else {
  const committed = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '';
  const problem = checkReport({ committed, current, version });
  if (problem) {
    console.error(`✗ ${problem}`);
    process.exit(1);
  }
  console.log(`✓ @accent/shared ${version}: public API matches shared/api-report.md`);
}
