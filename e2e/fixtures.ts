/**
 * The Playwright `test` every spec imports. Besides Playwright's own fixtures it has:
 *
 * - `mockApi`: a fresh mock of the Messages API per test, on its own free port, so
 *   parallel tests never share a script.
 * - `pageErrors`, automatic: an uncaught exception in any page of the test's browser
 *   context fails the test once it ends. A crash can unmount the whole React tree while
 *   an assertion elsewhere still passes. `pageErrors.watch(context)` adds a browser
 *   context the test makes itself.
 * - `connected`: the page with the app open and pointed at the mock with the test key
 *   (`test.use({ connection: { model } })` sets more of the Settings).
 * - `testHooks`, automatic: every page of the test's context starts with
 *   `window.__batonTestHooks` set (to what a spec put there, or empty), so the app installs
 *   its write-fault decorator at start (src/state/app/testHooks.ts) and a spec can arm a
 *   fault at any later point. The app without the global (as users run it) never loads it.
 */
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { connect, type SettingsInput } from './helpers';
import { type MockApi, startMockApi } from './mock/mockApi';

export interface PageErrors {
  /** Records the uncaught exceptions of every page of `context`, open now or later. */
  watch(context: BrowserContext): void;
}

interface Fixtures {
  mockApi: MockApi;
  pageErrors: PageErrors;
  testHooks: undefined;
  connected: Page;
}

interface Options {
  /** Settings `connected` saves besides the key and the mock's URL. */
  connection: SettingsInput;
}

export const test = base.extend<Fixtures & Options>({
  connection: [{}, { option: true }],

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  mockApi: async ({}, use, testInfo) => {
    const mockApi = await startMockApi();
    try {
      await use(mockApi);
    } finally {
      if (testInfo.status !== testInfo.expectedStatus) {
        // What the app actually sent is the first thing to look at when a spec fails.
        await testInfo.attach('mock-api-requests.json', {
          body: JSON.stringify(mockApi.requests, null, 2),
          contentType: 'application/json',
        });
      }
      await mockApi.close();
    }
  },

  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const record = (page: Page) => page.on('pageerror', (error) => errors.push(error.message));
      const pageErrors: PageErrors = {
        watch(watched) {
          for (const page of watched.pages()) record(page);
          watched.on('page', record);
        },
      };
      pageErrors.watch(context);
      await use(pageErrors);
      expect(errors, 'uncaught exceptions in the page').toEqual([]);
    },
    { auto: true },
  ],

  testHooks: [
    async ({ context }, use) => {
      await context.addInitScript(() => {
        const hooked = window as Window & { __batonTestHooks?: object };
        hooked.__batonTestHooks ??= {};
      });
      await use(undefined);
    },
    { auto: true },
  ],

  connected: async ({ page, mockApi, connection }, use) => {
    await connect(page, mockApi, connection);
    await use(page);
  },
});

export { expect };
