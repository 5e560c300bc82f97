/**
 * Storage faults: failed writes are shown, kept and retried, and nothing unsaved passes
 * for saved; persistent storage is asked for at the first real use and usage is shown in
 * Settings; a damaged record costs only itself, with a notice naming its session.
 * (Schema upgrades: src/storage/schemaFixtures.test.ts.)
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  alertNotice,
  assistantMessages,
  composer,
  connect,
  exchange,
  openApp,
  readStoredData,
  seedSession,
  sessionTitles,
  settingsDialog,
  settingsSection,
  statusNotice,
  storedText,
  userMessages,
} from './helpers';

type HookWindow = Window & {
  __batonTestHooks?: { failWrites?: number; abortWritesMidway?: number };
  __persistCalls?: number;
};

async function storedTexts(page: Page): Promise<string[]> {
  return (await readStoredData(page)).entries.map(storedText);
}

test('a failed write is shown, kept in memory, retried, and not passed off as saved', async ({
  connected: page,
}) => {
  // Every write fails the way a full disk does, until the test lets them through.
  await page.evaluate(() => {
    (window as HookWindow).__batonTestHooks = { failWrites: 1_000_000 };
  });

  await exchange(page, 'Keep me safe');
  // In words, with what to do: never the DOMException's name, never an empty reason (issue 27, finding 6).
  await expect(
    alertNotice(
      page,
      "Could not save your changes: this browser's storage for Baton is full. They are kept in this tab and saving is retried. Free space on this device, or delete sessions you no longer need (Settings shows how much is used).",
    ),
  ).toBeVisible();
  await expect(page.getByText('Not saved: storage is full. Retrying…', { exact: true })).toBeVisible();
  // Shown from memory, and not stored: nothing claims otherwise.
  await expect(userMessages(page)).toHaveText(['Keep me safe']);
  await expect(assistantMessages(page)).toHaveText(['Mock reply to: Keep me safe']);
  expect(await storedTexts(page)).not.toContain('Keep me safe');
  // Retries do not pile up alerts.
  await expect
    .poll(() => page.evaluate(() => (window as HookWindow).__batonTestHooks?.failWrites ?? 0))
    .toBeLessThan(1_000_000 - 2);
  await expect(page.getByRole('alert').getByText(/^Could not save your changes/)).toHaveCount(1);
  expect(await storedTexts(page)).not.toContain('Keep me safe');

  // The disk has room again: the next retry lands everything.
  await page.evaluate(() => {
    const hooks = (window as HookWindow).__batonTestHooks;
    if (hooks) hooks.failWrites = 0;
  });
  await expect.poll(() => storedTexts(page), { timeout: 15_000 }).toContain('Keep me safe');
  expect(await storedTexts(page)).toContain('Mock reply to: Keep me safe');
  await expect(statusNotice(page, 'Your changes are saved now.')).toBeVisible();
  await expect(page.getByRole('alert').getByText(/^Could not save your changes/)).toHaveCount(0);
  await expect(page.getByText(/^Not saved: /)).toHaveCount(0);

  await page.reload();
  await expect(userMessages(page)).toHaveText(['Keep me safe']);
  await expect(assistantMessages(page)).toHaveText(['Mock reply to: Keep me safe']);
});

test('while writes fail, each message not stored is marked, leaving the page asks first, and the marks go once stored', async ({
  connected: page,
}) => {
  await page.evaluate(() => {
    (window as HookWindow).__batonTestHooks = { failWrites: 1_000_000 };
  });
  await exchange(page, 'First, while the disk is full');
  await expect(page.getByText(/^Not saved: .*Retrying…$/)).toBeVisible();
  // The message sent meanwhile is kept and marked at once, like the rest.
  await exchange(page, 'Second, sent meanwhile');
  const marks = page.locator('.unsaved-note');
  await expect(marks).toHaveCount(4);
  await expect(marks.first()).toHaveText('Not saved yet: kept in this tab, saving is retried.');

  // Closing (or reloading) the tab asks first; staying keeps everything.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);
  await expect(userMessages(page)).toHaveText(['First, while the disk is full', 'Second, sent meanwhile']);

  await page.evaluate(() => {
    const hooks = (window as HookWindow).__batonTestHooks;
    if (hooks) hooks.failWrites = 0;
  });
  await expect(marks).toHaveCount(0, { timeout: 15_000 });
  expect(await storedTexts(page)).toContain('Second, sent meanwhile');
  // Saved: leaving no longer asks.
  page.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(asked).toEqual(['beforeunload']);
});

test('a write the browser cuts off is said in words, with the reason in the save status (issue 27, finding 6)', async ({
  connected: page,
}) => {
  // Every write puts its records and is then aborted, as a browser's AbortError does.
  await page.evaluate(() => {
    (window as HookWindow).__batonTestHooks = { abortWritesMidway: 1_000_000 };
  });
  await exchange(page, 'Cut me off');
  await expect(
    alertNotice(
      page,
      'Could not save your changes: the browser stopped the write before it finished. They are kept in this tab and saving is retried.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Not saved: the write was cut off. Retrying…', { exact: true })).toBeVisible();
  await expect(page.getByText(/AbortError|Not saved: \./)).toHaveCount(0);

  await page.evaluate(() => {
    const hooks = (window as HookWindow).__batonTestHooks;
    if (hooks) hooks.abortWritesMidway = 0;
  });
  await expect.poll(() => storedTexts(page), { timeout: 15_000 }).toContain('Cut me off');
  await expect(page.getByText(/^Not saved: /)).toHaveCount(0);
});

test('persistent storage is asked for after the first save; Settings shows usage and quota', async ({
  page,
  mockApi,
}) => {
  await page.addInitScript(() => {
    const manager = StorageManager.prototype;
    const persist = manager.persist;
    manager.persist = function countedPersist(this: StorageManager) {
      const w = window as HookWindow; // The page's window with the test's counter.
      w.__persistCalls = (w.__persistCalls ?? 0) + 1;
      return persist.call(this);
    };
  });
  await connect(page, mockApi);
  // Opening the app and saving settings is not yet a use worth keeping.
  expect(await page.evaluate(() => (window as HookWindow).__persistCalls ?? 0)).toBe(0);

  await exchange(page, 'First real use');
  await expect.poll(() => page.evaluate(() => (window as HookWindow).__persistCalls ?? 0)).toBe(1);
  await exchange(page, 'Second message');
  expect(await page.evaluate(() => (window as HookWindow).__persistCalls ?? 0)).toBe(1);

  const { quota, persisted } = await page.evaluate(async () => ({
    quota: (await navigator.storage.estimate()).quota ?? 0,
    persisted: await navigator.storage.persisted(),
  }));
  await settingsSection(page, 'Storage');
  const dialog = settingsDialog(page);
  await expect(dialog.getByTestId('storage-usage')).toHaveText(
    new RegExp(`^Storage: \\d+\\.\\d MB used of ${(quota / 1_000_000).toFixed(1).replace('.', '\\.')} MB$`),
  );
  await expect(dialog.getByTestId('storage-persisted')).toHaveText(
    persisted ? 'Persistent storage: yes' : /^Persistent storage: no/,
  );
});

test('a damaged record is skipped with a notice naming its session; everything else loads', async ({
  page,
}) => {
  await openApp(page);
  await seedSession(page, {
    id: 'good',
    title: 'Good session',
    messages: [
      { role: 'user', text: 'Good question' },
      { role: 'assistant', text: 'Good answer' },
    ],
  });
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('baton');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction(['sessions', 'entries', 'settings'], 'readwrite');
    const now = Date.now() + 10_000;
    const entries = tx.objectStore('entries');
    entries.put({
      id: 'hurt-1',
      parentId: null,
      sessionId: 'hurt',
      timestamp: now,
      type: 'message',
      message: { role: 'user', content: [{ type: 'text', text: 'Still readable' }] },
    });
    // Damaged: the message is not a message.
    entries.put({
      id: 'broken-1',
      parentId: 'hurt-1',
      sessionId: 'hurt',
      timestamp: now + 1,
      type: 'message',
      message: 'garbage',
    });
    tx.objectStore('sessions').put({
      id: 'hurt',
      title: 'Hurt session',
      createdAt: now,
      updatedAt: now,
      model: 'claude-test',
      leafId: 'hurt-1',
      children: [],
    });
    tx.objectStore('settings').put('hurt', 'activeSessionId');
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });

  await page.reload();
  await expect(composer(page)).toBeVisible();
  await expect(
    alertNotice(page, 'Session hurt ("Hurt session"): skipped entry broken-1: its message is damaged.'),
  ).toBeVisible();
  await expect(userMessages(page)).toHaveText(['Still readable']);
  await expect(sessionTitles(page)).toHaveText(['Hurt session', 'Good session']);
  await sessionTitles(page).filter({ hasText: 'Good session' }).click();
  await expect(userMessages(page)).toHaveText(['Good question']);
  await expect(assistantMessages(page)).toHaveText(['Good answer']);
});
