/**
 * "Install Baton" (issue 29): the sidebar's tools show it while the browser offers to
 * install the app, it opens the browser's own prompt, and it goes once the offer is used
 * or the app is installed. Chromium offers only in a window that is not off the record,
 * so this runs in a browser profile of its own, told not to wait for engagement first.
 * The offer can come before the UI's code has loaded; the test makes sure it does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures';
import { composer } from './helpers';
import { serveBuiltApp } from './pwa/serviceWorker';

test('Install Baton shows while the browser offers it, prompts, and goes once used or installed', async ({
  launchOptions,
  pageErrors,
}) => {
  const server = await serveBuiltApp();
  const profile = mkdtempSync(join(tmpdir(), 'baton-install-'));
  const browser = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    headless: true,
    args: [...(launchOptions.args ?? []), '--bypass-app-banner-engagement-checks'],
  });
  pageErrors.watch(browser);
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.addInitScript(() => {
      const seen = { offers: 0 };
      (window as { installOffers?: typeof seen }).installOffers = seen;
      window.addEventListener('beforeinstallprompt', () => {
        seen.offers += 1;
      });
    });
    // The UI's code (the main chunk) is held back until the browser has made its offer, as
    // on a slow connection or machine: the offer must be caught by the entry all the same.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const uiChunk = /\/assets\/main-[^/]*\.js$/;
    await page.route(uiChunk, async (route) => {
      await released;
      await route.continue();
    });
    const offers = () =>
      page.evaluate(() => (window as { installOffers?: { offers: number } }).installOffers?.offers);
    await page.goto(server.url);
    await expect.poll(offers).toBe(1);
    await expect(composer(page)).toBeHidden();
    release();
    await expect(composer(page)).toBeVisible();
    const install = page.getByRole('complementary', { name: 'Sessions sidebar' }).getByRole('button', {
      name: 'Install Baton',
    });
    await expect(install).toBeVisible();
    expect(await offers()).toBe(1);
    // Once the app is installed (from the browser's own menu, say), no longer.
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(install).toBeHidden();

    // Offered again on the next load (it was not installed); the browser's prompt can be
    // shown once, so the button goes once clicked.
    await page.reload();
    await expect(install).toBeVisible();
    await install.click();
    await expect(install).toBeHidden();
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
    await server.close();
  }
});
