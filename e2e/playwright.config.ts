import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The suite as `npm start` serves it: the built server on its own port and a throwaway data directory.
const PORT = Number(process.env.ACCENT_E2E_PORT ?? 3199);
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
  webServer: {
    command: 'node server/dist/main.js',
    cwd: ROOT,
    url: `http://127.0.0.1:${PORT}/api/v1/remotes`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR, LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000' },
  },
});
