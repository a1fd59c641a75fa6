// Cold `npm start`: from a fresh clone (no node_modules, no build, no data) to the studio serving /login.
// Clones the current commit into a temp folder, runs `npm start` there and times the first 200 from the
// server, with the pnpm store warm as on a developer's machine (the registry download is not measured).
// Usage: node bench/cold-start.mjs
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, waitForUrl } from './lib.mjs';

const PORT = 3292;
const dir = mkdtempSync(path.join(tmpdir(), 'accent-cold-'));
execFileSync('git', ['clone', '--quiet', ROOT, dir]);
const started = Date.now();
const child = spawn('npm', ['start'], { cwd: dir, env: { ...process.env, PORT: String(PORT), CI: '' }, stdio: 'ignore', detached: true });
try {
  await waitForUrl(`http://127.0.0.1:${PORT}/login`, 600_000);
  console.log(`cold npm start → served /login in ${((Date.now() - started) / 1000).toFixed(1)} s (fresh clone, warm pnpm store)`);
} finally {
  process.kill(-child.pid, 'SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
