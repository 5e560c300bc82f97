/**
 * Stopping a handoff while its document is being written (Esc, the Cancel control),
 * and what happens to messages the user queued meanwhile. The document stalls half
 * written (or its request is held) so the test acts mid-way on a machine of any speed.
 */
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
} from './helpers';

const TITLE = 'Tell me about billing';
/** The document as far as it gets before it stalls. */
const HALF_DOCUMENT = `${handoffDocument('the billing API').split('## Key Decisions')[0]}## Key Decisions\n- REST over`;
const QUEUED_BACK = 'Your queued message is back in the message box.';

test.beforeEach(async ({ connected: page }) => {
  await exchange(page, TITLE);
});

test('Esc while the document is written cancels: old session kept, partial reply kept, nothing new after a reload', async ({
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
  await expect(partial).toHaveAttribute('data-stop-reason', 'aborted');
  await expect(partial).toContainText('Stopped');
  await expect(partial).toContainText('Ship the billing API');
  await expect(handoffCard(page)).toHaveCount(0);
  await expect(activeSessionTitle(page)).toHaveText(TITLE);
  await expect(sessionTitles(page)).toHaveCount(1);
  expect(mockApi.requests).toHaveLength(2);

  // The old session goes on as before.
  await exchange(page, 'Still there?');
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Still there?');

  await page.reload();
  await expect(composer(page)).toBeVisible();
  await expect(sessionTitles(page)).toHaveCount(1);
  await expect(activeSessionTitle(page)).toHaveText(TITLE);
  await expect(handoffCard(page)).toHaveCount(0);
  const kept = assistantMessages(page).nth(1);
  await expect(kept).toHaveAttribute('data-stop-reason', 'aborted');
  await expect(kept).toContainText('Ship the billing API');
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
  await expect(partial).toHaveAttribute('data-stop-reason', 'aborted');
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
