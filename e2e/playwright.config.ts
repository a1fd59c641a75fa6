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
const MAILBOX_URL = `http://127.0.0.1:${SMTP_PORT + 1}`;
// The identity provider for single sign-on (e2e/support/oidc-provider.mjs) on PORT + 4 by default.
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
  // Started in this order, each once the previous one answers.
  webServer: [
    {
      name: 'model server',
      command: 'node e2e/support/model-server.mjs',
      cwd: ROOT,
      url: `http://127.0.0.1:${MODEL_PORT}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ACCENT_E2E_PORT: String(PORT), ACCENT_E2E_MODEL_PORT: String(MODEL_PORT) },
    },
    {
      name: 'mailbox',
      command: 'node e2e/support/smtp-sink.mjs',
      cwd: ROOT,
      url: `${MAILBOX_URL}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ACCENT_E2E_PORT: String(PORT), ACCENT_E2E_SMTP_PORT: String(SMTP_PORT) },
    },
    {
      name: 'identity provider',
      command: 'node e2e/support/oidc-provider.mjs',
      cwd: ROOT,
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ACCENT_E2E_PORT: String(PORT), ACCENT_E2E_OIDC_PORT: String(OIDC_PORT) },
    },
    {
      name: 'app server',
      command: 'node server/dist/main.js',
      cwd: ROOT,
      url: `http://127.0.0.1:${PORT}/api/v1/remotes`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
        LOGIN_ADDRESS_RATE_LIMIT: '1000',
        OPENAI_BASE_URL: `http://127.0.0.1:${MODEL_PORT}/v1`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // the identity provider above is on loopback and plain http: allowed for single sign-on here only
        SSO_ALLOW_HOSTS: '127.0.0.1',
        // Playwright passes its own environment on: blank (= unset for the server) any provider key found
        // there, so the keys are exactly what the tests store and Anthropic stays unconfigured.
        OPENAI_API_KEY: '',
        ANTHROPIC_API_KEY: '',
        GOOGLE_GENERATIVE_AI_API_KEY: '',
        AZURE_API_KEY: '',
        AZURE_RESOURCE_NAME: '',
        AZURE_BASE_URL: '',
        LOCAL_MODEL_BASE_URL: '',
      },
    },
  ],
});
