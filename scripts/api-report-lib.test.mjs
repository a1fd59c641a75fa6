// The API report check of `npm test`: a real compile of a small package, and the version rule.
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkReport, diffApi, extractApi, nextVersion, parseReport, renderReport } from './api-report-lib.mjs';

function packageWith(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-report-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
const ENTRIES = { pkg: 'src/index.ts' };

describe('extractApi', () => {
  it('lists what the entry exports, through re-exports, without comments or private code', () => {
    const dir = packageWith({
      'src/index.ts': "export { greet, type Greeting } from './greet.js';\nexport const LIMIT = 3;\n",
      'src/greet.ts':
        '/** a comment that is not API */\nexport interface Greeting { text: string }\nexport function greet(name: string): Greeting { return { text: helper(name) }; }\nconst helper = (n: string) => `hi ${n}`;\nexport const notReExported = 1;\n',
    });
    expect(extractApi(dir, ENTRIES)).toEqual({
      pkg: {
        greet: 'export declare function greet(name: string): Greeting;',
        Greeting: 'export interface Greeting { text: string; }',
        LIMIT: 'export declare const LIMIT = 3;',
      },
    });
  });
});

const v1 = { pkg: { a: 'export declare const a = 1;', B: 'export interface B { x: string; }' } };

describe('the version rule', () => {
  it('reads back what it writes', () => {
    expect(parseReport(renderReport('1.2.3', v1))).toEqual({ version: '1.2.3', api: v1 });
  });

  it('accepts an unchanged API at the recorded version', () => {
    expect(checkReport({ committed: renderReport('1.0.0', v1), current: v1, version: '1.0.0' })).toBeNull();
  });

  it('refuses an added export without a minor bump, saying which version to set and what to run', () => {
    const current = { pkg: { ...v1.pkg, c: 'export declare const c = 2;' } };
    const message = checkReport({ committed: renderReport('1.0.0', v1), current, version: '1.0.0' });
    expect(message).toContain('`c` (pkg) was added. That needs a minor version bump, but its version is still 1.0.0');
    expect(message).toContain('Set "version" in shared/package.json to 1.1.0');
    expect(message).toContain('node scripts/api-report.mjs --update');
    // a patch bump is not enough for an addition
    expect(checkReport({ committed: renderReport('1.0.0', v1), current, version: '1.0.1' })).toContain('to 1.1.0');
  });

  it('needs a major bump for a removed or changed export', () => {
    const changed = { pkg: { ...v1.pkg, B: 'export interface B { x: number; }' } };
    expect(diffApi(v1, changed)).toEqual({ added: [], removed: [], changed: ['pkg B'] });
    expect(checkReport({ committed: renderReport('1.4.0', v1), current: changed, version: '1.5.0' })).toContain(
      '`B` (pkg) changed its signature. That needs a major version bump',
    );
    expect(checkReport({ committed: renderReport('1.4.0', v1), current: changed, version: '1.5.0' })).toContain('to 2.0.0');
    const removed = { pkg: { a: v1.pkg.a } };
    expect(nextVersion('1.4.2', diffApi(v1, removed))).toBe('2.0.0');
  });

  it('asks for the report to be recorded once the version is bumped, and for a bump without a change too', () => {
    const current = { pkg: { ...v1.pkg, c: 'export declare const c = 2;' } };
    expect(checkReport({ committed: renderReport('1.0.0', v1), current, version: '1.1.0' })).toMatch(
      /version is 1\.1\.0: run `node scripts\/api-report\.mjs --update`/,
    );
    expect(checkReport({ committed: renderReport('1.0.0', v1), current: v1, version: '1.0.1' })).toContain(
      'records @accent/shared 1.0.0 but shared/package.json says 1.0.1',
    );
  });
});
