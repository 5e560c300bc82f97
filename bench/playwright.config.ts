/**
 * Playwright for `npm run bench` only (bench/run.mjs runs it): one worker, no retries,
 * the same Chromium and launch arguments as the end-to-end tests (playwright.config.ts,
 * BATON_CHROMIUM to override). The measurements run in persistent, disk-backed profiles
 * that bench/lib/fixtures.ts launches itself, with these same `launchOptions` (read
 * through Playwright's `launchOptions` fixture). No webServer: the bench serves the app
 * itself (bench/lib/server.ts).
 */
import { defineConfig } from '@playwright/test';
import e2e from '../playwright.config';

export default defineConfig({
  testDir: '.',
  testMatch: [
    'bench.spec.ts',
    'hostile.spec.ts',
    'cacheShare.spec.ts',
    'recall.spec.ts',
    'interaction.spec.ts',
    'warmStart.spec.ts',
    'workspace.spec.ts',
    'mcp.spec.ts',
    'sync.spec.ts',
  ],
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // Each test sets its own limit (quick or full); this only covers the fixtures.
  timeout: 60 * 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '.dist/test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'off',
    screenshot: 'off',
    launchOptions: e2e.use?.launchOptions ?? {},
  },
});
