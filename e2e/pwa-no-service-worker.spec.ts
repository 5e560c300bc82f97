/**
 * Where service workers are unavailable (a private window, a browser policy), Baton works
 * as before, everything but starting offline (issue 29): no error, no notice, the chat
 * and the data as ever. Once with no Service Worker API at all, once with a registration
 * the browser refuses.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, composer, send, sessionTitles, waitIdle } from './helpers';
import { serveBuiltApp } from './pwa/serviceWorker';

// Playwright's own blocking would stub registration out; these tests do it as browsers do.
test.use({ serviceWorkers: 'allow' });

async function chatsAndKeepsItsData(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await send(page, 'Hello without a worker');
  await waitIdle(page);
  await expect(assistantMessages(page)).toContainText(['You wrote: “Hello without a worker”']);
  // The first interaction loaded the service worker code, which found no way to register.
  await expect(page.locator('html')).toHaveAttribute('data-baton-build', /.+/);
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
  await expect(page.getByText('A new version of Baton is ready.')).toHaveCount(0);
  await page.reload();
  await expect(sessionTitles(page)).toHaveText(['Hello without a worker']);
  await expect(composer(page)).toBeEnabled();
}

test('with no Service Worker API, Baton works as before', async ({ page }) => {
  await page.addInitScript(() => {
    // As in a browser without the API: `'serviceWorker' in navigator` is false.
    Reflect.deleteProperty(Navigator.prototype, 'serviceWorker');
  });
  const server = await serveBuiltApp();
  try {
    await chatsAndKeepsItsData(page, server.url);
    expect(await page.evaluate(() => 'serviceWorker' in navigator)).toBe(false);
    expect(await page.evaluate(() => caches.keys())).toEqual([]);
  } finally {
    await server.close();
  }
});

test('when the browser refuses to register the worker, Baton works as before', async ({ page }) => {
  await page.addInitScript(() => {
    const refused = { calls: 0 };
    (window as { refusedRegistrations?: typeof refused }).refusedRegistrations = refused;
    // What a policy or a private window answers.
    ServiceWorkerContainer.prototype.register = () => {
      refused.calls += 1;
      return Promise.reject(new DOMException('The operation is insecure.', 'SecurityError'));
    };
  });
  const server = await serveBuiltApp();
  try {
    await chatsAndKeepsItsData(page, server.url);
    await composer(page).click();
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as { refusedRegistrations?: { calls: number } }).refusedRegistrations?.calls,
        ),
      )
      .toBeGreaterThan(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  } finally {
    await server.close();
  }
});
