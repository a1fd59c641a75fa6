// Small helpers shared by the benchmarks: start the built server on a free port, or its app in this process;
// launch Debian's Chromium; percentiles.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

const percentileOf = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** p50 and p90 of samples (ms). */
export function p50p90(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentileOf(sorted, 50), p90: percentileOf(sorted, 90) };
}

/**
 * The built server's app in this process (answers through `app.inject`, no HTTP), on a fresh embedded PGlite
 * with migrations and demo data, sending email to a local SMTP sink. `nextAddress()` gives each request a
 * client address of its own, so per-address rate limits stay out of a timing. Close app, database and sink.
 */
export async function inProcessApp(name) {
  const dist = path.join(ROOT, 'server', 'dist');
  const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
  const [{ buildApp }, { loadConfig }, { openDatabase }, { migrate }, { seedDemoData, DEMO_CREDENTIALS }, { startSmtpSink }, { createUser }] = await Promise.all([
    load('app.js'),
    load('config.js'),
    load('db/database.js'),
    load('db/migrate.js'),
    load('db/seed.js'),
    load('testing/smtp-sink.js'),
    load('testing/test-app.js'),
  ]);
  const sink = await startSmtpSink();
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  await seedDemoData(database, { isProduction: false });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: `${name}-bench-secret-that-is-long-enough`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `accent-${name}-bench-`)),
    STATIC_ROOT: mkdtempSync(path.join(tmpdir(), `accent-${name}-bench-static-`)),
    SMTP_URL: sink.url,
  });
  const app = await buildApp({ config, db: database, auth: { loginFailureDelayMs: 0 } });
  await app.ready();
  let address = 0;
  const nextAddress = () => {
    address++;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };
  return { app, database, sink, createUser, DEMO_CREDENTIALS, nextAddress };
}

/**
 * A remote's TypeScript module of plain data and pure functions (e.g. the page templates, which live in
 * mfe-pages/src and are built only into the browser bundle), transpiled with the repo's TypeScript into a
 * temporary .mjs and imported. `packages` maps each package it imports to a built file under the repo; an
 * import left unmapped fails here, naming it, rather than as a bench that cannot start.
 */
export async function importSource(file, packages) {
  const { default: ts } = await import('typescript');
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  let { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false } });
  outputText = outputText.replace(/from '([^']+)'/g, (_whole, specifier) => {
    if (!(specifier in packages)) throw new Error(`${file} imports ${specifier}: add it to importSource's packages`);
    return `from '${pathToFileURL(path.join(ROOT, packages[specifier])).href}'`;
  });
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'accent-bench-source-')), `${path.basename(file, '.ts')}.mjs`);
  writeFileSync(out, outputText);
  return import(pathToFileURL(out).href);
}
