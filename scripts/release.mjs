#!/usr/bin/env node
// `pnpm release <area> [--version 1.4.0] [--from <folder>] [--releases-dir <folder>]`
//
// Builds one remote alone, as an immutable release: `<releases dir>/<area>/<version>/`, which the server
// serves at /mfe/<area>/<version>/ (and lists as a version at its next start). A release folder is never
// overwritten: the same version twice is refused, so a tab still using an older release keeps finding its
// chunks. The version is the remote's package.json version unless --version says otherwise; it is written
// into the manifest (metaData.buildInfo.buildVersion), which the registry checks when the version is
// registered. The shell and the other remotes are not touched.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkPackage, sharedPackageOf } from './api-report-lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AREAS = ['agents', 'missions', 'flows', 'background', 'pages'];
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;

function fail(message) {
  console.error(`✗ ${message}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    version: { type: 'string' },
    from: { type: 'string' },
    'releases-dir': { type: 'string' },
  },
});
const [area] = positionals;
if (!AREAS.includes(area)) fail(`usage: pnpm release <${AREAS.join('|')}> [--version 1.4.0] [--from <remote folder>] [--releases-dir <folder>]`);

// the remote's folder: this checkout's mfe-<area>, or another copy of it (a team's branch, a variant)
const dir = path.resolve(values.from ?? path.join(ROOT, `mfe-${area}`));
if (!existsSync(path.join(dir, 'webpack.config.mjs'))) fail(`${dir} is not a remote's folder (no webpack.config.mjs).`);
const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const version = values.version ?? pkg.version;
if (typeof version !== 'string' || version.length > 64 || !VERSION.test(version))
  fail(`"${version}" is not a usable version: letters, digits, dots, dashes, plus signs and underscores (e.g. 1.4.0).`);

// the studio contract it is built against must be recorded and versioned: a new export used without a version
// bump registers fine (the remote asks for ^major.minor the studio claims to provide) and fails at render
const shared = sharedPackageOf(dir);
if (!shared) fail(`${dir} has no node_modules/@accent/shared: run pnpm install.`);
const contractProblem = checkPackage(shared);
if (contractProblem) fail(`${area} ${version} is not released. ${contractProblem}`);

// the same folder the server reads: RELEASES_DIR, else DATA_DIR/releases (both relative to the repository root)
const releasesDir = path.resolve(ROOT, values['releases-dir'] ?? process.env.RELEASES_DIR ?? path.join(process.env.DATA_DIR ?? '.data', 'releases'));
const target = path.join(releasesDir, area, version);
const exists = () => existsSync(target);
const refuse = () =>
  fail(
    `${area} ${version} is already released (${target}); a release is never overwritten. Release a new version: --version or the version in ${path.join(dir, 'package.json')}.`,
  );
if (exists()) refuse();

// build beside the target, then move it in whole: a half-written release is never served
const partial = `${target}.partial-${process.pid}`;
console.log(`▸ Building ${area} ${version} from ${dir}`);
const webpack = path.join(dir, 'node_modules', '.bin', process.platform === 'win32' ? 'webpack.cmd' : 'webpack');
const code = await new Promise((resolve) => {
  const child = spawn(webpack, ['--mode', 'production', '--output-path', partial], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, MF_BUILD_VERSION: version },
  });
  child.on('exit', (c, signal) => resolve(signal ? 1 : (c ?? 1)));
  child.on('error', (error) => {
    console.error(error.message);
    resolve(1);
  });
});
if (code !== 0) {
  rmSync(partial, { recursive: true, force: true });
  fail(`the build of ${area} ${version} failed.`);
}
const manifest = JSON.parse(readFileSync(path.join(partial, 'mf-manifest.json'), 'utf8'));
if (manifest.metaData?.buildInfo?.buildVersion !== version) {
  rmSync(partial, { recursive: true, force: true });
  fail(`the build's manifest says version ${manifest.metaData?.buildInfo?.buildVersion}, not ${version}.`);
}
if (exists()) {
  rmSync(partial, { recursive: true, force: true });
  refuse();
}
renameSync(partial, target);

const entry = `/mfe/${area}/${version}/mf-manifest.json`;
console.log(`
✓ Released ${area} ${version} into ${target}
  The server serves it at ${entry} (it lists it as a version at its next start).
  Register it now and make it current, as an admin (Admin → Remotes, or):
    curl -X POST http://localhost:3000/api/v1/remotes/${area}/versions -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"version":"${version}","entry":"${entry}"}'
    curl -X POST http://localhost:3000/api/v1/remotes/${area}/promote -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"version":"${version}"}'`);
