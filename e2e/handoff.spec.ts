/**
 * The handoff's happy paths, through the UI against the mock Messages API: typed
 * `/handoff`, the "Hand off" button, the key kept out of what is sent and stored,
 * lineage after a reload, and the offline demo model. Failures, cancels and refusals
 * live in handoff-errors.spec.ts, handoff-cancel.spec.ts and handoff-refusals.spec.ts.
 *
 * With BATON_SCREENSHOTS=1 the first test also refreshes two of the README's screenshots
 * (see saveReadmeScreenshot).
 */
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  assistantMessages,
  composer,
  dismissNotices,
  exchange,
  HANDOFF_SECTION_NAMES,
  handOff,
  handOffWithButton,
  handoffCard,
  handoffDocument,
  handoffProgress,
  handoffRequest,
  NEW_SESSION_NOTICE,
  openApp,
  requestText,
  saveReadmeScreenshot,
  send,
  sessionTitles,
  statusNotice,
  TEST_KEY,
  textReply,
  userMessages,
  waitIdle,
  withoutCacheMarks,
  wrappedHandoff,
} from './helpers';

test('typed /handoff with focus writes the document and seeds a new session with it', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Tell me about billing');

  // The command is offered with its hint while its name is typed.
  await composer(page).fill('/hand');
  const option = page.getByRole('listbox', { name: 'Commands' }).getByRole('option', { name: /\/handoff/ });
  await expect(option).toContainText('[focus instructions]');

  // (The progress line while it is written is checked in handoff-cancel.spec.ts.)
  const document = handoffDocument('the billing API');
  mockApi.script(textReply(document));
  await send(page, '/handoff focus on the billing API');
  await expect(composer(page)).toHaveValue('');

  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  await expect(handoffProgress(page)).toBeHidden();
  const card = handoffCard(page);
  await expect(card).toContainText('Ship the billing API');
  await expect(card).toContainText('Continued from Tell me about billing');
  // The card is the new session's first (and only) item: none of the old transcript.
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Handoff document');
  for (const section of HANDOFF_SECTION_NAMES) {
    await expect(card.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  await expect(activeSessionTitle(page)).toHaveText(/Ship the billing API · part 2$/);
  // A long card scrolls inside the chat; the message box stays on screen.
  await expect(composer(page)).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Hand off', exact: true })).toBeInViewport();
  // The chat follows the newest content; the picture shows the card from its header.
  await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await saveReadmeScreenshot(page, 'handoff-new-session.png');

  const [first, handoff] = mockApi.requests;
  const instruction = requestText(handoff?.body);
  for (const section of HANDOFF_SECTION_NAMES) expect(instruction).toContain(section);
  expect(instruction).toContain('Additional focus: focus on the billing API');
  // Same system prompt, tools and tool_choice as the conversation, so the API reads the
  // conversation from its prompt cache (a tool call in this turn is refused, not run).
  expect(handoff?.body.tool_choice).toEqual(first?.body.tool_choice);
  expect(handoff?.body.system).toEqual(first?.body.system);
  expect(handoff?.body.tools).toEqual(first?.body.tools);
  expect(handoff?.body.tools?.length).toBeGreaterThan(0);

  await send(page, 'Go on');
  await waitIdle(page);
  await expect(assistantMessages(page)).toHaveCount(1);
  const next = mockApi.requests[2]?.body;
  expect(withoutCacheMarks(next?.messages)).toEqual([
    {
      role: 'user',
      content: [
        { type: 'text', text: wrappedHandoff(document) },
        { type: 'text', text: 'Go on' },
      ],
    },
  ]);
  // The new session's system prompt frames the block as the model's own notes.
  expect(JSON.stringify(next?.system)).toContain('<handoff-context>');
  expect(next?.tool_choice).toEqual({ type: 'auto' });
  await expect(composer(page)).toHaveValue('');

  // Lineage: back to the old session, which says where the work went, and forward again.
  await card.getByRole('button', { name: 'Tell me about billing' }).click();
  await expect(activeSessionTitle(page)).toHaveText('Tell me about billing');
  await expect(userMessages(page).first()).toHaveText('Tell me about billing');
  await expect(handoffRequest(page)).toBeVisible();
  await expect(assistantMessages(page).last()).toContainText('Ship the billing API');
  const handedOff = page.getByText(/^Continued in/);
  await expect(handedOff).toHaveText('Continued in Ship the billing API · part 2');
  await handedOff.scrollIntoViewIfNeeded();
  // For the screenshot, without the notices: those not gone by themselves yet (they leave
  // after a few seconds, so on a slow machine there may be none left to dismiss).
  await dismissNotices(page);
  await saveReadmeScreenshot(page, 'handoff-old-session.png');
  await handedOff.getByRole('button', { name: 'Ship the billing API · part 2' }).click();
  await expect(activeSessionTitle(page)).toHaveText(/Ship the billing API · part 2$/);
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Handoff document');
  await expect(userMessages(page)).toHaveText(['Go on']);
});

test('the "Hand off" button with a focus sends it as Additional focus', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Tell me about billing');
  mockApi.script(textReply(handoffDocument('the billing API')));

  await handOffWithButton(page, 'the refund flow');
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  await expect(handoffCard(page)).toContainText('Ship the billing API');
  const instruction = requestText(mockApi.requests[1]?.body);
  expect(instruction).toContain('Additional focus: the refund flow');
  for (const section of HANDOFF_SECTION_NAMES) expect(instruction).toContain(section);
  expect(mockApi.requests[1]?.body.tool_choice).toEqual({ type: 'auto' });
});

test('the "Hand off" button without a focus sends no Additional focus; Esc closes it unused', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Tell me about billing');

  // Opened and closed with Esc: nothing starts.
  await page.getByRole('button', { name: 'Hand off', exact: true }).click();
  const popover = page.getByRole('dialog', { name: 'Hand off to a new session' });
  await expect(popover.getByLabel('Focus (optional)')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(handoffProgress(page)).toBeHidden();

  mockApi.script(textReply(handoffDocument('the billing API')));
  await handOffWithButton(page);
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  await expect(handoffCard(page)).toContainText('Continued from Tell me about billing');
  expect(mockApi.requests).toHaveLength(2);
  const instruction = requestText(mockApi.requests[1]?.body);
  for (const section of HANDOFF_SECTION_NAMES) expect(instruction).toContain(section);
  expect(instruction).not.toContain('Additional focus');
});

test('the API key typed into the focus, or written by the model, never leaves as itself', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Tell me about billing');
  // A model that echoes the key into its document.
  mockApi.script(textReply(`${handoffDocument('the billing API')}\n\nThe key is ${TEST_KEY}.`));

  await handOffWithButton(page, `staging uses ${TEST_KEY}`);
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  const handoff = mockApi.requests[1];
  expect(handoff?.rawBody).not.toContain(TEST_KEY);
  expect(requestText(handoff?.body)).toContain('Additional focus: staging uses [API key removed]');

  const card = handoffCard(page);
  await expect(card).toContainText('The key is [API key removed].');
  await expect(card).not.toContainText(TEST_KEY);
  await exchange(page, 'Go on');
  const next = mockApi.requests[2];
  expect(next?.rawBody).toContain('The key is [API key removed].');
  expect(next?.rawBody).not.toContain(TEST_KEY);

  // What was stored is redacted too.
  await page.reload();
  await expect(handoffCard(page)).toContainText('The key is [API key removed].');
  await expect(handoffCard(page)).not.toContainText(TEST_KEY);
});

test('a reload right after the handoff lands in the new session; lineage links work both ways', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Tell me about billing');
  await handOff(page, mockApi);

  await page.reload();
  await expect(composer(page)).toBeVisible();
  await expect(activeSessionTitle(page)).toHaveText(/Ship the billing API · part 2$/);
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Handoff document');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(sessionTitles(page)).toHaveCount(2);

  // The card alone is not a conversation: a second handoff has nothing to hand off.
  await send(page, '/handoff');
  await expect(statusNotice(page, 'Nothing to hand off (no messages yet)')).toBeVisible();
  expect(mockApi.requests).toHaveLength(2);

  await handoffCard(page).getByRole('button', { name: 'Tell me about billing' }).click();
  await expect(activeSessionTitle(page)).toHaveText('Tell me about billing');
  await expect(userMessages(page).first()).toHaveText('Tell me about billing');
  await expect(handoffCard(page)).toHaveCount(0);
  await page
    .getByText(/^Continued in/)
    .getByRole('button', { name: 'Ship the billing API · part 2' })
    .click();
  await expect(activeSessionTitle(page)).toHaveText(/Ship the billing API · part 2$/);
  await expect(handoffCard(page)).toContainText('Ship the billing API');

  // And after another reload, from the old session's side.
  await handoffCard(page).getByRole('button', { name: 'Tell me about billing' }).click();
  await expect(activeSessionTitle(page)).toHaveText('Tell me about billing');
  await page.reload();
  await expect(activeSessionTitle(page)).toHaveText('Tell me about billing');
  await expect(page.getByText(/^Continued in/)).toHaveText('Continued in Ship the billing API · part 2');
});

test('the demo model without a key goes through the whole handoff', async ({ page, mockApi }) => {
  await openApp(page);
  await expect(page.getByText('Demo (offline)').first()).toBeVisible();
  // The demo types at a human pace: its replies get more than the usual wait (a busy
  // two-core machine makes its 15 ms per event much slower).
  const typed = { timeout: 60_000 };
  await send(page, 'Explain how the billing API handles refunds. It must stay REST.');
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(page.getByTestId('agent-state')).toHaveText('Ready', typed);

  await send(page, '/handoff focus on refunds');
  await expect(handoffProgress(page)).toBeVisible();
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible(typed);
  const card = handoffCard(page);
  await expect(card).toContainText('Continued from Explain how the billing API handles refunds.');
  for (const section of HANDOFF_SECTION_NAMES) {
    await expect(card.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  await expect(card).toContainText('It must stay REST.');
  await expect(card).toContainText('focus on refunds');
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Handoff document');

  // The new session answers from the handoff: the demo quotes the document's goal.
  await send(page, 'Carry on');
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(page.getByTestId('agent-state')).toHaveText('Ready', typed);
  await expect(assistantMessages(page)).toContainText(
    'I have the handoff notes from the previous session. Its goal: “Explain how the billing API handles refunds.',
  );
  expect(mockApi.requests).toHaveLength(0);
});
