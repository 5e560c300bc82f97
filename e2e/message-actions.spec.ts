/**
 * The actions under a message (issue 24, item 1), each by mouse and by keyboard:
 * Copy puts the message's Markdown on the clipboard; Retry makes a new version of a
 * reply and the switcher ("‹ 2 / 3 ›") moves between versions; Edit edits a sent message
 * in place and sends it as a new branch, and the request after it holds only that branch.
 * Through the UI against the mock Messages API.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  assistantMessages,
  composer,
  exchange,
  readStoredData,
  send,
  storedText,
  textReply,
  userMessages,
  waitIdle,
  withoutCacheMarks,
} from './helpers';
import type { MockApi } from './mock/mockApi';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The rows of the chat that hold `messages` (a message's actions sit under it, in its row). */
function rowOf(page: Page, messages: Locator): Locator {
  return page.locator('.chat-row').filter({ has: messages });
}

/** The requests for replies (not token counts), oldest first. */
function replyRequests(mockApi: MockApi) {
  return mockApi.messageRequests();
}

/**
 * Presses Shift+Tab from the message box until the focus is on the button `name` inside
 * `row`: the action is reached by keyboard alone, as a user would reach it.
 */
async function tabBackTo(page: Page, row: Locator, name: string): Promise<Locator> {
  const target = row.getByRole('button', { name, exact: true });
  await composer(page).focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Shift+Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      await expect(target).toBeVisible();
      // Focus shows the row's actions (they are hidden only to the pointer's eye).
      await expect(target).toHaveCSS('opacity', '1');
      return target;
    }
  }
  throw new Error(`"${name}" was not reached with Shift+Tab`);
}

const MARKDOWN = '## Plan\n\n- **first** step\n- `second` step\n\n> a quote';

test('Copy puts the reply as Markdown on the clipboard, by mouse and by keyboard', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script(textReply(MARKDOWN));
  await send(page, 'Make a plan');
  await expect(assistantMessages(page)).toContainText('second step');
  await waitIdle(page);
  const reply = rowOf(page, assistantMessages(page)).first();

  await reply.hover();
  await reply.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(reply.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MARKDOWN);

  // The user's own message, by keyboard: its words as typed.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  const mine = rowOf(page, userMessages(page)).first();
  const copy = await tabBackTo(page, mine, 'Copy');
  await page.keyboard.press('Enter');
  await expect(mine.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Make a plan');
  await expect(copy).toBeFocused();
});

test('Retry makes a new version of the reply and the switcher moves between them (mouse)', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'First question');
  await exchange(page, 'Second question');
  mockApi.script(textReply('A second answer'));
  const last = rowOf(page, assistantMessages(page)).last();
  await last.hover();
  await last.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(assistantMessages(page).last()).toHaveText('A second answer');
  await waitIdle(page);

  // The retry asked with the branch up to its question: the old reply is not in it.
  const request = replyRequests(mockApi).at(-1)?.body;
  expect(withoutCacheMarks(request?.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'First question' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Mock reply to: First question' }] },
    { role: 'user', content: [{ type: 'text', text: 'Second question' }] },
  ]);
  await expect(assistantMessages(page)).toHaveCount(2);

  const row = rowOf(page, assistantMessages(page)).last();
  await expect(row.getByRole('group', { name: 'Versions' })).toHaveText('‹2 / 2›');
  await expect(row.getByRole('button', { name: 'Next version' })).toBeDisabled();
  await row.hover();
  await row.getByRole('button', { name: 'Previous version' }).click();
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Second question');
  const back = rowOf(page, assistantMessages(page)).last();
  await expect(back.getByRole('group', { name: 'Versions' })).toHaveText('‹1 / 2›');
  await back.getByRole('button', { name: 'Next version' }).click();
  await expect(assistantMessages(page).last()).toHaveText('A second answer');

  // The version shown is the session's branch after a reload too, once its header (the
  // leaf) is written: the write queue lands it within its interval.
  await expect
    .poll(async () => {
      const stored = await readStoredData(page);
      return stored.sessions.map((session) => {
        const leaf = stored.entries.find((entry) => entry.id === session.leafId);
        return leaf ? storedText(leaf) : '';
      });
    })
    .toEqual(['A second answer']);
  await page.reload();
  await expect(assistantMessages(page).last()).toHaveText('A second answer');
  await expect(
    rowOf(page, assistantMessages(page)).last().getByRole('group', { name: 'Versions' }),
  ).toHaveText('‹2 / 2›');
});

test('Retry and the switcher by keyboard', async ({ connected: page, mockApi }) => {
  await exchange(page, 'Only question');
  mockApi.script(textReply('Retried answer'));
  await tabBackTo(page, rowOf(page, assistantMessages(page)).last(), 'Retry');
  await page.keyboard.press('Enter');
  await expect(assistantMessages(page).last()).toHaveText('Retried answer');
  await waitIdle(page);

  const previous = await tabBackTo(page, rowOf(page, assistantMessages(page)).last(), 'Previous version');
  await page.keyboard.press('Enter');
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Only question');
  await expect(previous).toBeDisabled();
  await tabBackTo(page, rowOf(page, assistantMessages(page)).last(), 'Next version');
  await page.keyboard.press(' ');
  await expect(assistantMessages(page).last()).toHaveText('Retried answer');
});

test('Edit (mouse): edited in place, Enter sends a new branch, and the request holds only that branch', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'First question');
  await exchange(page, 'Second question');
  const second = rowOf(page, userMessages(page)).last();
  await second.hover();
  await second.getByRole('button', { name: 'Edit', exact: true }).click();

  const box = page.getByRole('textbox', { name: 'Edited text' });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('Second question');
  // The message box is left alone.
  await expect(composer(page)).toHaveValue('');
  await box.fill('Second question, edited');
  await box.press('Enter');
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Second question, edited');
  await waitIdle(page);

  const request = replyRequests(mockApi).at(-1)?.body;
  expect(withoutCacheMarks(request?.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'First question' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Mock reply to: First question' }] },
    { role: 'user', content: [{ type: 'text', text: 'Second question, edited' }] },
  ]);
  await expect(userMessages(page)).toHaveText(['First question', 'Second question, edited']);

  // The next message continues the edited branch only.
  await exchange(page, 'Third question');
  const next = JSON.stringify(replyRequests(mockApi).at(-1)?.body.messages);
  expect(next).toContain('Second question, edited');
  expect(next).not.toContain('"Second question"');

  // The original is a version of the edited message.
  const edited = rowOf(page, userMessages(page)).nth(1);
  await expect(edited.getByRole('group', { name: 'Versions' })).toHaveText('‹2 / 2›');
  await edited.hover();
  await edited.getByRole('button', { name: 'Previous version' }).click();
  await expect(userMessages(page)).toHaveText(['First question', 'Second question']);
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Second question');
});

test('Edit (keyboard): focus in the edit box, Esc cancels, Enter sends', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Draft question');
  const sent = replyRequests(mockApi).length;
  const row = rowOf(page, userMessages(page)).last();
  await tabBackTo(page, row, 'Edit');
  await page.keyboard.press('Enter');
  const box = page.getByRole('textbox', { name: 'Edited text' });
  await expect(box).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
  await expect(userMessages(page)).toHaveText(['Draft question']);
  expect(replyRequests(mockApi)).toHaveLength(sent);

  await tabBackTo(page, rowOf(page, userMessages(page)).last(), 'Edit');
  await page.keyboard.press('Enter');
  await expect(box).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Final question');
  await page.keyboard.press('Enter');
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Final question');
  expect(withoutCacheMarks(replyRequests(mockApi).at(-1)?.body.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'Final question' }] },
  ]);
});
