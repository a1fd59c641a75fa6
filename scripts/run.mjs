#!/usr/bin/env node
// The entry behind `npm start` / `npm test` (and their pnpm twins). It works from a fresh clone with
// only Node 20+ and git: it brings the pinned pnpm if missing, installs from the lockfile, builds, and
// then starts the server or runs every test. Steps print what they do so a newcomer sees progress.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.8';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isCI = Boolean(process.env.CI);

const step = (text) => console.log(`\n\x1b[1m▸ ${text}\x1b[0m`);

function pnpmCommand() {
  const found = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim() === PNPM_VERSION) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}
const PNPM = pnpmCommand();

/** Run a command in the repo root; resolve on exit 0, otherwise exit with its code. */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      console.error(`\n✗ ${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`);
      process.exit(code ?? 1);
    });
  });
}
const pnpm = (args, env) => run(PNPM[0], [...PNPM.slice(1), ...args], env);

async function install() {
  step(`Installing dependencies (pnpm ${PNPM_VERSION}, from pnpm-lock.yaml)`);
  await pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only']);
}

async function build() {
  step('Building the shared library, the server, the shell and every remote for production');
  await pnpm(['-r', '--workspace-concurrency=2', 'build']);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    step("Installing Debian's Chromium for the end-to-end tests");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (r.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(`\n✗ Chromium not found at ${CHROMIUM}. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

async function start() {
  await install();
  await build();
  step('Starting Accent Studio');
  const child = spawn(process.execPath, ['server/dist/main.js'], { cwd: ROOT, stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
}

async function test() {
  await install();
  ensureChromium();
  step('Type-checking every package');
  await pnpm(['run', 'typecheck']);
  step('Lint (Biome, biome.jsonc): the house rules every team shares');
  await pnpm(['run', 'lint']);
  step('The public API of @accent/shared against shared/api-report.md (a changed API needs a version bump)');
  await run(process.execPath, ['scripts/api-report.mjs', '--check']);
  step('Unit, component and server tests (jest)');
  // test:unit gives jest a 12 GiB heap: on 2 cores it runs every file in one process, and jest's ESM module
  // registries grow with each file (near the default 4 GiB the GC thrashed for 20 minutes, then ran out).
  await pnpm(['run', 'test:unit', ...(isCI ? ['--ci'] : [])]);
  await build();
  step('Size budgets: gzip JS of the login page, every remote entry and every area\'s first visit (bench/budgets.json)');
  await run(process.execPath, ['bench/size-budget.mjs', '--check']);
  step('End-to-end tests in Chromium against the built suite (Playwright)');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'accent-e2e-'));
  try {
    await pnpm(['run', 'test:e2e'], { ACCENT_E2E_DATA_DIR: dataDir, CHROMIUM_PATH: CHROMIUM });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\n✓ All tests passed');
}

/** Every app on its own dev server; the server's registry points the shell at the remotes' dev servers. */
async function dev() {
  await install();
  await pnpm(['--filter', '@accent/shared', '--filter', '@accent/server', 'build']);
  const remotes = JSON.stringify([
    { id: 'agents', name: 'mfe_agents', entry: 'http://localhost:3101/mf-manifest.json', version: 'dev' },
    { id: 'missions', name: 'mfe_missions', entry: 'http://localhost:3102/mf-manifest.json', version: 'dev' },
    { id: 'flows', name: 'mfe_flows', entry: 'http://localhost:3103/mf-manifest.json', version: 'dev' },
    { id: 'background', name: 'mfe_background', entry: 'http://localhost:3104/mf-manifest.json', version: 'dev' },
    { id: 'pages', name: 'mfe_pages', entry: 'http://localhost:3105/mf-manifest.json', version: 'dev' },
  ]);
  step('Dev servers: shell http://localhost:3100 (studio), mfe-agents http://localhost:3101, mfe-missions http://localhost:3102, mfe-flows http://localhost:3103, mfe-background http://localhost:3104 and mfe-pages http://localhost:3105 (standalone), API http://localhost:3000');
  const procs = [
    spawn(process.execPath, ['server/dist/main.js'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ACCENT_REMOTES: remotes } }),
    spawn(PNPM[0], [...PNPM.slice(1), '--filter', '@accent/shell', 'dev'], { cwd: ROOT, stdio: 'inherit' }),
    spawn(PNPM[0], [...PNPM.slice(1), '--filter', 'mfe-agents', 'dev'], { cwd: ROOT, stdio: 'inherit' }),
    spawn(PNPM[0], [...PNPM.slice(1), '--filter', 'mfe-missions', 'dev'], { cwd: ROOT, stdio: 'inherit' }),
    spawn(PNPM[0], [...PNPM.slice(1), '--filter', 'mfe-flows', 'dev'], { cwd: ROOT, stdio: 'inherit' }),
    spawn(PNPM[0], [...PNPM.slice(1), '--filter', 'mfe-background', 'dev'], { cwd: ROOT, stdio: 'inherit' }),
    spawn(PNPM[0], [...PNPM.slice(1), '--filter', 'mfe-pages', 'dev'], { cwd: ROOT, stdio: 'inherit' }),
  ];
  const stop = () => {
    for (const p of procs) p.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function bench() {
  await install();
  await build();
  await pnpm(['--filter', '@accent/bench', 'run', 'all']);
}

const commands = { start, test, build: async () => (await install(), await build()), dev, bench };
const name = process.argv[2];
if (!commands[name]) {
  console.error(`usage: node scripts/run.mjs <${Object.keys(commands).join('|')}>`);
  process.exit(2);
}
await commands[name]();
