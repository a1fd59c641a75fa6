// Small helpers shared by the benchmarks: start the built server on a free port, launch Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

export const ROOT = path.resolve(import.meta.dirname, '..');

export async function waitForUrl(url, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return Date.now() - start;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Listens on `port` (0: any) for a moment and answers the port it got. */
function probePort(port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => {
      const { port: bound } = probe.address();
      probe.close(() => resolve(bound));
    });
  });
}
/** `port` when it is free, else one the system hands out: two benches (or two people) never share a server. */
const freePort = (port) => probePort(port).catch(() => probePort(0));

/** The built server on a fresh data folder; `env` adds to (or overrides) this process's environment. */
export async function startServer(preferredPort, env = {}) {
  const port = await freePort(preferredPort);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'accent-bench-'));
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await waitForUrl(`http://127.0.0.1:${port}/api/v1/remotes`);
  } catch (error) {
    child.kill('SIGTERM'); // never leave a server behind on the port
    throw error;
  }
  // stop() resolves once the server has exited (its database closed), for callers that remove the database next
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
