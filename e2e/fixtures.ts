/**
 * The Playwright `test` every spec imports: it adds `mockApi`, a fresh mock of the
 * Messages API per test, on its own free port, so parallel tests never share a script.
 */
import { test as base, expect } from '@playwright/test';
import { type MockApi, startMockApi } from './mock/mockApi';

export const test = base.extend<{ mockApi: MockApi }>({
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
});

export { expect };
