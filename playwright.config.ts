/**
 * End-to-end tests run the built app (`vite preview`) in Chromium against the local mock
 * of the Messages API (e2e/mock). Run them with `npm run test:e2e` (e2e/run.mjs), which
 * builds first and finds a Chromium, or installs Playwright's own.
 */
import { defineConfig } from '@playwright/test';
import { findChromium } from './e2e/findChromium.mjs';

// Overridable so two checkouts can run their suites side by side.
const PORT = Number(process.env.BATON_E2E_PORT) || 4173;
const APP_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  // e2e/mock/*.test.ts are vitest unit tests; Playwright owns only the specs.
  testMatch: '**/*.spec.ts',
  workers: 2,
  fullyParallel: true,
  // A flaky e2e test is a bug to fix, not to hide.
  retries: 0,
  // Generous limits for slow or busy machines: they only decide how long a failing
  // check waits before it is reported, never whether a passing one passes.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: `test-results/artifacts-${PORT}`,
  use: {
    baseURL: APP_URL,
    browserName: 'chromium',
    // On CI the results are thrown away with the machine, and the recorder snapshots the
    // whole DOM at every action: work that slows a loaded two-core machine for nothing.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app registers its service worker after the first interaction. Each test's fresh
    // context would install it (precaching every file of the app) for nothing, and
    // requests a worker controls pass Playwright's routing by; so the suite runs as in a
    // browser without service workers (which must work), and the specs about the worker
    // (e2e/pwa-*.spec.ts) allow it.
    serviceWorkers: 'block',
    launchOptions: {
      // BATON_CHROMIUM, else a system Chromium (Debian's on CI), else none: Playwright's own.
      executablePath: findChromium(process.env).path,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort --host 127.0.0.1 --outDir ${process.env.BATON_DIST || 'dist'}`,
    url: APP_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
