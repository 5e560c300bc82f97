/**
 * Handoffs that fail or must not start: a 529 and a dropped connection while the document
 * is written (the other API errors: handoff-errors.spec.ts), an empty document, too few
 * messages, a reply still streaming, and a command name that only looks like /handoff. In
 * every case the user stays in the old session, which keeps working.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  alertNotice,
  assistantMessages,
  composer,
  exchange,
  handOffWithButton,
  handoffCard,
  handoffProgress,
  holdNextModelRequest,
  requestText,
  seedSession,
  send,
  sessionTitles,
  statusNotice,
  textReply,
  waitIdle,
} from './helpers';
import type { MockApi } from './mock/mockApi';

const TITLE = 'Tell me about billing';
const NOTHING_TO_HAND_OFF = 'Nothing to hand off (no messages yet)';
/** A phrase of the internal instruction: a request containing it is a handoff request. */
const INSTRUCTION_PHRASE = 'Use exactly these six sections';

/** The failed handoff left no trace but its transcript, and the old session still answers. */
async function expectOldSessionUsable(page: Page, mockApi: MockApi): Promise<void> {
  await waitIdle(page);
  await expect(handoffProgress(page)).toBeHidden();
  await expect(handoffCard(page)).toHaveCount(0);
  await expect(activeSessionTitle(page)).toHaveText(TITLE);
  await expect(sessionTitles(page)).toHaveCount(1);
  const before = mockApi.requests.length;
  await exchange(page, 'Still there?');
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Still there?');
  expect(mockApi.requests).toHaveLength(before + 1);

  await page.reload();
  await expect(composer(page)).toBeVisible();
  await expect(sessionTitles(page)).toHaveCount(1);
  await expect(handoffCard(page)).toHaveCount(0);
}

test('a 529 that outlasts the SDK retries fails the handoff with the overload sentence', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, TITLE);
  // The request and the SDK's two automatic retries all meet the overload.
  mockApi.script({ kind: 'status', status: 529, repeat: 3 });
  await send(page, '/handoff');

  await expect(
    alertNotice(page, 'Handoff failed: The model is overloaded right now. Try again in a moment.'),
  ).toBeVisible({ timeout: 20_000 });
  // Said once, as the handoff's failure, not a second time as a failed reply.
  await expect(alertNotice(page, 'The model is overloaded right now. Try again in a moment.')).toHaveCount(0);
  expect(mockApi.requests).toHaveLength(4);
  await expectOldSessionUsable(page, mockApi);
});

test('a connection dropped mid-document fails the handoff and keeps the partial reply', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, TITLE);
  mockApi.script({ kind: 'drop', afterText: '## Goal\nShip the billing API', delayMsPerEvent: 20 });
  await send(page, '/handoff');

  await expect(
    alertNotice(page, 'Handoff failed: The connection dropped in the middle of the reply.'),
  ).toBeVisible();
  await expect(alertNotice(page, 'The connection dropped in the middle of the reply.')).toHaveCount(0);
  const partial = assistantMessages(page).last();
  await expect(partial).toHaveAttribute('data-stop-reason', 'error');
  await expect(partial).toContainText('Ship the billing API');
  await expectOldSessionUsable(page, mockApi);
});

test('an empty document is a failure, not a new session', async ({ connected: page, mockApi }) => {
  await exchange(page, TITLE);
  mockApi.script({ kind: 'reply', reply: { blocks: [] } }, textReply('  \n\n  '));

  await send(page, '/handoff');
  const failed = alertNotice(page, 'Handoff failed: the model returned no handoff text');
  await expect(failed).toBeVisible();
  await expect(handoffCard(page)).toHaveCount(0);
  await expect(sessionTitles(page)).toHaveCount(1);

  // Whitespace is no document either.
  await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).first().click();
  await expect(failed).toBeHidden();
  await waitIdle(page);
  await handOffWithButton(page);
  await expect(failed).toBeVisible();
  expect(mockApi.requests).toHaveLength(3);
  await expectOldSessionUsable(page, mockApi);
});

test('an empty session has nothing to hand off, and nothing is sent', async ({
  connected: page,
  mockApi,
}) => {
  await send(page, '/handoff');
  await expect(statusNotice(page, NOTHING_TO_HAND_OFF)).toBeVisible();
  await handOffWithButton(page, 'anything');
  await expect(statusNotice(page, NOTHING_TO_HAND_OFF)).toHaveCount(2);
  await expect(handoffProgress(page)).toBeHidden();

  // The next request the mock sees is the user's own message: no handoff went out before it.
  await exchange(page, 'Hello');
  expect(mockApi.requests).toHaveLength(1);
  expect(requestText(mockApi.requests[0]?.body)).not.toContain(INSTRUCTION_PHRASE);
});

test('a session with one message has nothing to hand off, and nothing is sent', async ({
  connected: page,
  mockApi,
}) => {
  // One user message whose reply never came: the UI has no way to leave exactly that.
  await seedSession(page, {
    id: 'one-message',
    title: 'Only a question',
    messages: [{ role: 'user', text: 'What is Baton?' }],
  });
  await expect(page.getByRole('article', { name: 'You' })).toHaveText(['What is Baton?']);

  await send(page, '/handoff focus on it');
  await expect(statusNotice(page, NOTHING_TO_HAND_OFF)).toBeVisible();
  await expect(composer(page)).toHaveValue('');
  await handOffWithButton(page);
  await expect(statusNotice(page, NOTHING_TO_HAND_OFF)).toHaveCount(2);
  await expect(handoffProgress(page)).toBeHidden();
  await expect(sessionTitles(page)).toHaveCount(1);

  await exchange(page, 'Hello?');
  expect(mockApi.requests).toHaveLength(1);
  expect(requestText(mockApi.requests[0]?.body)).not.toContain(INSTRUCTION_PHRASE);
});

test('/handoff while a reply streams is refused; the reply goes on', async ({ connected: page, mockApi }) => {
  await exchange(page, TITLE);
  const answer = 'Refunds go through the same REST API, as a POST to /refunds with the charge id.';
  mockApi.script(textReply(answer, { delayMsPerEvent: 30 }));
  // The reply's request waits for its first byte until the refusals below are done.
  const reply = await holdNextModelRequest(page, mockApi);
  await send(page, 'And refunds?');
  const streaming = assistantMessages(page).last();
  await expect(streaming).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('agent-state')).toHaveText('Replying');

  const refusal = 'Cannot hand off while a reply is being written. Stop it with Esc first, then hand off.';
  await send(page, '/handoff focus on refunds');
  await expect(statusNotice(page, refusal)).toBeVisible();
  // The typed focus is kept for a retry once the reply ends.
  await expect(composer(page)).toHaveValue('/handoff focus on refunds');
  await composer(page).fill('');
  await handOffWithButton(page);
  await expect(statusNotice(page, refusal)).toHaveCount(2);
  await expect(handoffProgress(page)).toBeHidden();
  await expect(page.getByTestId('agent-state')).toHaveText('Replying');

  // The reply was not disturbed: it arrives whole.
  reply.release();
  await expect(streaming).toHaveText(answer);
  await waitIdle(page);
  await expect(streaming).toHaveAttribute('data-stop-reason', 'end_turn');
  expect(mockApi.requests).toHaveLength(2);
  // Nor does a handoff start late: the next request is the user's next message.
  await exchange(page, 'Thanks');
  expect(mockApi.requests).toHaveLength(3);
  for (const { body } of mockApi.requests) expect(requestText(body)).not.toContain(INSTRUCTION_PHRASE);
});

test('/handoffx is not the handoff command', async ({ connected: page, mockApi }) => {
  await exchange(page, TITLE);

  for (const typed of ['/handoffx', '/handoffx focus on billing']) {
    await send(page, typed);
    await expect(
      alertNotice(
        page,
        'Unknown command: /handoffx. Type / to see the commands, or start with // to send it as text.',
      ).first(),
    ).toBeVisible();
    await expect(composer(page)).toHaveValue(typed);
  }
  await expect(handoffProgress(page)).toBeHidden();
  await expect(sessionTitles(page)).toHaveCount(1);
  await exchange(page, 'Next');
  expect(mockApi.requests).toHaveLength(2);
  expect(requestText(mockApi.requests[1]?.body)).not.toContain(INSTRUCTION_PHRASE);
  expect(requestText(mockApi.requests[1]?.body)).not.toContain('handoffx');
});
