/**
 * The Sessions sidebar as issue 24 asks for it: short titles and the part badge, one tab
 * stop with arrow keys, day sections with relative dates, pins kept across a reload,
 * imported copies marked, a marker on a session still writing, and search results with
 * the match marked, a date and one excerpt per message. Each by mouse and by keyboard.
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  assistantMessages,
  chooseImportFile,
  exchange,
  handOff,
  readStoredData,
  send,
  sessionList,
  sessionTitles,
  settingsDialog,
  settingsSection,
  textReply,
  userMessages,
  waitIdle,
} from './helpers';

test.describe.configure({ timeout: 120_000 });

const DAY = 24 * 60 * 60 * 1000;

/** Stores sessions last used `daysAgo` days ago (one user message each) and reloads. */
async function seedDated(page: Page, sessions: Array<{ id: string; title: string; daysAgo: number }>) {
  await page.evaluate(
    async ({ seeds, day }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('baton');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(['sessions', 'entries'], 'readwrite');
      for (const seed of seeds) {
        const when = Date.now() - seed.daysAgo * day;
        tx.objectStore('entries').put({
          id: `${seed.id}-e`,
          parentId: null,
          sessionId: seed.id,
          timestamp: when,
          type: 'message',
          message: { role: 'user', content: [{ type: 'text', text: seed.title }] },
        });
        tx.objectStore('sessions').put({
          id: seed.id,
          title: seed.title,
          createdAt: when,
          updatedAt: when,
          model: 'claude-test',
          leafId: `${seed.id}-e`,
          children: [],
        });
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { seeds: sessions, day: DAY },
  );
  await page.reload();
  await expect(sessionTitles(page).filter({ hasText: sessions[0]?.title ?? '' })).toHaveCount(1);
}

/** The headings of the list's sections, in order. */
function sectionHeadings(page: Page) {
  return sessionList(page).getByRole('heading');
}

function row(page: Page, title: string) {
  return sessionList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });
}

async function newSession(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New session', exact: true }).first().click();
  await expect(userMessages(page)).toHaveCount(0);
}

test('a title is the first sentence without Markdown; a handoff part is a badge', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(
    page,
    '## Fix the **login** bug. It fails after the deploy and the logs say nothing useful about it at all.',
  );
  await expect(activeSessionTitle(page)).toHaveText('Fix the login bug.');

  await handOff(page, mockApi);
  const part = activeSessionTitle(page).locator('.part-badge');
  await expect(part).toHaveText('part 2');
  await expect(part).toBeVisible();
  // The stored title is read whole (the separator is there for screen readers and copying).
  await expect(activeSessionTitle(page)).toHaveText(/Ship the billing API · part 2$/);
});

/** Whether the stored header of the session `title` is pinned. */
async function storedPin(page: Page, title: string): Promise<boolean> {
  const { sessions } = await readStoredData(page);
  return sessions.find((session) => session.title === title)?.pinned === true;
}

test('sections by day with relative dates; pin and unpin by mouse, kept across a reload', async ({
  connected: page,
}) => {
  await seedDated(page, [
    { id: 'old', title: 'Old plans', daysAgo: 40 },
    { id: 'week', title: 'Last week work', daysAgo: 4 },
    { id: 'yday', title: 'Yesterday talk', daysAgo: 1 },
  ]);
  // The reload opened the newest seeded session; the fresh one is a new session.
  await newSession(page);
  await exchange(page, 'Fresh question');
  await expect(sectionHeadings(page)).toHaveText(['Today', 'Yesterday', 'Previous 7 days', 'Earlier']);
  await expect(row(page, 'Fresh question').locator('time')).toHaveText(/now|min ago/);
  await expect(row(page, 'Yesterday talk').locator('time')).toHaveText('Yesterday');

  const old = row(page, 'Old plans');
  await old.hover();
  await old.getByRole('button', { name: 'Pin Old plans', exact: true }).click();
  await expect(sectionHeadings(page)).toHaveText(['Pinned', 'Today', 'Yesterday', 'Previous 7 days']);
  await expect(sessionTitles(page).first()).toHaveText('Old plans');

  // Reloaded once the pin is stored (a reload reads what is stored, not what is drawn).
  await expect.poll(() => storedPin(page, 'Old plans')).toBe(true);
  await page.reload();
  await expect(sectionHeadings(page).first()).toHaveText('Pinned');
  await expect(sessionTitles(page).first()).toHaveText('Old plans');
  await row(page, 'Old plans').hover();
  await row(page, 'Old plans').getByRole('button', { name: 'Unpin Old plans', exact: true }).click();
  await expect(sectionHeadings(page)).toHaveText(['Today', 'Yesterday', 'Previous 7 days', 'Earlier']);
  await expect.poll(() => storedPin(page, 'Old plans')).toBe(false);
  await page.reload();
  await expect(sectionHeadings(page).first()).toHaveText('Today');
});

test('the list is one tab stop; arrows, Home and End move, Enter opens, → reaches Pin', async ({
  connected: page,
}) => {
  await exchange(page, 'First topic');
  await newSession(page);
  await exchange(page, 'Second topic');
  await newSession(page);
  await exchange(page, 'Third topic');

  await page.getByRole('searchbox', { name: 'Search sessions' }).focus();
  await page.keyboard.press('Tab');
  const open = (title: string) => sessionTitles(page).filter({ hasText: title });
  // The open session's row takes the tab stop.
  await expect(open('Third topic')).toBeFocused();
  await page.keyboard.press('Tab');
  // One Tab leaves the list: the other rows and their buttons are not tab stops.
  expect(await sessionList(page).evaluate((list) => list.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(open('Third topic')).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(open('Second topic')).toBeFocused();
  await page.keyboard.press('End');
  await expect(open('First topic')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(open('Third topic')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(userMessages(page)).toHaveText(['Second topic']);
  await expect(activeSessionTitle(page)).toHaveText('Second topic');

  // → walks the row's own buttons: Pin, Rename, Delete; Enter pins.
  await open('Second topic').focus();
  await page.keyboard.press('ArrowRight');
  const pin = row(page, 'Second topic').getByRole('button', { name: 'Pin Second topic', exact: true });
  await expect(pin).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'Second topic').getByRole('button', { name: 'Rename Second topic' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(sectionHeadings(page).first()).toHaveText('Pinned');
  await expect(sessionTitles(page).first()).toHaveText('Second topic');
  // The open session's next write keeps the pin, and so does a reload.
  await exchange(page, 'More on the second topic');
  await page.reload();
  await expect(sectionHeadings(page).first()).toHaveText('Pinned');
  await expect(sessionTitles(page).first()).toHaveText('Second topic');
});

test('an imported copy is marked as such', async ({ connected: page }, testInfo) => {
  await seedDated(page, [{ id: 'shared', title: 'Shared notes', daysAgo: 0 }]);
  await expect(row(page, 'Shared notes').getByText('Imported')).toHaveCount(0);
  const file = testInfo.outputPath('copy.jsonl');
  const header = {
    id: 'shared',
    title: 'Shared notes',
    createdAt: 1,
    updatedAt: 1,
    model: 'claude-test',
    leafId: 'x1',
    children: [],
  };
  const entry = {
    id: 'x1',
    parentId: null,
    sessionId: 'shared',
    timestamp: 1,
    type: 'message',
    message: { role: 'user', content: [{ type: 'text', text: 'Shared notes' }] },
  };
  await writeFile(
    file,
    [
      JSON.stringify({ type: 'session', version: 1, exportedBy: 'baton', entryCount: 1, header }),
      JSON.stringify(entry),
    ].join('\n'),
  );
  await settingsSection(page, 'Data');
  await chooseImportFile(page, file, 'Import without backup');
  await expect(settingsDialog(page).getByRole('status')).toContainText('Imported');
  await page.keyboard.press('Escape');
  const copies = sessionList(page).getByRole('listitem').filter({ hasText: 'Shared notes' });
  await expect(copies).toHaveCount(2);
  await expect(copies.filter({ hasText: 'Imported' })).toHaveCount(1);
});

test('a session still writing its reply is marked in the list until it finishes', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'The older session');
  await newSession(page);
  mockApi.script(textReply(`Slow answer ${'word '.repeat(60)}END`, { delayMsPerEvent: 150, chunkSize: 4 }));
  await send(page, 'A slow question');
  await expect(assistantMessages(page).first()).toContainText('Slow answer');
  const marker = row(page, 'A slow question').getByText('Reply in progress');
  await expect(marker).toHaveCount(1);
  // Switched away, the reply goes on in the background, and the row still says so.
  await sessionTitles(page).filter({ hasText: 'The older session' }).click();
  await expect(userMessages(page)).toHaveText(['The older session']);
  await expect(marker).toHaveCount(1);
  await expect(row(page, 'The older session').getByText('Reply in progress')).toHaveCount(0);
  await expect(marker).toHaveCount(0, { timeout: 60_000 });
});

test('search marks the match, dates each session and shows one excerpt per message', async ({
  connected: page,
}) => {
  await exchange(page, 'Invoices for the billing team');
  await exchange(page, 'Invoices for the billing team');
  await exchange(page, 'Something unrelated');
  const search = page.getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('invoices');
  const results = page.getByRole('region', { name: 'Search results' });
  const hits = results.locator('.session-search-hit');
  // The mock echoes each message: four messages say it, near-duplicates all of them.
  await expect(hits).toHaveCount(1);
  await expect(hits.first().locator('mark')).toHaveText(['Invoices']);
  await expect(results.locator('time')).toHaveText(/now|min ago/);
  // By keyboard: Tab from the box reaches the results, Enter opens the message.
  await newSession(page);
  await search.fill('invoices');
  await expect(hits).toHaveCount(1);
  await search.press('Enter');
  await expect(userMessages(page).first()).toHaveText('Invoices for the billing team');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the sidebar has no serious violations (${scheme} theme)`, async ({ connected: page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await seedDated(page, [
      { id: 'a', title: 'Yesterday talk', daysAgo: 1 },
      { id: 'b', title: 'Old plans', daysAgo: 40 },
    ]);
    await newSession(page);
    await exchange(page, 'Invoices for the billing team');
    await row(page, 'Old plans').hover();
    await row(page, 'Old plans').getByRole('button', { name: 'Pin Old plans' }).click();
    await expect(sectionHeadings(page).first()).toHaveText('Pinned');
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('invoices');
    await expect(page.locator('.session-search-hit mark').first()).toBeVisible();
    await waitIdle(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
