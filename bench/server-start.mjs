// How long the built server takes to start, in two figures, each the median of fresh Node processes:
// - import: loading server/dist/app.js (every module the server imports at start);
// - start: `node dist/main.js` on an existing data folder (migrated and seeded by a first start, not
//   timed) until /api/v1/remotes answers.
// Usage: pnpm --filter @accent/server build && node bench/server-start.mjs [--root <checkout>] [--runs N] [--packages]
// [--import-only]   (--packages: also the import time of each heavy dependency alone)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, waitForUrl } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const root = path.resolve(arg('--root', ROOT));
const runs = Number(arg('--runs', '7'));
const server = path.join(root, 'server');
const PORT = 3296;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Wall and CPU time of importing `specifier` in a fresh Node process (resolved from server/). */
function importCost(specifier) {
  const script = `const t = performance.now(); const c = process.cpuUsage(); await import(${JSON.stringify(specifier)}); const u = process.cpuUsage(c); console.log(performance.now() - t, (u.user + u.system) / 1000);`;
  const [wall, cpu] = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: server, encoding: 'utf8' }).trim().split(' ').map(Number);
  return { wall, cpu };
}
const importOnce = () => importCost(pathToFileURL(path.join(server, 'dist', 'app.js')).href);

async function startOnce(dataDir) {
  const started = Date.now();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: server,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitForUrl(`http://127.0.0.1:${PORT}/api/v1/remotes`, 120_000);
    return Date.now() - started;
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

console.log(`server start, ${runs} fresh processes each, in ${root}`);
importOnce(); // warms the disk cache
const imports = [];
for (let i = 0; i < runs; i++) imports.push(importOnce());
console.log(`  import dist/app.js: wall ${imports.map((s) => s.wall.toFixed(0)).join(', ')} ms; CPU ${imports.map((s) => s.cpu.toFixed(0)).join(', ')} ms`);

// What the heavier dependencies cost on their own (each alone in a fresh process): which ones are worth
// loading only when used.
const PACKAGES = ['@aws-sdk/client-s3', 'siwe', 'ethers', 'mammoth', 'unpdf', 'openid-client', 'pg-boss', 'nodemailer', 'ai', '@ai-sdk/openai', '@ai-sdk/anthropic', '@ai-sdk/google', '@ai-sdk/azure', '@ai-sdk/openai-compatible', 'fastify', '@electric-sql/pglite', 'kysely'];
if (process.argv.includes('--packages')) {
  for (const name of PACKAGES) {
    const costs = Array.from({ length: 3 }, () => importCost(name));
    console.log(`  import ${name}: median wall ${median(costs.map((c) => c.wall)).toFixed(0)} ms, CPU ${median(costs.map((c) => c.cpu)).toFixed(0)} ms`);
  }
}

const starts = [];
if (!process.argv.includes('--import-only')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'accent-start-bench-'));
  try {
    await startOnce(dataDir); // creates, migrates and seeds the database
    for (let i = 0; i < runs; i++) starts.push(await startOnce(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`  node dist/main.js → /api/v1/remotes: ${starts.join(', ')} ms`);
}
console.log(
  `RESULT server-start import_ms=${median(imports.map((s) => s.wall)).toFixed(0)} import_cpu_ms=${median(imports.map((s) => s.cpu)).toFixed(0)} start_ms=${starts.length ? median(starts) : '-'} runs=${runs} load1=${loadavg()[0].toFixed(2)}`,
);
