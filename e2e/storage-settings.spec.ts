/**
 * Settings → Storage (issue 29): the largest sessions with their sizes, attached files
 * counted, each to open or delete; Keep my data, asked from the click, saying what the
 * browser answered; a banner past 80% of the quota (Chromium's own quota override, over
 * CDP: nothing in the app can be told a false quota); a full backup one click away with
 * its date; and the quiet reminder after 7 days of use without one. Axe in both themes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import {
  assistantMessages,
  composer,
  exchange,
  sessionTitles,
  settingsDialog,
  settingsSection,
  userMessages,
  waitIdle,
} from './helpers';
import { serveBuiltApp } from './pwa/serviceWorker';

// axe runs several times per test, on a loaded machine.
test.describe.configure({ timeout: 180_000 });

async function noSeriousViolations(page: Page): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

async function newSession(page: Page): Promise<void> {
  // The status line says Ready a moment before the session lets go of the finished turn: click until it opens.
  await expect(async () => {
    await page.getByRole('button', { name: 'New session', exact: true }).first().click();
    await expect(userMessages(page)).toHaveCount(0, { timeout: 1000 });
  }).toPass();
}

function largest(page: Page) {
  return settingsDialog(page).getByRole('list', { name: 'Largest sessions' }).getByRole('listitem');
}

test('the largest sessions, files counted, open or delete from Storage; Keep my data says what the browser answered', async ({
  connected: page,
}) => {
  await exchange(page, 'A short chat');
  await newSession(page);
  await page.getByTestId('attach-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('walrus notes, '.repeat(10_000)),
  });
  await composer(page).fill('Read my notes');
  await composer(page).press('Enter');
  // Its reply first: "Ready" alone can still be the state from before the send.
  await expect(assistantMessages(page)).toHaveCount(1);
  await waitIdle(page);
  await newSession(page);
  await exchange(page, 'Another short one');

  await settingsSection(page, 'Storage');
  await expect(largest(page)).toHaveCount(3);
  // The one with the 140,000-byte file first, its file's part said.
  await expect(largest(page).first()).toContainText('Read my notes');
  await expect(largest(page).first()).toContainText(/, files 137 KB/);
  await noSeriousViolations(page);

  // Keep my data: asked from this click; the browser (headless, no engagement) says no.
  const dialog = settingsDialog(page);
  expect(await page.evaluate(() => navigator.storage.persisted())).toBe(false);
  await expect(dialog.getByTestId('storage-persisted')).toHaveText(/^Persistent storage: no/);
  await dialog.getByRole('button', { name: 'Keep my data' }).click();
  await expect(dialog.getByText(/^The browser said no\./)).toBeVisible();
  // Open: Settings closes on that session.
  await largest(page).getByRole('button', { name: 'Open “A short chat”' }).click();
  await expect(dialog).toBeHidden();
  await expect(userMessages(page)).toHaveText(['A short chat']);

  // Delete, after a confirmation: gone from the list and from the sessions.
  await settingsSection(page, 'Storage');
  await largest(page).getByRole('button', { name: 'Delete “Another short one”' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete session?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(largest(page)).toHaveCount(2);
  await expect(largest(page).filter({ hasText: 'Another short one' })).toHaveCount(0);
  await expect(sessionTitles(page).filter({ hasText: 'Another short one' })).toHaveCount(0);
});

test('past 80% of the quota, Storage shows a banner', async ({ connected: page }) => {
  await exchange(page, 'Something stored');
  await settingsSection(page, 'Storage');
  const dialog = settingsDialog(page);
  await expect(dialog.getByTestId('storage-usage')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The browser reports a quota just above what is used (90% full), as a nearly full disk
  // makes it: the test changes the browser's answer, the app is as shipped. (Chromium's
  // CDP quota override does not reach navigator.storage.estimate() here.)
  await page.addInitScript(() => {
    const manager = StorageManager.prototype;
    const estimate = manager.estimate;
    manager.estimate = async function nearlyFullEstimate(this: StorageManager) {
      const real = await estimate.call(this);
      const usage = real.usage ?? 0;
      return { ...real, usage, quota: Math.ceil(usage / 0.9) };
    };
  });
  await page.reload();
  await settingsSection(page, 'Storage');
  await expect(dialog.getByRole('alert')).toContainText(
    /^Storage is nearly full: Baton uses (8\d|9\d)% of what this browser allows it\./,
  );
  await noSeriousViolations(page);
});

test('Keep my data asks the browser again and says its answer, in a profile where it can agree', async ({
  launchOptions,
  pageErrors,
}) => {
  // Chromium grants persistence only in a profile on disk (not the suite's off-the-record one).
  const server = await serveBuiltApp();
  const profile = mkdtempSync(join(tmpdir(), 'baton-persist-'));
  const browser = await chromium.launchPersistentContext(profile, { ...launchOptions, headless: true });
  pageErrors.watch(browser);
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(server.url);
    await expect(composer(page)).toBeVisible();
    await settingsSection(page, 'Storage');
    const dialog = settingsDialog(page);
    await expect(dialog.getByTestId('storage-persisted')).toHaveText(/^Persistent storage: no/);
    await dialog.getByRole('button', { name: 'Keep my data' }).click();
    await expect(dialog.getByText(/^The browser said no\./)).toBeVisible();
    await expect(dialog.getByTestId('storage-persisted')).toHaveText(/^Persistent storage: no/);

    // The browser would now agree (its permission granted, as a user's browser may decide): asked again, it does.
    const cdp = await browser.newCDPSession(page);
    await cdp.send('Browser.grantPermissions', {
      origin: new URL(server.url).origin,
      permissions: ['durableStorage'],
    });
    await dialog.getByRole('button', { name: 'Keep my data' }).click();
    await expect(
      dialog.getByText('The browser agreed: it will keep Baton’s data even when space runs low.'),
    ).toBeVisible();
    await expect(dialog.getByTestId('storage-persisted')).toHaveText('Persistent storage: yes');
    await expect(dialog.getByRole('button', { name: 'Keep my data' })).toHaveCount(0);
  } finally {
    await browser.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a full backup from Storage with its date; the quiet reminder after 7 days of use without one', async ({
  connected: page,
}) => {
  await exchange(page, 'Worth keeping');
  // Seven earlier days of use on this device, no backup yet.
  await page.evaluate(() => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const days = Array.from({ length: 7 }, (_, i) => {
      const d = new Date(Date.now() - (8 - i) * 24 * 60 * 60 * 1000);
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    });
    localStorage.setItem('baton.backupMarks', JSON.stringify({ daysOfUse: days }));
  });
  await page.reload();
  const reminder = page.getByRole('complementary', { name: 'Backup reminder' });
  await expect(reminder).toContainText('you have not made a backup in a while');
  await noSeriousViolations(page);

  const fromReminder = page.waitForEvent('download');
  await reminder.getByRole('button', { name: 'Download backup' }).click();
  expect((await fromReminder).suggestedFilename()).toMatch(/\.jsonl$/);
  await expect(reminder).toHaveCount(0);

  const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  await settingsSection(page, 'Storage');
  const dialog = settingsDialog(page);
  await expect(dialog.getByTestId('last-backup')).toHaveText(`Last backup: ${today}.`);
  const fromStorage = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download backup' }).click();
  expect((await fromStorage).suggestedFilename()).toMatch(/\.jsonl$/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Backed up: no reminder after a reload.
  await page.reload();
  await expect(composer(page)).toBeVisible();
  await expect(page.getByText('you have not made a backup in a while', { exact: false })).toHaveCount(0);
});

test('"Not now" puts the reminder off; with no backup ever, Storage says so', async ({ connected: page }) => {
  await exchange(page, 'Worth keeping');
  await settingsSection(page, 'Storage');
  await expect(settingsDialog(page).getByTestId('last-backup')).toHaveText(
    'Last backup: none yet on this device.',
  );
  await settingsDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await page.evaluate(() => {
    localStorage.setItem(
      'baton.backupMarks',
      JSON.stringify({
        daysOfUse: [
          '2026-01-01',
          '2026-01-02',
          '2026-01-03',
          '2026-01-04',
          '2026-01-05',
          '2026-01-06',
          '2026-01-07',
        ],
      }),
    );
  });
  await page.reload();
  const reminder = page.getByRole('complementary', { name: 'Backup reminder' });
  await reminder.getByRole('button', { name: 'Not now' }).click();
  await expect(reminder).toHaveCount(0);
  await page.reload();
  await expect(composer(page)).toBeVisible();
  await expect(reminder).toHaveCount(0);
});
