import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The journeys run against the real binary (built by `make build`) with a
// fresh SQLite database per run, in Debian's Chromium.
const PORT = Number(process.env.ZABANO_E2E_PORT ?? 18090);
const BIN = process.env.ZABANO_BIN ?? '../bin/zabano';
// Workers inherit the environment, so the directory is made once per run.
process.env.ZABANO_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'zabano-e2e-'));
// A second server reviews new teachers before they are listed (issue 14), for
// the operator's journeys (e2e/admin-fixtures.ts); the first lists them at once,
// as the journeys of earlier features expect.
const REVIEW_PORT = Number(process.env.ZABANO_E2E_REVIEW_PORT ?? PORT + 1);
process.env.ZABANO_E2E_REVIEW_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'zabano-e2e-review-'));
process.env.ZABANO_E2E_REVIEW_URL = `http://127.0.0.1:${REVIEW_PORT}`;

/** server is one `zabano serve` of the run, on port with its own data. */
function server(port: number, dataDir: string | undefined, teacherReview: 'on' | 'off') {
  return {
    command: `${BIN} serve`,
    url: `http://127.0.0.1:${port}/healthz`,
    env: {
      ZABANO_ADDR: `127.0.0.1:${port}`,
      ZABANO_ENV: 'dev',
      ZABANO_DATA_DIR: dataDir ?? '',
      // A folder to serve the app from instead of the binary's built-in copy,
      // so that several people can test their own builds side by side.
      ZABANO_WEB_DIR: process.env.ZABANO_WEB_DIR ?? '',
      // The server's clock starts at this process's time, which a faked date
      // (faketime) moves along with the browser's: the suite can be run on any
      // day and hour, server included.
      ZABANO_DEV_NOW: new Date().toISOString(),
      // Every test comes from 127.0.0.1: lift the per-address code limit (the
      // per-phone limit of 3 stays and is respected by unique phones).
      ZABANO_CODES_PER_IP: '10000',
      // No metrics listener: its fixed port would clash between parallel runs.
      ZABANO_METRICS_ADDR: 'off',
      ZABANO_TEACHER_REVIEW: teacherReview,
    },
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI machines may be slow and busy: more time there; a missing element
  // still fails, only later.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The journeys test the app, not its service worker, which would answer
    // their second visits from its cache, past page.route; the worker's own
    // journeys allow it (e2e/installable.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'e2e', testIgnore: /screenshots\.spec\.ts$/ },
    { name: 'screenshots', testMatch: /screenshots\.spec\.ts$/ },
  ],
  webServer: [
    server(PORT, process.env.ZABANO_E2E_DATA_DIR, 'off'),
    server(REVIEW_PORT, process.env.ZABANO_E2E_REVIEW_DATA_DIR, 'on'),
  ],
});
