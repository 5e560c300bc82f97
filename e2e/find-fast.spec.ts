/**
 * Find and move fast (issue 24, item 7): the focus is in the message box on load and after
 * switching sessions; a skip link reaches it from the top of the page; Ctrl/⌘+K searches
 * the sessions, Ctrl/⌘+Shift+O starts one, Ctrl/⌘+Shift+S shows or hides the sidebar,
 * from anywhere, the message box included; the shortcut list names them.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { activeSessionTitle, composer, exchange, openApp, sessionTitles, userMessages } from './helpers';

function searchBox(page: Page) {
  return page.getByRole('searchbox', { name: 'Search sessions' });
}

function sidebar(page: Page) {
  return page.getByRole('complementary', { name: 'Sessions sidebar' });
}

test('the message box has the focus on load, and after switching sessions', async ({ page }) => {
  await openApp(page);
  await expect(composer(page)).toBeFocused();
  // Typing goes straight into it.
  await page.keyboard.type('Hello');
  await expect(composer(page)).toHaveValue('Hello');
});

test('after switching sessions the message box has the focus', async ({ connected: page }) => {
  await exchange(page, 'First topic');
  await page.getByRole('button', { name: 'New session', exact: true }).first().click();
  await expect(userMessages(page)).toHaveCount(0);
  await expect(composer(page)).toBeFocused();
  await exchange(page, 'Second topic');

  await sessionTitles(page)
    .filter({ hasText: /^First topic$/ })
    .click();
  await expect(userMessages(page)).toHaveText(['First topic']);
  await expect(composer(page)).toBeFocused();
});

test('the skip link is the first tab stop and moves the focus to the message box', async ({ page }) => {
  await openApp(page);
  // Tab from the very start of the page, as from the address bar: a focusable probe placed
  // before everything, then the first Tab.
  await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.tabIndex = -1;
    document.body.prepend(probe);
    probe.focus();
  });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the message box' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(composer(page)).toBeFocused();
  // Hidden again once the focus has left it.
  await expect(skip).not.toBeInViewport();
});

test('Ctrl/⌘+K, Ctrl/⌘+Shift+O and Ctrl/⌘+Shift+S work from the message box', async ({ connected: page }) => {
  await exchange(page, 'Billing plan');
  await composer(page).focus();

  await page.keyboard.press('ControlOrMeta+K');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('Billing');
  await expect(searchBox(page)).toHaveValue('Billing');

  await composer(page).focus();
  await page.keyboard.press('ControlOrMeta+Shift+O');
  await expect(userMessages(page)).toHaveCount(0);
  await expect(sessionTitles(page)).toHaveCount(2);
  await expect(activeSessionTitle(page)).toHaveText('New session');
  await expect(composer(page)).toBeFocused();

  await page.keyboard.press('ControlOrMeta+Shift+S');
  await expect(sidebar(page)).toBeHidden();
  await expect(composer(page)).toBeFocused();
  await page.keyboard.press('ControlOrMeta+Shift+S');
  await expect(sidebar(page)).toBeVisible();

  // With the sidebar hidden, Ctrl/⌘+K brings it back to search.
  await page.keyboard.press('ControlOrMeta+Shift+S');
  await expect(sidebar(page)).toBeHidden();
  await page.keyboard.press('ControlOrMeta+K');
  await expect(sidebar(page)).toBeVisible();
  await expect(searchBox(page)).toBeFocused();
});

test('the shortcut list names the global shortcuts', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).focus();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Ctrl/⌘+KSearch sessions');
  await expect(dialog).toContainText('Ctrl/⌘+Shift+ONew session');
  await expect(dialog).toContainText('Ctrl/⌘+Shift+SShow or hide the sidebar');
  await expect(dialog).toContainText('Skip to the message box');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Ctrl/⌘+Shift+S opens and closes the sessions drawer; Ctrl/⌘+K opens it to search', async ({
    page,
  }) => {
    await openApp(page);
    await expect(searchBox(page)).toBeHidden();
    await page.keyboard.press('ControlOrMeta+Shift+S');
    await expect(searchBox(page)).toBeVisible();
    await page.keyboard.press('ControlOrMeta+Shift+S');
    await expect(searchBox(page)).toBeHidden();
    await page.keyboard.press('ControlOrMeta+K');
    await expect(searchBox(page)).toBeFocused();
  });
});
