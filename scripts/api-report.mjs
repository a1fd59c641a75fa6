#!/usr/bin/env node
// shared/api-report.md: the public API of @accent/shared. `--check` fails when the API changed without a
// version bump or without an updated report; `--update` rewrites the report. `--check --remote <folder>`
// checks the @accent/shared that remote builds against: each remote's own `test` runs it, `npm test` and
// `pnpm release` run the same check.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkPackage, extractApi, renderReport, sharedPackageOf } from './api-report-lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { check: { type: 'boolean' }, update: { type: 'boolean' }, remote: { type: 'string' } } });

let shared = path.join(ROOT, 'shared');
if (values.remote) {
  shared = sharedPackageOf(path.resolve(values.remote));
  if (!shared) {
    console.error(`✗ ${path.resolve(values.remote)} has no node_modules/@accent/shared: run pnpm install.`);
    process.exit(1);
  }
}

if (values.update) {
  const { version } = JSON.parse(readFileSync(path.join(shared, 'package.json'), 'utf8'));
  writeFileSync(path.join(shared, 'api-report.md'), renderReport(version, extractApi(shared)));
  console.log(`shared/api-report.md written for @accent/shared ${version}`);
} else {
  const problem = checkPackage(shared);
  if (problem) {
    console.error(`✗ ${problem}`);
    process.exit(1);
  }
  console.log(`✓ @accent/shared (${path.relative(process.cwd(), shared) || '.'}): public API matches its api-report.md`);
}
