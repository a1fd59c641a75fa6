// Starts the e2e suite's servers in order — model server, mailbox, identity provider, then the built app —
// each once the previous one answers, and prints "e2e servers ready" for Playwright (webServer.wait.stdout).
//
// Why not one Playwright webServer per server: Playwright's readiness check is a GET without a timeout, so a
// connection that is accepted but never answered holds it until its launch timeout, and it prints nothing
// about which server it was waiting for (CI saw exactly that: "Timed out waiting 120000ms from
// config.webServer" and no other line). Here every check has a 2 s timeout, every server's output is
// forwarded with its name, the time each took is printed, and a server that is not up in time is started
// again once before the run gives up with its output on screen.
//
// Ports (from playwright.config.ts): app ACCENT_E2E_PORT, model server ACCENT_E2E_MODEL_PORT, mailbox
// ACCENT_E2E_SMTP_PORT (SMTP) and the next port (HTTP), identity provider ACCENT_E2E_OIDC_PORT.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const env = process.env;
const PORT = Number(env.ACCENT_E2E_PORT ?? 3199);
const MODEL_PORT = Number(env.ACCENT_E2E_MODEL_PORT ?? PORT + 1);
const SMTP_PORT = Number(env.ACCENT_E2E_SMTP_PORT ?? PORT + 2);
const OIDC_PORT = Number(env.ACCENT_E2E_OIDC_PORT ?? PORT + 4);
const DNS_PORT = Number(env.ACCENT_E2E_DNS_PORT ?? PORT + 8);
const ports = { ACCENT_E2E_PORT: String(PORT), ACCENT_E2E_MODEL_PORT: String(MODEL_PORT), ACCENT_E2E_SMTP_PORT: String(SMTP_PORT), ACCENT_E2E_OIDC_PORT: String(OIDC_PORT), ACCENT_E2E_DNS_PORT: String(DNS_PORT) };

/** How long one start may take before it is tried again (a cold start of the app is 4–8 s on 2 busy cores). */
const START_TIMEOUT_MS = 60_000;
const CHECK_TIMEOUT_MS = 2_000;

const SERVERS = [
  { name: 'model server', script: 'e2e/support/model-server.mjs', url: `http://127.0.0.1:${MODEL_PORT}/health`, env: {} },
  { name: 'mailbox', script: 'e2e/support/smtp-sink.mjs', url: `http://127.0.0.1:${SMTP_PORT + 1}/health`, env: {} },
  { name: 'DNS', script: 'e2e/support/dns-server.mjs', url: `http://127.0.0.1:${DNS_PORT}/health`, env: {} },
  { name: 'identity provider', script: 'e2e/support/oidc-provider.mjs', url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`, env: {} },
  {
    name: 'app server',
    script: 'server/dist/main.js',
    url: `http://127.0.0.1:${PORT}/api/v1/remotes`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: env.ACCENT_E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_ADDRESS_RATE_LIMIT: '1000',
      OPENAI_BASE_URL: `http://127.0.0.1:${MODEL_PORT}/v1`,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // security-headers.spec.ts tries a remote's dev server inside this studio, on PORT + 7
      DEV_REMOTE_ORIGINS: `http://localhost:${PORT + 7}`,
      // sign-up domains' TXT records are looked up at the DNS above (invitations.spec.ts publishes them)
      DNS_SERVERS: `127.0.0.1:${DNS_PORT}`,
      // the identity provider above is on loopback and plain http: allowed for single sign-on here only
      SSO_ALLOW_HOSTS: '127.0.0.1',
      // blank (= unset for the server) any provider key of the caller's environment, so the keys are exactly
      // what the tests store and Anthropic stays unconfigured
      OPENAI_API_KEY: '',
      ANTHROPIC_API_KEY: '',
      GOOGLE_GENERATIVE_AI_API_KEY: '',
      AZURE_API_KEY: '',
      AZURE_RESOURCE_NAME: '',
      AZURE_BASE_URL: '',
      LOCAL_MODEL_BASE_URL: '',
    },
  },
];

const children = new Set();
const say = (line) => process.stdout.write(`${line}\n`); // Playwright prefixes it with the launcher's name

function start(server) {
  const child = spawn(process.execPath, [server.script], { cwd: ROOT, env: { ...env, ...ports, ...server.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const output = [];
  const forward = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        output.push(line);
        out.write(`[${server.name}] ${line}\n`);
      }
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.once('exit', () => children.delete(child));
  return { child, output };
}

/** 2xx–403 as Playwright counts "up"; a refused, reset or silent connection is "not yet". */
async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    await res.body?.cancel();
    return res.status >= 200 && res.status < 404;
  } catch {
    return false;
  }
}

async function startAndWait(server) {
  for (let attempt = 1; attempt <= 2; attempt++) {
    const began = Date.now();
    const { child } = start(server);
    let exited = null;
    child.once('exit', (code, signal) => {
      exited = { code, signal };
    });
    while (Date.now() - began < START_TIMEOUT_MS) {
      if (exited) throw new Error(`${server.name} exited before it answered (${exited.signal ?? `code ${exited.code}`}): see its lines above`);
      if (await answers(server.url)) {
        say(`${server.name} answers ${server.url} after ${Date.now() - began} ms`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    say(`${server.name} did not answer ${server.url} within ${START_TIMEOUT_MS / 1000} s (attempt ${attempt} of 2): stopping it`);
    await stop(child);
  }
  throw new Error(`${server.name} never answered ${server.url}`);
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
  return exited.finally(() => clearTimeout(force));
}

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  // the app first (it closes its database cleanly), then the servers it talks to
  for (const child of [...children].reverse()) await stop(child);
  process.exit(code);
}
process.once('SIGTERM', () => void stopAll(0));
process.once('SIGINT', () => void stopAll(0));

try {
  for (const server of SERVERS) await startAndWait(server);
  say('e2e servers ready');
} catch (error) {
  say(error.message);
  await stopAll(1);
}
// a server that dies while the tests run ends the run instead of failing every test after it
for (const child of children) child.once('exit', (code, signal) => {
  if (!stopping) {
    say(`a server stopped while the tests ran (${signal ?? `code ${code}`})`);
    void stopAll(1);
  }
});
