/**
 * Looks: light and dark themes that follow the system, a toggle that
 * overrides it and is kept over a reload, and a layout usable at 375 px wide (the
 * sidebar and the todos become drawers; nothing scrolls sideways).
 *
 * With BATON_SCREENSHOTS=1 it also refreshes the README's dark and narrow screenshots.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  dismissNotices,
  exchange,
  handOff,
  handoffCard,
  openApp,
  readStoredData,
  saveReadmeScreenshot,
  sessionTitles,
  userMessages,
} from './helpers';
import type { MockApi } from './mock/mockApi';

/** The page background as the browser paints it. */
function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

const LIGHT = 'rgb(247, 247, 245)';
const DARK = 'rgb(22, 24, 27)';

function themeToggle(page: Page) {
  return page.getByRole('button', { name: /^Theme: / });
}

/** A chat with a handoff in it: the card, the breadcrumb and a grouped sidebar. */
async function chatWithHandoff(page: Page, mockApi: MockApi): Promise<void> {
  await exchange(page, 'Tell me about billing');
  await handOff(page, mockApi);
}

/** The theme in the stored settings. */
async function storedTheme(page: Page): Promise<unknown> {
  const { settings } = await readStoredData(page);
  return (settings as { theme?: unknown } | undefined)?.theme;
}

test('the theme follows the system until the toggle picks one, and the choice survives a reload', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openApp(page);
  await expect(themeToggle(page)).toHaveText('Theme: System');
  expect(await background(page)).toBe(LIGHT);
  // System: the page follows the system's change at once.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => background(page)).toBe(DARK);

  // Light overrides a dark system...
  await themeToggle(page).click();
  await expect(themeToggle(page)).toHaveText('Theme: Light');
  await expect.poll(() => background(page)).toBe(LIGHT);
  // ...and Dark a light one.
  await page.emulateMedia({ colorScheme: 'light' });
  await themeToggle(page).click();
  await expect(themeToggle(page)).toHaveText('Theme: Dark');
  await expect.poll(() => background(page)).toBe(DARK);

  // Reloaded once the choice is stored: a reload in the moment after a click may come first.
  await expect.poll(() => storedTheme(page)).toBe('dark');
  await page.reload();
  await expect(themeToggle(page)).toHaveText('Theme: Dark');
  expect(await background(page)).toBe(DARK);

  // Back to System: light again, as the system is, and that is kept too.
  await themeToggle(page).click();
  await expect(themeToggle(page)).toHaveText('Theme: System');
  await expect.poll(() => background(page)).toBe(LIGHT);
  await expect.poll(() => storedTheme(page)).toBe('system');
  await page.reload();
  await expect(themeToggle(page)).toHaveText('Theme: System');
  expect(await background(page)).toBe(LIGHT);
});

test('dark theme screenshot of a handoff', async ({ connected: page, mockApi }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await themeToggle(page).click();
  await expect(themeToggle(page)).toHaveText('Theme: Light');
  await themeToggle(page).click();
  await expect(themeToggle(page)).toHaveText('Theme: Dark');
  await chatWithHandoff(page, mockApi);
  expect(await background(page)).toBe(DARK);
  // The card's text stays readable on the dark background.
  const colours = await handoffCard(page).evaluate((el) => {
    const style = getComputedStyle(el);
    return { text: style.color, bg: style.backgroundColor };
  });
  expect(colours.text).toBe('rgb(230, 230, 227)');
  await dismissNotices(page);
  await saveReadmeScreenshot(page, 'dark-theme.png');
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  /** No horizontal scrolling anywhere in the page. */
  async function expectNoSidewaysScroll(page: Page): Promise<void> {
    const width = await page.evaluate(
      () => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
    );
    expect(width).toBeLessThanOrEqual(375);
  }

  test('the sidebar and the todos sit behind menu buttons and nothing overflows', async ({
    connected: page,
    mockApi,
  }) => {
    await expectNoSidewaysScroll(page);
    await chatWithHandoff(page, mockApi);
    // A long unbroken line must wrap, not widen the page.
    await exchange(page, `A very long word: ${'x'.repeat(300)}`);
    await expectNoSidewaysScroll(page);

    // The sessions are hidden until asked for.
    const sessionsButton = page.getByRole('button', { name: 'Sessions', exact: true });
    await expect(sessionTitles(page).first()).toBeHidden();
    await expect(sessionsButton).toHaveAttribute('aria-expanded', 'false');
    await sessionsButton.click();
    await expect(sessionsButton).toHaveAttribute('aria-expanded', 'true');
    await expect(sessionTitles(page)).toHaveCount(2);
    await expect(sessionTitles(page).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await saveReadmeScreenshot(page, 'narrow-sessions.png');

    // Picking a session opens it and closes the drawer.
    await sessionTitles(page)
      .filter({ hasText: /^Tell me about billing$/ })
      .click();
    await expect(sessionTitles(page).first()).toBeHidden();
    await expect(sessionsButton).toHaveAttribute('aria-expanded', 'false');
    await expect(userMessages(page).first()).toHaveText('Tell me about billing');

    // Esc closes the drawer and returns the focus to its button.
    await sessionsButton.click();
    await expect(activeSessionTitle(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(activeSessionTitle(page)).toBeHidden();
    await expect(sessionsButton).toBeFocused();

    // The todos drawer works the same way. Its button shows only where there are todos:
    // in the new session (the document's Next Steps), reached from the old one's composer.
    await page.getByRole('button', { name: 'Continue there' }).click();
    await expect(handoffCard(page)).toBeVisible();
    const todosButton = page.getByRole('button', { name: 'Todos', exact: true });
    const todos = page.getByRole('complementary', { name: 'Todos' });
    await expect(todos).toBeHidden();
    await todosButton.click();
    await expect(todos).toBeVisible();
    await expectNoSidewaysScroll(page);
    await todosButton.click();
    await expect(todos).toBeHidden();

    // The composer and the Hand off popover fit the screen.
    await page.getByRole('button', { name: 'Hand off', exact: true }).click();
    const popover = page.getByRole('dialog', { name: 'Hand off to a new session' });
    await expect(popover).toBeVisible();
    const box = await popover.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await expectNoSidewaysScroll(page);
  });

  test('narrow screenshot of the new session', async ({ connected: page, mockApi }) => {
    await chatWithHandoff(page, mockApi);
    await handoffCard(page).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await dismissNotices(page);
    await expectNoSidewaysScroll(page);
    await saveReadmeScreenshot(page, 'narrow-new-session.png');
  });

  test('narrow screenshot of the new session in the dark theme', async ({ connected: page, mockApi }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await chatWithHandoff(page, mockApi);
    expect(await background(page)).toBe(DARK);
    await handoffCard(page).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await dismissNotices(page);
    await expectNoSidewaysScroll(page);
    await saveReadmeScreenshot(page, 'narrow-new-session-dark.png');
  });
});
