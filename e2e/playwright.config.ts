import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The suite as `npm start` serves it: the built server on its own port and a throwaway data directory,
// with the local OpenAI-compatible model server (e2e/support/model-server.mjs) as its OpenAI endpoint.
// No OPENAI_API_KEY: the tests set the key as an administrator would (Admin → Model providers).
// ACCENT_E2E_PORT (default 3199) moves the app; the model server takes the next port unless
// ACCENT_E2E_MODEL_PORT says otherwise.
const PORT = Number(process.env.ACCENT_E2E_PORT ?? 3199);
const MODEL_PORT = Number(process.env.ACCENT_E2E_MODEL_PORT ?? PORT + 1);
// The mailbox (e2e/support/smtp-sink.mjs): SMTP on PORT + 2, its HTTP front (GET /messages) on PORT + 3.
const SMTP_PORT = Number(process.env.ACCENT_E2E_SMTP_PORT ?? PORT + 2);
// The identity provider for single sign-on (e2e/support/oidc-provider.mjs) on PORT + 4 by default.
// PORT + 5 and PORT + 6 belong to delivery.spec.ts's own servers, PORT + 7 to security-headers.spec.ts's
// remote dev server, PORT + 8 to the DNS server (e2e/support/dns-server.mjs: UDP, and HTTP to publish records).
const OIDC_PORT = Number(process.env.ACCENT_E2E_OIDC_PORT ?? PORT + 4);
const DATA_DIR = process.env.ACCENT_E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'accent-e2e-'));
const ROOT = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // One launcher (e2e/support/servers.mjs) starts the model server, the mailbox, the identity provider and the
  // app in that order, with timed readiness checks and every server's output on screen; it prints
  // "e2e servers ready" when all four answer.
  webServer: {
    name: 'e2e servers',
    command: 'node e2e/support/servers.mjs',
    cwd: ROOT,
    wait: { stdout: /e2e servers ready/ },
    stdout: 'pipe',
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      ACCENT_E2E_PORT: String(PORT),
      ACCENT_E2E_MODEL_PORT: String(MODEL_PORT),
      ACCENT_E2E_SMTP_PORT: String(SMTP_PORT),
      ACCENT_E2E_OIDC_PORT: String(OIDC_PORT),
      ACCENT_E2E_DATA_DIR: DATA_DIR,
    },
  },
});
