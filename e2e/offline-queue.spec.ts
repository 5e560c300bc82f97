/**
 * The offline send queue (issue 29): a message sent to the real API while the browser is
 * offline (the browser context's offline mode) is held among the queued messages, with
 * its state said; it survives a reload (the page then comes from the service worker),
 * one held message can be cancelled (its text comes back to the box), and once the
 * browser is back online the mock API gets the held one exactly once.
 */
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { assistantMessages, composer, connect, exchange, send, userMessages, waitIdle } from './helpers';
import { lastUserText } from './mock/mockApi';
import { waitForServiceWorker } from './pwa/serviceWorker';

test.use({ serviceWorkers: 'allow' });
// axe runs four times, on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const HELD = 'Offline: will send when you are back online';

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

  await context.setOffline(true);
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
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(queuedChips(page)).toHaveText([`${HELD} · Held in the tunnel×`]);
  await expect(userMessages(page)).toHaveText(['Before the tunnel']);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page)).toEqual([]);
  }
  expect(mockApi.requests).toHaveLength(1);

  await context.setOffline(false);
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
