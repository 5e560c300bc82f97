/**
 * Stopping a handoff while its document is being written (Esc, the Cancel control),
 * and what happens to messages the user queued meanwhile. The document stalls half
 * written (or its request is held) so the test acts mid-way on a machine of any speed.
 */
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  assistantMessages,
  composer,
  exchange,
  handoffCard,
  handoffDocument,
  handoffProgress,
  handoffRequest,
  holdNextModelRequest,
  requestText,
  saveReadmeScreenshot,
  send,
  sessionTitles,
  stalledReply,
  statusNotice,
  textReply,
  waitIdle,
  withoutCacheMarks,
  wrappedHandoff,
} from './helpers';
import type { MockApi } from './mock/mockApi';

const TITLE = 'Tell me about billing';
/** The document as far as it gets before it stalls. */
const HALF_DOCUMENT = `${handoffDocument('the billing API').split('## Key Decisions')[0]}## Key Decisions\n- REST over`;
const QUEUED_BACK = 'Your queued message is back in the message box.';

function cancelledHandoff(page: Page) {
  return page.getByRole('region', { name: 'Cancelled handoff' });
}

/** A /handoff whose document stalls half written, cancelled with Esc: the session is idle again. */
async function cancelHalfWritten(page: Page, mockApi: MockApi): Promise<void> {
  mockApi.script(stalledReply(HALF_DOCUMENT));
  await send(page, '/handoff');
  await expect(assistantMessages(page).last()).toContainText('Ship the billing API');
  await composer(page).press('Escape');
  await expect(statusNotice(page, 'Handoff cancelled')).toBeVisible();
  await waitIdle(page);
}

test.beforeEach(async ({ connected: page }) => {
  await exchange(page, TITLE);
});

test('Esc while the document is written cancels: old session kept, the attempt folded into one line, nothing new after a reload', async ({
  page,
  mockApi,
}) => {
  mockApi.script(stalledReply(HALF_DOCUMENT));
  await send(page, '/handoff');

  // While generating: a progress line with elapsed seconds, tokens so far (the stalled
  // half document is some 70 tokens, where the API's own count still says 1) and how to stop.
  const progress = handoffProgress(page);
  await expect(progress).toContainText(
    /Writing handoff document · [1-9]\d*s · [1-9]\d{1,} tokens · Esc to cancel/,
  );
  await expect(progress.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByTestId('agent-state')).toHaveText('Writing handoff');
  const partial = assistantMessages(page).last();
  await expect(partial).toContainText('Ship the billing API');
  await saveReadmeScreenshot(page, 'handoff-generating.png');

  // The long instruction is there, collapsed; it opens on request.
  const request = handoffRequest(page);
  await expect(request.getByText('Handoff request (the instruction sent to the model)')).toBeVisible();
  const instruction = request.getByText(/Use exactly these six sections/);
  await expect(instruction).toBeHidden();
  await request.getByText('Handoff request (the instruction sent to the model)').click();
  await expect(instruction).toBeVisible();

  await composer(page).press('Escape');
  await expect(statusNotice(page, 'Handoff cancelled')).toBeVisible();
  await expect(progress).toBeHidden();
  await waitIdle(page);
  // The instruction and the half document fold into one quiet line.
  const line = cancelledHandoff(page);
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Cancelled handoff');
  await expect(handoffRequest(page)).toHaveCount(0);
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(handoffCard(page)).toHaveCount(0);
  await expect(activeSessionTitle(page)).toHaveText(TITLE);
  await expect(sessionTitles(page)).toHaveCount(1);
  expect(mockApi.requests).toHaveLength(2);

  // What the model had written opens on request, by keyboard as by mouse.
  const reopen = line.getByRole('button', { name: 'Reopen' });
  await expect(reopen).toHaveAttribute('aria-expanded', 'false');
  await reopen.focus();
  await page.keyboard.press('Enter');
  const partialDocument = line.getByRole('region', { name: 'Partial handoff document' });
  await expect(partialDocument).toContainText('Ship the billing API');
  await expect(partialDocument).toContainText('REST over');
  await line.getByRole('button', { name: 'Hide' }).click();
  await expect(partialDocument).toBeHidden();

  // The old session goes on as before.
  await exchange(page, 'Still there?');
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Still there?');

  await page.reload();
  await expect(composer(page)).toBeVisible();
  await expect(sessionTitles(page)).toHaveCount(1);
  await expect(activeSessionTitle(page)).toHaveText(TITLE);
  await expect(handoffCard(page)).toHaveCount(0);
  await expect(cancelledHandoff(page)).toHaveCount(1);
  await expect(assistantMessages(page)).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a search hit in a cancelled document opens its session at the Cancelled handoff line', async ({
  page,
  mockApi,
}) => {
  await cancelHalfWritten(page, mockApi);
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await expect(assistantMessages(page)).toHaveCount(0);

  // Only the half document holds these words.
  const search = page.getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('REST over');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('button', { name: /REST over/ })).toBeVisible();
  await search.press('Enter');
  await expect(activeSessionTitle(page)).toHaveText(TITLE);
  const highlighted = page.locator('[aria-current="location"]');
  await expect(highlighted).toHaveCount(1);
  await expect(highlighted).toContainText('Cancelled handoff');
});

test('Hand off again from the cancelled line starts a new handoff that completes', async ({
  page,
  mockApi,
}) => {
  await cancelHalfWritten(page, mockApi);

  mockApi.script(textReply(handoffDocument('the billing API')));
  await cancelledHandoff(page).getByRole('button', { name: 'Hand off again' }).click();
  await expect(handoffCard(page)).toContainText('Ship the billing API');
  await expect(activeSessionTitle(page)).toHaveText(/Ship the billing API · part 2$/);
  // The new session starts from the finished document only.
  await exchange(page, 'Go on');
  expect(withoutCacheMarks(mockApi.requests.at(-1)?.body.messages)).toEqual([
    {
      role: 'user',
      content: [
        { type: 'text', text: wrappedHandoff(handoffDocument('the billing API')) },
        { type: 'text', text: 'Go on' },
      ],
    },
  ]);
});

test('the Cancel control in the progress line cancels the same way', async ({ page, mockApi }) => {
  mockApi.script(stalledReply(HALF_DOCUMENT));
  await send(page, '/handoff focus on refunds');
  const partial = assistantMessages(page).last();
  await expect(partial).toContainText('Ship the billing API');

  await handoffProgress(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(statusNotice(page, 'Handoff cancelled')).toBeVisible();
  await expect(handoffProgress(page)).toBeHidden();
  await waitIdle(page);
  // The half document folded into the line: the first reply is the only one left.
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(cancelledHandoff(page)).toHaveCount(1);
  await expect(activeSessionTitle(page)).toHaveText(TITLE);
  await expect(sessionTitles(page)).toHaveCount(1);

  await page.reload();
  await expect(composer(page)).toBeVisible();
  await expect(sessionTitles(page)).toHaveCount(1);
  await expect(handoffCard(page)).toHaveCount(0);
});

test('messages queued while the document is written come back to the message box, sent nowhere', async ({
  page,
  mockApi,
}) => {
  mockApi.script(textReply(handoffDocument('the billing API')));
  const request = await holdNextModelRequest(page, mockApi);
  await send(page, '/handoff');
  await expect(handoffProgress(page)).toBeVisible();

  // Enter queues a follow-up, Alt+Enter steering: both show as chips.
  await send(page, 'Then add refunds');
  await composer(page).fill('Keep it fast');
  await composer(page).press('Alt+Enter');
  const chips = page.getByRole('list', { name: 'Queued messages' });
  await expect(chips).toContainText('After reply: Then add refunds');
  await expect(chips).toContainText('Next turn: Keep it fast');
  await expect(composer(page)).toHaveValue('');

  request.release();
  await expect(statusNotice(page, 'New session started with handoff context')).toBeVisible();
  await expect(handoffCard(page)).toBeVisible();
  await expect(statusNotice(page, QUEUED_BACK)).toBeVisible();
  await expect(chips).toBeHidden();
  await expect(composer(page)).toHaveValue('Keep it fast\n\nThen add refunds');
  expect(mockApi.requests).toHaveLength(2);
  for (const { rawBody } of mockApi.requests) {
    expect(rawBody).not.toContain('Then add refunds');
    expect(rawBody).not.toContain('Keep it fast');
  }

  // Sending it now is the user's choice: it reaches the new session, after the handoff.
  await composer(page).press('Enter');
  // The request first: "Ready" alone can still be the state from before the send.
  await mockApi.waitForRequests(3);
  await waitIdle(page);
  const next = requestText(mockApi.requests[2]?.body);
  expect(next).toContain('<handoff-context>');
  expect(next).toContain('Keep it fast\\n\\nThen add refunds');
  expect(mockApi.requests).toHaveLength(3);
});

test('a message queued during a handoff that is then cancelled comes back and is not sent to the old session', async ({
  page,
  mockApi,
}) => {
  mockApi.script(stalledReply(HALF_DOCUMENT));
  await send(page, '/handoff');
  await expect(assistantMessages(page).last()).toContainText('Ship the billing API');
  await send(page, 'Then add refunds');
  await expect(page.getByRole('list', { name: 'Queued messages' })).toContainText('Then add refunds');

  await page.keyboard.press('Escape');
  await expect(statusNotice(page, 'Handoff cancelled')).toBeVisible();
  await waitIdle(page);
  await expect(composer(page)).toHaveValue('Then add refunds');
  await expect(statusNotice(page, QUEUED_BACK)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Queued messages' })).toBeHidden();
  expect(mockApi.requests).toHaveLength(2);
  for (const { rawBody } of mockApi.requests) expect(rawBody).not.toContain('Then add refunds');
});
