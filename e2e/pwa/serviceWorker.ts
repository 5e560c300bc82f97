/**
 * What the service worker specs (e2e/pwa-*.spec.ts) share: the built app served under a
 * sub-path by a server of their own (appServer.ts), and waiting for the worker the way
 * the app installs it, after the first interaction.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { type AppServer, startAppServer } from './appServer';

/** The build the suite runs (e2e/run.mjs builds it first), as an absolute path. */
export const BUILT_APP = fileURLToPath(
  new URL(`../../${process.env.BATON_DIST || 'dist'}/`, import.meta.url),
);

/** Where the specs host the app: a sub-path, as a user might (relative URLs must hold). */
export const SUB_PATH = '/tools/baton/';

export function serveBuiltApp(dir = BUILT_APP): Promise<AppServer> {
  return startAppServer({ dir, prefix: SUB_PATH });
}

/**
 * Clicks the Message box (the first interaction registers the worker) and waits until
 * the worker is active and controls the page: every file of this version is then cached.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).click();
  await page.waitForFunction(
    // The active worker controls the page once activated (it claims the page as it activates).
    () => navigator.serviceWorker.controller?.state === 'activated',
    null,
    { polling: 100 },
  );
}

/** Every URL in the page's Cache Storage, by cache. */
export async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      all[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    }
    return all;
  });
}
