/**
 * Updates (issue 29): when a new version is deployed, every open tab says "A new version
 * of Baton is ready" with Reload; Baton never reloads by itself, and Reload waits while
 * a reload would lose something. Reload in one tab switches it to the new version; the
 * other tab keeps running the old one, its not-yet-loaded code included (the server no
 * longer has it), until its own Reload.
 */
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { composer, fillSettings, stalledReply, TEST_KEY, waitIdle } from './helpers';
import { buildNextVersion, builtFiles, NEXT_BUILD_ID } from './pwa/nextBuild';
import { BUILT_APP, cachedUrls, serveBuiltApp, waitForServiceWorker } from './pwa/serviceWorker';

test.use({ serviceWorkers: 'allow' });
// Two tabs, a second build and three reloads on a machine that may be busy.
test.describe.configure({ timeout: 180_000 });

let nextVersion = '';

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(180_000);
  nextVersion = buildNextVersion(testInfo.workerIndex);
});

function updateNotice(page: Page) {
  return page.getByRole('status').filter({ hasText: 'A new version of Baton is ready.' });
}

/** The build the page runs, once its service worker module has loaded (after an interaction). */
async function runningBuild(page: Page): Promise<string | null> {
  await composer(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-baton-build', /.+/);
  return page.locator('html').getAttribute('data-baton-build');
}

test('a new version is offered, applied by Reload only, and old tabs keep working until theirs', async ({
  page,
  context,
  mockApi,
}) => {
  // The old Settings code is not in the new build: the old tab will need the kept copy.
  const oldSettings = builtFiles(BUILT_APP).find((name) => /^SettingsDialog-.*\.js$/.test(name));
  expect(oldSettings).toBeDefined();
  expect(builtFiles(nextVersion)).not.toContain(oldSettings);

  const server = await serveBuiltApp();
  try {
    await page.goto(server.url);
    await fillSettings(page, { apiKey: TEST_KEY, baseURL: mockApi.url });
    await waitForServiceWorker(page);
    const oldBuild = await runningBuild(page);
    expect(oldBuild).not.toBe(NEXT_BUILD_ID);

    const other = await context.newPage();
    await other.goto(server.url);
    expect(await runningBuild(other)).toBe(oldBuild);
    await other.evaluate(() => {
      (window as { notReloaded?: boolean }).notReloaded = true;
    });

    // The deploy, then the check an open tab makes every hour (a navigation makes one too).
    server.serve(nextVersion);
    const deployedAt = server.requests.length;
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const notice = updateNotice(page);
    await expect(notice).toBeVisible();
    await expect(updateNotice(other)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Reload waits, saying why, while a reload would lose text typed or a reply on its way.
    const reload = notice.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeEnabled();
    await composer(page).fill('half a thought');
    await expect(notice).toContainText('Send or clear your message first: a reload empties the message box.');
    await expect(reload).toBeDisabled();
    mockApi.script(stalledReply('Working on it'));
    await composer(page).press('Enter');
    await expect(notice).toContainText('Reload once the reply has finished.');
    await expect(reload).toBeDisabled();
    await page.keyboard.press('Escape');
    await waitIdle(page);
    await expect(reload).toBeEnabled();
    expect(mockApi.requests).toHaveLength(1);

    await Promise.all([page.waitForEvent('load'), reload.click()]);
    expect(await runningBuild(page)).toBe(NEXT_BUILD_ID);
    await expect(updateNotice(page)).toHaveCount(0);

    // The other tab did not reload, still runs the old version, and can still load its code.
    expect(await other.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(other.locator('html')).toHaveAttribute('data-baton-build', oldBuild ?? '');
    await other.getByRole('button', { name: 'Settings' }).click();
    await expect(other.getByRole('dialog', { name: 'Settings' }).getByLabel('API key')).toBeVisible();
    await other.keyboard.press('Escape');
    // From the copy the worker kept: the server, on the new version, was never asked.
    expect(server.requests.slice(deployedAt).filter((path) => path.endsWith(oldSettings ?? ''))).toEqual([]);

    // Its own Reload brings it to the new version.
    const otherReload = updateNotice(other).getByRole('button', { name: 'Reload' });
    await Promise.all([other.waitForEvent('load'), otherReload.click()]);
    expect(await runningBuild(other)).toBe(NEXT_BUILD_ID);

    // With no tab left on the old version, its kept files go (at the next page load).
    await page.reload();
    await expect
      .poll(async () => Object.keys(await cachedUrls(page)).filter((name) => name === 'baton-older-files'))
      .toEqual([]);
  } finally {
    await server.close();
  }
});
