// `pnpm release` and each remote's own `test` refuse a remote built against an @accent/shared whose API
// changed without a version bump: such a release registered fine and broke at render with a minified
// "TypeError: … is not a function" on studios that provide the older contract.
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReport } from './api-report-lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A remote's folder whose node_modules/@accent/shared is a small package at 1.0.0 that recorded only `a`. */
function remoteBuiltAgainst(sharedIndex, sharedVersion = '1.0.0') {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-'));
  const shared = path.join(dir, 'shared');
  mkdirSync(path.join(shared, 'src'), { recursive: true });
  writeFileSync(path.join(shared, 'package.json'), JSON.stringify({ name: '@accent/shared', version: sharedVersion }));
  writeFileSync(path.join(shared, 'api-report.md'), renderReport('1.0.0', { '@accent/shared': { a: 'export declare const a = 1;' } }));
  writeFileSync(path.join(shared, 'src/index.ts'), sharedIndex);
  const remote = path.join(dir, 'mfe-agents');
  mkdirSync(path.join(remote, 'node_modules/@accent'), { recursive: true });
  symlinkSync(shared, path.join(remote, 'node_modules/@accent/shared'));
  writeFileSync(path.join(remote, 'package.json'), JSON.stringify({ name: 'mfe-agents', version: '2.0.0' }));
  writeFileSync(path.join(remote, 'webpack.config.mjs'), 'export default {};\n');
  return { dir, remote };
}

const node = (args, cwd = ROOT) => spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });

describe('pnpm release', () => {
  it('refuses, before building, a remote whose @accent/shared gained an export without a minor bump', () => {
    const { dir, remote } = remoteBuiltAgainst('export const a = 1;\nexport function formatDuration(ms: number): string { return String(ms); }\n');
    const releases = path.join(dir, 'releases');
    const run = node(['scripts/release.mjs', 'agents', '--from', remote, '--releases-dir', releases]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('`formatDuration` (@accent/shared) was added');
    expect(run.stderr).toContain('That needs a minor version bump');
    expect(run.stderr).toContain('Set "version" in shared/package.json to 1.1.0');
    expect(run.stdout).not.toContain('Building');
    expect(existsSync(releases) && readdirSync(releases).length).toBeFalsy();
  });

  it('names a removed export and the major bump it needs', () => {
    const { dir, remote } = remoteBuiltAgainst('export const b = 2;\n', '1.1.0');
    const run = node(['scripts/release.mjs', 'agents', '--from', remote, '--releases-dir', path.join(dir, 'releases')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('`a` (@accent/shared) was removed');
    expect(run.stderr).toContain('a major version bump');
    expect(run.stderr).toContain('to 2.0.0');
  });
});

describe("each remote's own test", () => {
  const remotes = readdirSync(ROOT).filter((name) => name.startsWith('mfe-') && existsSync(path.join(ROOT, name, 'webpack.config.mjs')));

  it('checks the @accent/shared it builds against before its tests', () => {
    expect(remotes.length).toBeGreaterThanOrEqual(5);
    for (const name of remotes) {
      const { scripts } = JSON.parse(readFileSync(path.join(ROOT, name, 'package.json'), 'utf8'));
      expect({ name, test: scripts.test.split(' && ')[0] }).toEqual({ name, test: 'node ../scripts/api-report.mjs --check --remote .' });
    }
  });

  it('the check fails on a changed contract, saying which export and which bump', () => {
    const { remote } = remoteBuiltAgainst('export const a = 1;\nexport const c = 3;\n');
    const run = node([path.join(ROOT, 'scripts/api-report.mjs'), '--check', '--remote', '.'], remote);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('`c` (@accent/shared) was added. That needs a minor version bump');
    // and passes on this checkout's own remote, whose contract is recorded
    expect(node([path.join(ROOT, 'scripts/api-report.mjs'), '--check', '--remote', '.'], path.join(ROOT, 'mfe-agents')).status).toBe(0);
  });
});
