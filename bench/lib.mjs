// Small helpers shared by the benchmarks: start the built server on a free port, or its app in this process;
// launch Debian's Chromium; percentiles.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
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

// ---------------------------------------------------------------------------------------------------
// Sign-in bursts (bench/sign-in-burst.mjs, bench/chaos.mjs): many people signing in at once, each from
// their own address (X-Forwarded-For: the server must trust one proxy) and giving up after 60 s like a
// browser; one more person signs in 5 s after the burst starts.
export const SIGN_IN_GIVE_UP_MS = 60_000;
export const SIGN_IN_ANSWER_GOAL_MS = 10_000;
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;

/** One sign-in from `address`: its time, status (0: gave up or unreachable) and Retry-After. */
export async function signIn(base, credentials, address = '10.0.0.1') {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(credentials),
      signal: AbortSignal.timeout(SIGN_IN_GIVE_UP_MS),
    });
    const body = await response.text();
    return { ms: performance.now() - started, status: response.status, retryAfter: response.headers.get('retry-after'), body };
  } catch {
    return { ms: performance.now() - started, status: 0, retryAfter: null, body: '' };
  }
}

/**
 * `count` sign-ins at once plus the one 5 s later. Answers their outcomes: ok (200), busy (503 with
 * Retry-After), other, gave up, how many were answered within 10 s (200 or 503 + Retry-After), a 503's
 * example, the lone sign-in, and how long the whole burst took. `whileRunning` is awaited until it ends.
 */
export async function signInBurst(base, credentials, count, whileRunning = async () => {}) {
  let done = false;
  const started = performance.now();
  const burst = Promise.all(Array.from({ length: count }, (_, i) => signIn(base, credentials, addressOf(i + 2))));
  const lone = new Promise((r) => setTimeout(r, 5_000)).then(() => signIn(base, credentials, addressOf(count + 10)));
  const settled = Promise.all([burst, lone]).finally(() => (done = true));
  await Promise.all([settled, whileRunning(() => done)]);
  const signIns = await burst;
  const tally = (test) => signIns.filter(test).length;
  const ok = tally((s) => s.status === 200);
  const busy = tally((s) => s.status === 503 && s.retryAfter);
  const gaveUp = tally((s) => s.status === 0);
  return {
    signIns,
    ok,
    busy,
    gaveUp,
    other: count - ok - busy - gaveUp,
    inTime: tally((s) => s.status !== 0 && s.ms <= SIGN_IN_ANSWER_GOAL_MS && (s.status === 200 || (s.status === 503 && s.retryAfter))),
    busyExample: signIns.find((s) => s.status === 503),
    later: await lone,
    seconds: (performance.now() - started) / 1000,
  };
}
