/**
 * Data no UI would make, and parts of the page that cannot be drawn, in Chromium: an
 * imported handoff chain of 8,000 sessions is listed and usable, also after a reload
 * (it used to overflow the stack in the sidebar and blank the app for good); and a
 * region that throws while it renders shows a sentence and ways out, from which
 * "Export everything" still saves every session.
 *
 * A region is made to throw with the test hook `renderFault` (src/state/app/testHooks.ts),
 * armed from sessionStorage by an init script so that it holds across reloads, as a
 * stored record that cannot be drawn would.
 */
import { readFile, writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  chooseImportFile,
  composer,
  exchange,
  sessionList,
  sessionTitles,
  settingsDialog,
  settingsSection,
  statusNotice,
  userMessages,
} from './helpers';

// An 8,000-session import and several reloads; a loaded machine needs room.
test.describe.configure({ timeout: 180_000 });

const CHAIN_LENGTH = 8_000;
const ONE_DAY_MS = 86_400_000;

/**
 * A handoff chain in the export format (docs/export-format.md): `Step 0` handed off to
 * `Step 1`, and so on, each session holding one message. Older than anything the test
 * writes, so the app's own session stays on top of the list.
 */
function chainFile(length: number): string {
  const start = Date.now() - 30 * ONE_DAY_MS;
  const lines: string[] = [];
  for (let i = 0; i < length; i++) {
    const id = `chain-${i}`;
    const createdAt = start + i * 1000;
    lines.push(
      JSON.stringify({
        type: 'session',
        version: 1,
        exportedBy: 'baton',
        entryCount: 1,
        header: {
          id,
          title: `Step ${i}`,
          createdAt,
          updatedAt: createdAt + 1,
          model: 'claude-test',
          leafId: `${id}-entry`,
          ...(i > 0 && { parentSession: `chain-${i - 1}` }),
          children: i < length - 1 ? [`chain-${i + 1}`] : [],
        },
      }),
      JSON.stringify({
        id: `${id}-entry`,
        parentId: null,
        sessionId: id,
        timestamp: createdAt + 1,
        type: 'message',
        message: { role: 'user', content: [{ type: 'text', text: `Message of step ${i}` }] },
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Runs `act` and returns the name and text of the file it downloads. */
async function downloadOf(page: Page, act: () => Promise<void>): Promise<{ name: string; text: string }> {
  const pending = page.waitForEvent('download');
  await act();
  const download = await pending;
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

function crumbs(page: Page) {
  return page.getByRole('navigation', { name: 'Handoff chain' });
}

test('an imported handoff chain of 8,000 sessions is listed and usable, also after a reload', async ({
  connected: page,
}, testInfo) => {
  await exchange(page, 'Already here before the import');
  const file = testInfo.outputPath('chain.jsonl');
  await writeFile(file, chainFile(CHAIN_LENGTH));

  const data = (await settingsSection(page, 'Data')).getByRole('group', { name: 'Data' });
  // The browser holds a session, so the import offers to save it first (the file has no backup line).
  const backup = await downloadOf(page, () => chooseImportFile(page, file, 'Back up first'));
  expect(backup.name).toMatch(/^baton-backup-before-import-\d{4}-\d{2}-\d{2}-\d{4}\.jsonl$/);
  expect(backup.text).toContain('Already here before the import');
  // 8,000 sessions are written in one go: on a busy two-core machine that took over 15 s.
  await expect(data.getByRole('status')).toHaveText(
    `Imported 8000 sessions (8000 entries). Your data as it was is saved in ${backup.name}.`,
    { timeout: 60_000 },
  );
  await page.keyboard.press('Escape');

  /** The app is drawn, with the whole chain in the list and `shown` among the rows drawn. */
  const expectChainListed = async (shown: RegExp) => {
    await expect(composer(page)).toBeVisible();
    // The list is virtual: its rows say how long the whole list is.
    await expect(sessionList(page).getByRole('listitem').first()).toHaveAttribute(
      'aria-setsize',
      String(CHAIN_LENGTH + 1),
    );
    await expect(sessionTitles(page).filter({ hasText: shown })).toBeVisible();
  };
  await expectChainListed(/^Step 0$/);

  // The deepest session, at the end of the list: its breadcrumb is the root, a gap and the last steps.
  await page.getByRole('navigation', { name: 'Sessions' }).evaluate((scroller) => {
    scroller.scrollTop = scroller.scrollHeight;
  });
  await sessionTitles(page)
    .filter({ hasText: new RegExp(`^↪\\s*Step ${CHAIN_LENGTH - 1}$`) })
    .click();
  await expect(activeSessionTitle(page)).toHaveText(`↪ Step ${CHAIN_LENGTH - 1}`);
  await expect(userMessages(page)).toHaveText([`Message of step ${CHAIN_LENGTH - 1}`]);
  await expect(crumbs(page).getByRole('listitem')).toHaveText([
    'Step 0',
    '… 7,995 more …',
    'Step 7996',
    'Step 7997',
    'Step 7998',
    'Step 7999',
  ]);

  // Walking it: one step up, then to the root.
  await crumbs(page).getByRole('button', { name: 'Step 7998', exact: true }).click();
  await expect(activeSessionTitle(page)).toHaveText('↪ Step 7998');
  await expect(userMessages(page)).toHaveText(['Message of step 7998']);

  await page.reload();
  // The open session's row is scrolled into view.
  await expectChainListed(/^↪\s*Step 7998$/);
  await expect(activeSessionTitle(page)).toHaveText('↪ Step 7998');
  await expect(userMessages(page)).toHaveText(['Message of step 7998']);
  await crumbs(page).getByRole('button', { name: 'Step 0', exact: true }).click();
  await expect(activeSessionTitle(page)).toHaveText('Step 0');
  await expect(userMessages(page)).toHaveText(['Message of step 0']);
  await expect(sessionTitles(page).first()).toHaveText('Already here before the import');
});

/** The page's view of the hooks; the app reads the same global (see src/state/app/testHooks.ts). */
type HookWindow = Window & { __batonTestHooks?: { renderFault?: string } };

/** Arms the render fault for `region` (or none) now, and for the loads to come (see the init script). */
async function setRenderFault(page: Page, region: string | null): Promise<void> {
  await page.evaluate((name) => {
    if (name === null) {
      sessionStorage.removeItem('e2e-render-fault');
      delete (window as HookWindow).__batonTestHooks;
    } else {
      sessionStorage.setItem('e2e-render-fault', name);
      (window as HookWindow).__batonTestHooks = { renderFault: name };
    }
  }, region);
}

/** Serious and critical axe violations on the page as it is now (as in accessibility.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A region's fallback: its heading, sentence and ways out. */
function fallback(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

/** Export everything from a fallback saves a backup holding the stored session. */
async function exportEverythingFrom(page: Page, region: ReturnType<typeof fallback>) {
  const backup = await downloadOf(page, () =>
    region.getByRole('button', { name: 'Export everything', exact: true }).click(),
  );
  expect(backup.name).toMatch(/^baton-backup-\d{4}-\d{2}-\d{2}-\d{4}\.jsonl$/);
  expect(backup.text).toContain('Tell me about billing');
  await expect(statusNotice(page, `Backup saved as ${backup.name}`)).toBeVisible();
}

test('a region that throws while it renders shows a sentence and ways out, and Export everything still saves every session', async ({
  connected: page,
}) => {
  await page.addInitScript(() => {
    const region = sessionStorage.getItem('e2e-render-fault');
    if (region) (window as HookWindow).__batonTestHooks = { renderFault: region };
  });
  await exchange(page, 'Tell me about billing');
  const title = (await activeSessionTitle(page).textContent()) ?? '';

  // The chat: on every load, as a stored session that cannot be drawn would.
  await setRenderFault(page, 'chat');
  await page.reload();
  const chat = fallback(page, 'This session cannot be shown');
  await expect(chat.getByRole('alert')).toHaveText(
    'Baton could not draw this session (a fault a test put into chat). Nothing stored is lost: export everything to keep a copy, open another session from the Sessions list or a new one, or reload the page.',
  );
  await expect(chat.getByRole('button')).toHaveText(['Export everything', 'Open a new session', 'Reload']);
  // The rest of the page works: the sessions list and the message box are drawn.
  await expect(sessionTitles(page)).toHaveText([title]);
  await expect(composer(page)).toBeEditable();
  expect(await seriousViolations(page)).toEqual([]);
  await exportEverythingFrom(page, chat);
  // Once the fault is gone, another session draws, and so does this one again.
  await setRenderFault(page, null);
  await chat.getByRole('button', { name: 'Open a new session', exact: true }).click();
  await expect(chat).toBeHidden();
  await expect(userMessages(page)).toHaveCount(0);
  await sessionTitles(page).filter({ hasText: title }).click();
  await expect(userMessages(page)).toHaveText(['Tell me about billing']);

  // The sessions list.
  await setRenderFault(page, 'sessions');
  await page.reload();
  const sessions = fallback(page, 'The sessions list cannot be shown');
  await expect(sessions.getByRole('alert')).toHaveText(
    'Baton could not draw the sessions list (a fault a test put into sessions). Nothing stored is lost: export everything to keep a copy, open a new session, or reload the page.',
  );
  await expect(sessions.getByRole('button')).toHaveText([
    'Export everything',
    'Open a new session',
    'Reload',
  ]);
  await expect(userMessages(page)).toHaveText(['Tell me about billing']);
  expect(await seriousViolations(page)).toEqual([]);
  await exportEverythingFrom(page, sessions);
  // Reload is a way out once the cause is gone.
  await setRenderFault(page, null);
  await sessions.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(sessionTitles(page)).toHaveText([title]);
  await expect(sessions).toBeHidden();

  // A dialog: Close gives the page back, and the dialog opens once the fault is gone.
  await setRenderFault(page, 'dialog');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = fallback(page, 'This dialog cannot be shown');
  await expect(dialog.getByRole('alert')).toHaveText(
    'Baton could not draw this dialog (a fault a test put into dialog). Nothing stored is lost: export everything to keep a copy, close it, or reload the page.',
  );
  await expect(dialog.getByRole('button')).toHaveText(['Export everything', 'Close', 'Reload']);
  await exportEverythingFrom(page, dialog);
  await setRenderFault(page, null);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(settingsDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settingsDialog(page)).toBeHidden();

  // The whole page, the last line: a sentence and a backup, never a blank page.
  await setRenderFault(page, 'page');
  await page.reload();
  const whole = fallback(page, 'Baton cannot show this page');
  await expect(whole.getByRole('alert')).toHaveText(
    'Baton could not draw the page (a fault a test put into page). Nothing stored is lost: export everything to keep a copy, or reload the page.',
  );
  await expect(whole.getByRole('button')).toHaveText(['Export everything', 'Reload']);
  await exportEverythingFrom(page, whole);
  await setRenderFault(page, null);
  await whole.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(userMessages(page)).toHaveText(['Tell me about billing']);
});
