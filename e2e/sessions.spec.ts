/**
 * The sessions sidebar: titles from the first message, rename, and delete with
 * confirmation, each kept across a reload.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  assistantMessages,
  revealSessionActions,
  send,
  sessionList,
  sessionTitles,
  statusNotice,
  userMessages,
  waitIdle,
} from './helpers';

/** Sends a first message in a new session and waits for the reply. */
async function startSession(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'New session', exact: true }).first().click();
  await expect(userMessages(page)).toHaveCount(0);
  await send(page, text);
  await expect(assistantMessages(page)).toHaveCount(1);
  await waitIdle(page);
}

/** Clicks the ✎ or ✕ button of a session, after pointing at it as a user must. */
async function sessionAction(page: Page, action: 'Rename' | 'Delete', title: string): Promise<void> {
  const item = await revealSessionActions(page, title);
  await item.getByRole('button', { name: `${action} ${title}`, exact: true }).click();
}

test('a session takes its title from the first line of its first message', async ({ connected: page }) => {
  await expect(sessionTitles(page)).toHaveText(['New session']);
  await send(page, 'Plan the garden layout\nwith raised beds and a path');
  await expect(sessionTitles(page)).toHaveText(['Plan the garden layout']);
  await waitIdle(page);
  // Later messages do not change it.
  await send(page, 'Something else entirely');
  await waitIdle(page);
  await expect(sessionTitles(page)).toHaveText(['Plan the garden layout']);

  const long = 'A very long first message that goes on and on about many things at once, well past sixty';
  await startSession(page, long);
  // Cut at a word boundary, not mid-word.
  await expect(sessionTitles(page).first()).toHaveText(
    'A very long first message that goes on and on about many…',
  );
});

test('rename with the ✎ button; the new title survives a reload', async ({ connected: page }) => {
  await send(page, 'Original title message');
  await waitIdle(page);
  await startSession(page, 'Another session');
  await expect(sessionTitles(page)).toHaveText(['Another session', 'Original title message']);

  // Rename a session that is not the open one...
  await sessionAction(page, 'Rename', 'Original title message');
  const field = sessionList(page).getByRole('textbox', { name: 'Session title' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Original title message');
  await field.fill('Garden plan');
  await field.press('Enter');
  await expect(field).toBeHidden();
  await expect(sessionTitles(page)).toHaveText(['Another session', 'Garden plan']);

  // ...and the open one; Esc abandons an edit.
  await sessionAction(page, 'Rename', 'Another session');
  await field.fill('Not this');
  await field.press('Escape');
  await expect(sessionTitles(page)).toHaveText(['Another session', 'Garden plan']);
  await sessionAction(page, 'Rename', 'Another session');
  await field.fill('Shed repairs');
  await field.press('Enter');
  await expect(sessionTitles(page).filter({ hasText: 'Shed repairs' })).toHaveCount(1);
  await expect(sessionTitles(page).filter({ hasText: 'Garden plan' })).toHaveCount(1);

  await page.reload();
  await expect(sessionTitles(page).filter({ hasText: 'Shed repairs' })).toHaveCount(1);
  await expect(sessionTitles(page).filter({ hasText: 'Garden plan' })).toHaveCount(1);
  await expect(sessionTitles(page)).toHaveCount(2);
  await sessionTitles(page).filter({ hasText: 'Garden plan' }).click();
  await expect(userMessages(page)).toHaveText(['Original title message']);
});

test('delete asks first; a deleted session is gone, also after a reload', async ({ connected: page }) => {
  await send(page, 'Keep me');
  await waitIdle(page);
  await startSession(page, 'Delete me');
  await startSession(page, 'Open one');
  await expect(sessionTitles(page)).toHaveText(['Open one', 'Delete me', 'Keep me']);

  // Cancel keeps it.
  await sessionAction(page, 'Delete', 'Delete me');
  let confirm = page.getByRole('dialog', { name: 'Delete session?' });
  await expect(confirm).toContainText('"Delete me" and all its messages will be deleted.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(sessionTitles(page)).toHaveText(['Open one', 'Delete me', 'Keep me']);

  await sessionAction(page, 'Delete', 'Delete me');
  confirm = page.getByRole('dialog', { name: 'Delete session?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(statusNotice(page, 'Session deleted')).toBeVisible();
  await expect(sessionTitles(page)).toHaveText(['Open one', 'Keep me']);
  // Deleting another session leaves the open one as it was.
  await expect(userMessages(page)).toHaveText(['Open one']);

  // Deleting the open session opens the next one.
  await sessionAction(page, 'Delete', 'Open one');
  await page.getByRole('dialog', { name: 'Delete session?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(sessionTitles(page)).toHaveText(['Keep me']);
  await expect(userMessages(page)).toHaveText(['Keep me']);

  await page.reload();
  await expect(sessionTitles(page)).toHaveText(['Keep me']);
  await expect(userMessages(page)).toHaveText(['Keep me']);

  // Deleting the last session leaves a fresh, empty one.
  await sessionAction(page, 'Delete', 'Keep me');
  await page.getByRole('dialog', { name: 'Delete session?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(sessionTitles(page)).toHaveText(['New session']);
  await expect(userMessages(page)).toHaveCount(0);
  await page.reload();
  await expect(sessionTitles(page)).toHaveText(['New session']);
  await expect(userMessages(page)).toHaveCount(0);
});
