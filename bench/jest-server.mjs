// How long a fixed set of server test files takes under jest with one worker (as CI runs them on 2 cores),
// on a warm ts-jest cache: the first run warms it and is not counted. Prints each run and the median.
// Usage: node bench/jest-server.mjs [--root <checkout>] [--runs N] [--warm]   (--root: time another checkout,
// e.g. the commit before a change, with the same test files; --warm: the cache is warm already, no warm-up run)
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';

// ten files that build the app on a fresh database, from small to mid-sized (~140 s on CI)
const FILES = [
  'server/src/auth/sso',
  'server/src/auth/two-factor',
  'server/src/auth/invitations',
  'server/src/admin/admin.test.ts',
  'server/src/audit',
  'server/src/team',
  'server/src/agents/agents.test.ts',
  'server/src/analytics',
  'server/src/pages',
  'server/src/tools',
];

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const root = path.resolve(arg('--root', ROOT));
const runs = Number(arg('--runs', '3'));

function runOnce() {
  const started = Date.now();
  // /usr/bin/time: the CPU time too, the steadier figure on a busy machine; --forceExit: a suite that leaves a
  // handle open must not hang the bench
  const result = spawnSync(
    '/usr/bin/time',
    ['-f', 'CPU %U %S', process.execPath, '--max-old-space-size=12288', '--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js', ...FILES, '-w', '1', '--silent', '--forceExit'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  );
  const seconds = (Date.now() - started) / 1000;
  const [user, system] = (/CPU ([\d.]+) ([\d.]+)/.exec(result.stderr)?.slice(1) ?? ['NaN', 'NaN']).map(Number);
  const tests = /Tests:\s+(.*)/.exec(result.stderr)?.[1] ?? '?';
  if (result.status !== 0)
    console.log(
      result.stderr
        .split('\n')
        .filter((l) => /FAIL|●/.test(l))
        .slice(0, 20)
        .join('\n'),
    );
  return { seconds, cpu: user + system, tests, ok: result.status === 0 };
}

console.log(`jest, ${FILES.length} server test paths, one worker, in ${root}`);
if (!process.argv.includes('--warm')) {
  const warm = runOnce();
  console.log(`  warm-up: ${warm.seconds.toFixed(1)} s (${warm.tests})`);
}
const times = [];
const cpus = [];
for (let i = 0; i < runs; i++) {
  const r = runOnce();
  times.push(r.seconds);
  cpus.push(r.cpu);
  console.log(`  run ${i + 1}: ${r.seconds.toFixed(1)} s, CPU ${r.cpu.toFixed(1)} s (${r.tests}; load avg ${loadavg()[0].toFixed(2)})`);
  if (!r.ok) process.exitCode = 1;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `RESULT jest-server median_s=${median(times).toFixed(1)} min_s=${Math.min(...times).toFixed(1)} max_s=${Math.max(...times).toFixed(1)} cpu_s=${median(cpus).toFixed(1)} runs=${runs} load1=${loadavg()[0].toFixed(2)}`,
);
