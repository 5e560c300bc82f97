/**
 * The frame around the chat (issue 24, item 6): the Todos panel that appears only with
 * todos and folds away; icons with names and tooltips; one row of chrome and unwrapped
 * composer buttons on a phone, measured from bounding boxes; the sessions drawer by
 * keyboard; the Show sidebar button; message timestamps; axe on each in both themes.
 */
import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { activeSessionTitle, assistantMessages, composer, exchange, send, waitIdle } from './helpers';
import type { MockStep } from './mock/mockApi';

test.describe.configure({ timeout: 180_000 });

function todosPanel(page: Page) {
  return page.getByRole('complementary', { name: 'Todos' });
}

function todoPlan(): MockStep[] {
  return [
    {
      kind: 'reply',
      reply: {
        blocks: [
          { type: 'text', text: 'Planning.' },
          {
            type: 'tool_use',
            id: 'toolu_layout',
            name: 'todo_write',
            input: {
              todos: [
                { content: 'Write the parser', status: 'in_progress' },
                { content: 'Read the spec', status: 'completed' },
              ],
            },
          },
        ],
      },
    },
    { kind: 'reply', reply: { blocks: [{ type: 'text', text: 'Planned.' }] } },
  ];
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** The buttons of the composer's row, as the eye sees them (visible ones only). */
function composerButtons(page: Page) {
  return page.locator('.composer-actions').locator('button:visible, select:visible');
}

test('the Todos panel takes no room until there are todos, then folds away on request', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Hello');
  await expect(todosPanel(page)).toHaveCount(0);
  const chatWidth = (await box(page.locator('.main'))).width;

  mockApi.script(...todoPlan());
  await send(page, 'Plan the parser');
  const panel = todosPanel(page);
  await expect(panel.getByRole('listitem')).toHaveText([
    /In progress:\s*Write the parser/,
    /Done:\s*Read the spec/,
  ]);
  expect((await box(page.locator('.main'))).width).toBeLessThan(chatWidth - 200);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page)).toEqual([]);
  }

  const fold = panel.getByRole('button', { name: /^Todos/ });
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await expect(fold).toHaveAccessibleName('Todos 1 open');
  await fold.press('Enter');
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(panel.getByRole('listitem')).toHaveCount(0);
  expect((await box(panel)).width).toBeLessThan(80);
  await fold.click();
  await expect(panel.getByRole('listitem')).toHaveCount(2);
});

test('composer and header buttons show an icon, keep their names and have a tooltip', async ({
  connected: page,
}) => {
  await exchange(page, 'Hello');
  for (const name of ['Hand off', 'Attach files', 'Switch model', 'Export', 'Settings']) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    await expect(button.locator('svg')).toHaveCount(1);
    await expect(button).toHaveAttribute('title', /\w/);
  }
  await composer(page).fill('Something');
  const sendButton = page.getByRole('button', { name: 'Send', exact: true });
  await expect(sendButton.locator('svg')).toHaveCount(1);
  await expect(sendButton).toHaveAttribute('title', 'Send (Enter)');
  // Settings shows only its icon: the name is there for the screen reader, the tooltip for the eye.
  const settings = page.getByRole('button', { name: 'Settings', exact: true });
  expect((await box(settings)).width).toBeLessThan(48);
  await settings.click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
});

test('a message shows when it was written on hover and focus, the full date in its tooltip', async ({
  connected: page,
}) => {
  const before = Date.now();
  await exchange(page, 'First');
  await exchange(page, 'Second');
  const firstReplyRow = page
    .locator('.chat-row')
    .filter({ has: assistantMessages(page) })
    .first();
  const time = firstReplyRow.locator('time.message-time');
  await expect(time).toHaveCount(1);
  const written = Date.parse((await time.getAttribute('datetime')) ?? '');
  expect(written).toBeGreaterThanOrEqual(before - 1000);
  expect(written).toBeLessThanOrEqual(Date.now());
  await expect(time).toHaveAttribute('title', new RegExp(String(new Date(written).getFullYear())));
  // An older message's time is out of sight until the pointer or the focus is on it.
  const actions = firstReplyRow.locator('.message-actions');
  await page.mouse.move(0, 0);
  await expect(actions).toHaveCSS('opacity', '0');
  await firstReplyRow.getByRole('button', { name: 'Copy' }).focus();
  await expect(actions).toHaveCSS('opacity', '1');
  await expect(time).toBeVisible();
});

test('Ctrl/⌘+Shift+S hides the sidebar and a visible button shows it again', async ({ connected: page }) => {
  await exchange(page, 'Hello');
  const sidebar = page.getByRole('complementary', { name: 'Sessions sidebar' });
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show sidebar' })).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+Shift+S');
  await expect(sidebar).toBeHidden();
  const show = page.getByRole('button', { name: 'Show sidebar' });
  await expect(show).toBeVisible();
  await expect(show).toHaveAttribute('title', /Ctrl\/⌘\+Shift\+S/);
  expect(await seriousViolations(page)).toEqual([]);
  await show.click();
  await expect(sidebar).toBeVisible();
  await expect(show).toHaveCount(0);
  await expect(activeSessionTitle(page)).toHaveText('Hello');
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('one row of chrome and composer buttons that never wrap', async ({ connected: page, mockApi }) => {
    mockApi.script(...todoPlan());
    await send(page, 'Plan the parser');
    await expect(assistantMessages(page)).toHaveCount(2);
    await waitIdle(page);
    await composer(page).fill('Something to send');

    // The chrome above the chat is the status line alone, one control high.
    const chat = await box(page.locator('.chat'));
    const statusLine = await box(page.locator('.status-line'));
    expect(statusLine.y).toBe(0);
    expect(chat.y).toBeLessThanOrEqual(statusLine.height + 1);
    expect(statusLine.height).toBeLessThan(52);
    const chrome = page.locator('.status-line').locator('button:visible');
    const names = await chrome.evaluateAll((buttons) =>
      buttons.map((b) => b.getAttribute('title') ?? b.textContent),
    );
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const button of await chrome.all()) {
      const b = await box(button);
      expect(b.y).toBeGreaterThanOrEqual(statusLine.y);
      expect(b.y + b.height).toBeLessThanOrEqual(statusLine.y + statusLine.height);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }

    // Every composer button on one line, none broken over two.
    const buttons = await composerButtons(page).all();
    expect(buttons.length).toBeGreaterThanOrEqual(4);
    const boxes = await Promise.all(buttons.map(box));
    const first = boxes[0];
    for (const b of boxes) {
      expect(Math.abs(b.y - (first?.y ?? 0))).toBeLessThan(8);
      expect(b.height).toBeLessThan(44);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    await expect(page.getByRole('button', { name: 'Hand off', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Attach files', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  test('the sessions drawer by keyboard: opens with the focus inside, keeps it, Esc gives it back', async ({
    connected: page,
  }) => {
    await exchange(page, 'First session');
    await page.keyboard.press('ControlOrMeta+Shift+O');
    await expect(assistantMessages(page)).toHaveCount(0);
    await exchange(page, 'Second session');
    const drawer = page.getByRole('complementary', { name: 'Sessions sidebar' });
    await expect(drawer).toBeHidden();

    const open = page.getByRole('button', { name: 'Sessions', exact: true });
    await expect(open).toHaveAttribute('title', /Sessions/);
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    // The focus is in the drawer, on the open session.
    await expect(activeSessionTitle(page)).toBeFocused();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page)).toEqual([]);
    }
    // Tab and Shift+Tab go round inside it, never onto the chat behind.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
  });
});
