/**
 * The offline send queue (issue 29): a message sent to the real API while the browser is
 * offline (the browser context's offline mode) is held among the queued messages, with
 * its state said; it survives a reload (the page then comes from the service worker),
 * one held message can be cancelled (its text comes back to the box), and once the
 * browser is back online the mock API gets the held one exactly once, in the session it
 * was held for, on screen or not.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import {
  assistantMessages,
  composer,
  connect,
  exchange,
  send,
  sessionList,
  sessionTitles,
  textReply,
  userMessages,
  waitIdle,
} from './helpers';
import { lastUserText } from './mock/mockApi';
import { waitForServiceWorker } from './pwa/serviceWorker';

test.use({ serviceWorkers: 'allow' });
// axe runs four times, on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const HELD = 'Offline: will send when you are back online';

/**
 * The browser context goes offline, and the page knows it (navigator.onLine) before the
 * test goes on: the emulation reaches the page a moment after setOffline resolves, and a
 * message sent before that is sent (and fails), as it would be in a browser that has not
 * noticed yet.
 */
async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

const STILL_OFFLINE = 'e2e.stillOffline';

/**
 * Reloads the page while the context is offline. Chromium 150 (Debian 12's) loses the
 * offline emulation's navigator.onLine in a document the service worker serves: the
 * network stays cut, but the page reads onLine true and has no reason to hold anything.
 * So across this reload the page is told what the browser would say, by a flag in the
 * tab's sessionStorage that an init script reads; backOnline takes it away again.
 */
async function reloadOffline(page: Page) {
  await page.addInitScript((flag) => {
    if (sessionStorage.getItem(flag) !== '1') return;
    const native = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get(this: Navigator) {
        return sessionStorage.getItem(flag) === '1' ? false : native?.get?.call(this);
      },
    });
  }, STILL_OFFLINE);
  await page.evaluate((flag) => sessionStorage.setItem(flag, '1'), STILL_OFFLINE);
  return page.reload();
}

/** The network is back, and the page hears of it (its 'online' event), whichever way it knew it was offline. */
async function backOnline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await page.evaluate((flag) => {
    if (sessionStorage.getItem(flag) !== '1') return;
    sessionStorage.removeItem(flag);
    window.dispatchEvent(new Event('online'));
  }, STILL_OFFLINE);
}

function queuedChips(page: Page) {
  return page.getByRole('list', { name: 'Queued messages' }).getByRole('listitem');
}

test('a message sent offline is held across a reload, can be cancelled, and reaches the API once back online', async ({
  page,
  context,
  mockApi,
}) => {
  await connect(page, mockApi);
  await exchange(page, 'Before the tunnel');
  // Installed: the page can be reloaded with no network.
  await waitForServiceWorker(page);
  expect(mockApi.requests).toHaveLength(1);

  await goOffline(page, context);
  await send(page, 'Held in the tunnel');
  await expect(queuedChips(page)).toHaveText([`${HELD} · Held in the tunnel×`]);
  await expect(composer(page)).toHaveValue('');
  // Not a failed message in the transcript: it is not sent yet.
  await expect(userMessages(page)).toHaveText(['Before the tunnel']);

  // A second one, cancelled: not sent, and its text back in the box.
  await send(page, 'Never mind this one');
  await expect(queuedChips(page)).toHaveCount(2);
  await queuedChips(page).getByRole('button', { name: 'Cancel sending: Never mind this one' }).click();
  await expect(queuedChips(page)).toHaveText([`${HELD} · Held in the tunnel×`]);
  await expect(composer(page)).toHaveValue('Never mind this one');
  await composer(page).fill('');

  // Reloaded while still offline: the held message is still there, still held.
  const response = await reloadOffline(page);
  expect(response?.fromServiceWorker()).toBe(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await expect(queuedChips(page)).toHaveText([`${HELD} · Held in the tunnel×`]);
  await expect(userMessages(page)).toHaveText(['Before the tunnel']);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page)).toEqual([]);
  }
  expect(mockApi.requests).toHaveLength(1);

  await backOnline(page, context);
  await expect(assistantMessages(page)).toHaveText([
    'Mock reply to: Before the tunnel',
    'Mock reply to: Held in the tunnel',
  ]);
  await waitIdle(page);
  await expect(queuedChips(page)).toHaveCount(0);
  // Sent once: not again after another reload with the network up.
  await page.reload();
  await expect(userMessages(page)).toHaveText(['Before the tunnel', 'Held in the tunnel']);
  await waitIdle(page);
  expect(mockApi.requests.map((request) => lastUserText(request.body))).toEqual([
    'Before the tunnel',
    'Held in the tunnel',
  ]);
  expect(JSON.stringify(mockApi.requests)).not.toContain('Never mind this one');
});

test('a message held in a session the user has left is sent there, off screen, once back online', async ({
  page,
  context,
  mockApi,
}) => {
  await connect(page, mockApi);
  await exchange(page, 'The first topic');
  // Installed, so the parts loaded on first use (the queued messages' chips) load offline too.
  await waitForServiceWorker(page);
  await goOffline(page, context);
  await send(page, 'Held for the first');
  await expect(queuedChips(page)).toHaveText([`${HELD} · Held for the first×`]);
  await page.getByRole('button', { name: 'New session', exact: true }).first().click();
  await expect(userMessages(page)).toHaveCount(0);
  await expect(queuedChips(page)).toHaveCount(0);
  await composer(page).fill('Typing here meanwhile');

  mockApi.script(
    textReply(`Answered off screen ${'word '.repeat(40)}END`, { delayMsPerEvent: 100, chunkSize: 4 }),
  );
  await context.setOffline(false);
  // The session left writes its reply in the background; its row says so until it is done.
  const firstRow = sessionList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'The first topic', exact: true }) });
  await expect(firstRow.getByText('Reply in progress')).toHaveCount(1);
  await expect(firstRow.getByText('Reply in progress')).toHaveCount(0, { timeout: 60_000 });
  // The user stayed where they were, with what they were typing.
  await expect(userMessages(page)).toHaveCount(0);
  await expect(composer(page)).toHaveValue('Typing here meanwhile');
  expect(mockApi.requests.map((request) => lastUserText(request.body))).toEqual([
    'The first topic',
    'Held for the first',
  ]);

  await sessionTitles(page).filter({ hasText: 'The first topic' }).click();
  await expect(userMessages(page)).toHaveText(['The first topic', 'Held for the first']);
  await expect(assistantMessages(page).last()).toContainText('END');
  await waitIdle(page);
  expect(mockApi.requests).toHaveLength(2);
});
