/**
 * Keyboard: Enter and Shift+Enter, one order for Esc (stop the reply,
 * else cancel the handoff, else close the open popover), the `?` shortcut list, dialogs
 * that trap and return focus, and a focus ring that is always visible.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  assistantMessages,
  composer,
  exchange,
  handoffDocument,
  handoffProgress,
  openApp,
  send,
  settingsDialog,
  stalledReply,
  statusNotice,
  userMessages,
  waitIdle,
} from './helpers';

function handOffButton(page: Page) {
  return page.getByRole('button', { name: 'Hand off', exact: true });
}

function handOffPopover(page: Page) {
  return page.getByRole('dialog', { name: 'Hand off to a new session' });
}

function shortcutsDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Keyboard shortcuts' });
}

/** Whether the focused element is inside `container`. */
async function focusIsInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

test('Enter sends and Shift+Enter starts a new line', async ({ connected: page }) => {
  const box = composer(page);
  await box.fill('first line');
  await box.press('Shift+Enter');
  await box.pressSequentially('second line');
  await expect(box).toHaveValue('first line\nsecond line');
  await expect(userMessages(page)).toHaveCount(0);
  await box.press('Enter');
  await expect(userMessages(page)).toHaveText(['first line\nsecond line']);
  await expect(box).toHaveValue('');
});

test('Esc stops a reply before it closes the popover that has the focus', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script(stalledReply('The first half of a long'));
  await send(page, 'Write a long answer');
  const reply = assistantMessages(page).last();
  await expect(reply).toContainText('The first half of a long');
  await expect(page.getByTestId('agent-state')).toHaveText('Replying');

  await handOffButton(page).click();
  const field = handOffPopover(page).getByLabel('Focus (optional)');
  await expect(field).toBeFocused();

  // First Esc: the reply stops; the popover stays open.
  await field.press('Escape');
  await waitIdle(page);
  await expect(reply).toHaveAttribute('data-stop-reason', 'aborted');
  await expect(handOffPopover(page)).toBeVisible();

  // Second Esc: nothing runs any more, so the popover closes and gives the focus back.
  await field.press('Escape');
  await expect(handOffPopover(page)).toBeHidden();
  await expect(handOffButton(page)).toBeFocused();
});

test('Esc cancels a handoff being written, wherever the focus is', async ({ connected: page, mockApi }) => {
  await exchange(page, 'Tell me about billing');
  mockApi.script(stalledReply(handoffDocument('the billing API').slice(0, 80)));
  await send(page, '/handoff');
  await expect(handoffProgress(page)).toBeVisible();
  // The focus is on a control far from the composer (which has its own Esc).
  await page.getByRole('button', { name: 'Settings' }).focus();
  await page.keyboard.press('Escape');
  await expect(statusNotice(page, 'Handoff cancelled')).toBeVisible();
  await expect(handoffProgress(page)).toBeHidden();
  await waitIdle(page);
});

test('Esc closes the open popover even when the focus left it', async ({ connected: page }) => {
  await handOffButton(page).click();
  await expect(handOffPopover(page)).toBeVisible();
  await composer(page).focus();
  await composer(page).press('Escape');
  await expect(handOffPopover(page)).toBeHidden();
  await expect(handOffButton(page)).toHaveAttribute('aria-expanded', 'false');
});

test('? opens the shortcut list, which traps the focus and gives it back on close', async ({
  connected: page,
}) => {
  // Typed into a text field, ? is just a character.
  await composer(page).fill('Why');
  await composer(page).press('?');
  await expect(composer(page)).toHaveValue('Why?');
  await expect(shortcutsDialog(page)).toHaveCount(0);

  const settingsButton = page.getByRole('button', { name: 'Settings' });
  await settingsButton.focus();
  await page.keyboard.press('?');
  const dialog = shortcutsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Shift+Enter');
  await expect(dialog).toContainText('Stop the reply, else cancel the handoff, else close the open popover');
  expect(await focusIsInside(dialog)).toBe(true);
  // Tabbing never reaches the page behind a modal dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await settingsButton.evaluate((el) => el === document.activeElement)).toBe(false);
    expect(await composer(page).evaluate((el) => el === document.activeElement)).toBe(false);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(settingsButton).toBeFocused();

  // Close with its button too.
  await page.keyboard.press('?');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(settingsButton).toBeFocused();
});

test('the Settings dialog traps the focus and returns it to its button', async ({ page }) => {
  await openApp(page);
  const settingsButton = page.getByRole('button', { name: 'Settings' });
  await settingsButton.focus();
  await page.keyboard.press('Enter');
  const dialog = settingsDialog(page);
  await expect(dialog).toBeVisible();
  expect(await focusIsInside(dialog)).toBe(true);
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await composer(page).evaluate((el) => el === document.activeElement)).toBe(false);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(settingsButton).toBeFocused();
});

test('the keyboard focus is always visible', async ({ page }) => {
  await openApp(page);
  // Walk the page with Tab: every stop shows an outline of at least 2 px.
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return {
        name: `${el.tagName}:${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}`,
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
      };
    });
    if (!ring) continue;
    seen.add(ring.name);
    expect(ring.style, ring.name).not.toBe('none');
    expect(ring.width, ring.name).toBeGreaterThanOrEqual(2);
  }
  // The walk really visited several controls (sidebar, status line, composer).
  expect(seen.size).toBeGreaterThanOrEqual(5);
});
