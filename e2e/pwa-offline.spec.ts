/**
 * Offline start (issue 29): after one visit, with the network gone, Baton starts from its
 * service worker, lists and opens sessions, searches them, runs the demo model, opens a
 * dialog whose code it had not loaded yet, and exports; the page served from the cache
 * keeps its Content-Security-Policy. The app is hosted under a sub-path, as a user might.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { assistantMessages, composer, send, sessionTitles, userMessages, waitIdle } from './helpers';
import { SUB_PATH, serveBuiltApp, waitForServiceWorker } from './pwa/serviceWorker';

test.use({ serviceWorkers: 'allow' });

test.describe.configure({ timeout: 180_000 });

test('after one visit Baton starts and works with no network, from under a sub-path', async ({
  page,
  context,
}) => {
  const server = await serveBuiltApp();
  try {
    await page.goto(server.url);
    await send(page, 'Notes on the walrus migration');
    await waitIdle(page);
    await expect(sessionTitles(page)).toHaveText(['Notes on the walrus migration']);
    // The status line says Ready a moment before the session lets go of the finished turn
    // (New session then says a reply is still being written): click again until it opens.
    await expect(async () => {
      await page.getByRole('button', { name: 'New session', exact: true }).first().click();
      await expect(userMessages(page)).toHaveCount(0, { timeout: 1000 });
    }).toPass();
    await send(page, 'Second thoughts about penguins');
    await waitIdle(page);
    await expect(sessionTitles(page)).toHaveText([
      'Second thoughts about penguins',
      'Notes on the walrus migration',
    ]);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    const served = server.requests.length;
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(composer(page)).toBeEnabled();
    await expect(sessionTitles(page)).toHaveText([
      'Second thoughts about penguins',
      'Notes on the walrus migration',
    ]);
    // Served from the cache, the page still runs only its own scripts: an inline one is refused.
    const inlineRan = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
      return (window as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(inlineRan).toBe(false);

    // Opens the other session.
    await sessionTitles(page).filter({ hasText: 'Notes on the walrus migration' }).click();
    await expect(userMessages(page)).toHaveText(['Notes on the walrus migration']);

    // Searches (the search worker's code comes from the cache too).
    const search = page.getByRole('searchbox', { name: 'Search sessions' });
    await search.fill('penguins');
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByRole('button', { name: /penguins/ }).first()).toBeVisible();
    await search.fill('');

    // The demo model answers.
    await send(page, 'Still there without a network?');
    await waitIdle(page);
    await expect(assistantMessages(page).last()).toContainText('You wrote: “Still there without a network?”');

    // A dialog whose code was not loaded before going offline.
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings.getByLabel('API key')).toBeVisible();
    await settings.getByRole('button', { name: 'Cancel' }).click();

    // Exports.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Export' })
      .getByRole('button', { name: 'Session as Markdown' })
      .click();
    const markdown = await readFile(await (await download).path(), 'utf8');
    expect(markdown).toContain('Still there without a network?');

    // None of the app's page and files came from the server. (The browser's own check for
    // a new version of the worker, sw.js, is not subject to the test's offline mode.)
    const fromServer = server.requests.slice(served).filter((path) => path !== `${SUB_PATH}sw.js`);
    expect(fromServer).toEqual([]);
  } finally {
    await server.close();
  }
});
