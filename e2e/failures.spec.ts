/**
 * Failures (issue 24, item 2): an error is shown once, in the reply, with Retry and,
 * where a setting is the cause, Open Settings; a failed message stays marked and is sent
 * again as itself, never merged into the next one; a back-off says "Retrying in N s",
 * counting down, with Stop; notices about the app go by themselves. Through the UI
 * against the mock Messages API.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  assistantMessages,
  composer,
  exchange,
  send,
  sessionTitles,
  settingsDialog,
  textReply,
  userMessages,
  waitIdle,
  withoutCacheMarks,
} from './helpers';
import type { MockApi } from './mock/mockApi';

const KEY_SENTENCE = 'The API key was rejected. Check it in Settings.';

/** The text of each user turn of every reply request, to find two messages merged into one turn. */
function userTurns(mockApi: MockApi): string[][] {
  return mockApi
    .messageRequests()
    .flatMap((r) => (r.body.messages ?? []).filter((m) => m.role === 'user'))
    .map((m) =>
      (Array.isArray(m.content) ? m.content : []).flatMap((b: { type?: string; text?: string }) =>
        b.type === 'text' && b.text ? [b.text] : [],
      ),
    );
}

/** Shift+Tab from the message box until `target` has the focus: reached by keyboard alone. */
async function tabBackTo(page: Page, target: Locator): Promise<void> {
  await composer(page).focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Shift+Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error('not reached with Shift+Tab');
}

test('an error is shown once, in the reply, with Retry and Open Settings; Retry makes a new version', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script({ kind: 'status', status: 401 });
  await send(page, 'Please answer');
  const reply = assistantMessages(page).first();
  await expect(reply.getByRole('alert')).toHaveText(KEY_SENTENCE);
  await waitIdle(page);
  // Once: no notice repeats it.
  await expect(page.getByText(KEY_SENTENCE, { exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);

  await reply.getByRole('link', { name: 'Open Settings' }).click();
  await expect(settingsDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settingsDialog(page)).toBeHidden();

  await reply.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Please answer');
  await waitIdle(page);
  expect(withoutCacheMarks(mockApi.messageRequests().at(-1)?.body.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'Please answer' }] },
  ]);
  await expect(assistantMessages(page)).toHaveCount(1);
  const row = page.locator('.chat-row').filter({ has: assistantMessages(page).first() });
  await expect(row.getByRole('group', { name: 'Versions' })).toHaveText('‹2 / 2›');
  // The failure is kept as the first version.
  await row.hover();
  await row.getByRole('button', { name: 'Previous version' }).click();
  await expect(assistantMessages(page).first().getByRole('alert')).toHaveText(KEY_SENTENCE);
});

test('a failed message stays marked and is sent again as itself before the next one, never merged', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script({ kind: 'status', status: 500, shouldRetry: false });
  await send(page, 'First text');
  await expect(assistantMessages(page).first()).toHaveAttribute('data-stop-reason', 'error');
  await waitIdle(page);
  const first = userMessages(page).first();
  await expect(first).toHaveAttribute('data-failed', 'true');
  await expect(first).toContainText('Not answered');

  await send(page, 'Second text');
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Second text');
  await waitIdle(page);
  const requests = mockApi.messageRequests();
  expect(requests).toHaveLength(3);
  // The failed message went again as itself, then the new one after its answer.
  expect(withoutCacheMarks(requests[1]?.body.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'First text' }] },
  ]);
  expect(withoutCacheMarks(requests[2]?.body.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'First text' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Mock reply to: First text' }] },
    { role: 'user', content: [{ type: 'text', text: 'Second text' }] },
  ]);
  for (const turn of userTurns(mockApi)) expect(turn).toHaveLength(1);
  await expect(userMessages(page)).toHaveText(['First text', 'Second text']);
  await expect(assistantMessages(page)).toHaveText([
    'Mock reply to: First text',
    'Mock reply to: Second text',
  ]);
  await expect(page.locator('[data-failed]')).toHaveCount(0);
});

test('a failed message retried by keyboard goes as itself', async ({ connected: page, mockApi }) => {
  mockApi.script({ kind: 'status', status: 500, shouldRetry: false });
  await send(page, 'Only text');
  const retry = assistantMessages(page).first().getByRole('button', { name: 'Retry', exact: true });
  await expect(retry).toBeVisible();
  await waitIdle(page);
  await tabBackTo(page, retry);
  await page.keyboard.press('Enter');
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Only text');
  expect(withoutCacheMarks(mockApi.messageRequests().at(-1)?.body.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'Only text' }] },
  ]);
});

test('a back-off says "Retrying in N s", counts down, and the reply follows', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script({ kind: 'status', status: 429, retryAfterSeconds: 8 });
  await send(page, 'Busy API');
  const countdown = assistantMessages(page)
    .first()
    .getByText(/^Retrying in \d s$/);
  const seconds = async () => Number((await countdown.textContent())?.match(/\d+/)?.[0]);
  await expect(countdown).toBeVisible();
  const first = await seconds();
  expect(first).toBeGreaterThanOrEqual(1);
  expect(first).toBeLessThanOrEqual(8);
  // It counts down (a slow machine may show the wait late, never longer than asked).
  if (first > 1) await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(first);
  await expect(assistantMessages(page).first()).toHaveText('Mock reply to: Busy API', { timeout: 30_000 });
  expect(mockApi.messageRequests()).toHaveLength(2);
});

test('Stop in a back-off ends the wait: nothing more is asked', async ({ connected: page, mockApi }) => {
  mockApi.script({ kind: 'status', status: 529, retryAfterSeconds: 6 });
  await send(page, 'Overloaded API');
  const reply = assistantMessages(page).first();
  await expect(reply.getByText(/^Retrying in \d s$/)).toBeVisible();
  await reply.getByRole('button', { name: 'Stop' }).click();
  await waitIdle(page);
  await expect(reply).toHaveAttribute('data-stop-reason', 'aborted');
  await page.waitForTimeout(7_000);
  expect(mockApi.messageRequests()).toHaveLength(1);
});

test('a notice about the app can be dismissed, and goes by itself after a few seconds', async ({
  connected: page,
}) => {
  const unknown = (name: string) =>
    page.getByRole('alert').getByText(new RegExp(`^Unknown command: /${name}\\.`));
  await send(page, '/nope');
  await expect(unknown('nope')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(unknown('nope')).toHaveCount(0);

  await composer(page).fill('/other');
  await composer(page).press('Enter');
  await expect(unknown('other')).toBeVisible();
  await expect(unknown('other')).toHaveCount(0, { timeout: 15_000 });
});

test('a reply keeps streaming in its own session while the user opens another or starts a new one', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'The older session');
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(userMessages(page)).toHaveCount(0);

  const answer = `Streaming answer: ${'word '.repeat(60).trim()} END`;
  mockApi.script(textReply(answer, { delayMsPerEvent: 60, chunkSize: 6 }));
  await send(page, 'A slow question');
  await expect(assistantMessages(page).first()).toContainText('Streaming answer');

  // Another session opens at once; the reply goes on meanwhile.
  await sessionTitles(page).filter({ hasText: 'The older session' }).click();
  await expect(userMessages(page)).toHaveText(['The older session']);
  await expect(activeSessionTitle(page)).toContainText('The older session');
  // And a new one can be started as well.
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(userMessages(page)).toHaveCount(0);
  await expect(composer(page)).toBeEditable();

  // Back in the session that was writing: the reply is there, finished.
  await sessionTitles(page).filter({ hasText: 'A slow question' }).click();
  await expect(userMessages(page)).toHaveText(['A slow question']);
  await expect(assistantMessages(page).first()).toHaveText(answer, { timeout: 30_000 });
  await waitIdle(page);
  expect(mockApi.messageRequests()).toHaveLength(2);

  // Stored as it finished.
  await page.reload();
  await sessionTitles(page).filter({ hasText: 'A slow question' }).click();
  await expect(assistantMessages(page).first()).toHaveText(answer);
});
