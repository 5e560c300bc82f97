/**
 * The handoff document: the section check on the card, the optional review editor,
 * Copy and "Download .md", tokens before and after, and the model of the new session.
 * Through the UI against the mock Messages API.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  composer,
  connect,
  exchange,
  handOffWithButton,
  handoffCard,
  handoffDocument,
  NEW_SESSION_NOTICE,
  requestText,
  send,
  sessionTitles,
  statusNotice,
  textReply,
  turnOnReview,
  waitIdle,
  withoutCacheMarks,
  wrappedHandoff,
} from './helpers';
import type { MockApi } from './mock/mockApi';

/** Review on, one exchange, then Hand off: returns the review editor, open on the document. */
async function openReview(page: Page, mockApi: MockApi): Promise<Locator> {
  await turnOnReview(page);
  await exchange(page, 'Tell me about billing');
  mockApi.script(textReply(handoffDocument('the billing API')));
  await handOffWithButton(page);
  const editor = page.getByRole('dialog', { name: 'Review handoff document' });
  await expect(editor).toBeVisible();
  return editor;
}

test('the card lists missing and empty sections, and still hands off; the warning survives a reload', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Tell me about billing');
  mockApi.script(textReply('## Goal\nShip billing.\n\n## Progress\n\n## Next Steps\n1. Tests.'));
  await handOffWithButton(page);
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();

  const warning = handoffCard(page).getByRole('note', { name: 'Section check' });
  await expect(warning).toContainText(
    'Missing sections: Constraints & Preferences, Key Decisions, Critical Context.',
  );
  await expect(warning).toContainText('Empty sections: Progress.');
  await page.reload();
  await expect(handoffCard(page).getByRole('note', { name: 'Section check' })).toContainText(
    'Missing sections: Constraints & Preferences, Key Decisions, Critical Context.',
  );
});

test('a complete document shows no section warning; the card shows tokens before and after', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, 'Tell me about billing');
  const document = handoffDocument('the billing API');
  mockApi.script({
    kind: 'reply',
    reply: {
      blocks: [{ type: 'text', text: document }],
      usage: {
        input_tokens: 1000,
        output_tokens: 200,
        cache_read_input_tokens: 30,
        cache_creation_input_tokens: 4,
      },
    },
  });
  await handOffWithButton(page);
  const card = handoffCard(page);
  await expect(card).toContainText('Ship the billing API');
  await expect(card.getByRole('note', { name: 'Section check' })).toHaveCount(0);

  const tokens = card.getByTestId('handoff-tokens');
  const estimate = Math.ceil(wrappedHandoff(document).length / 4);
  await expect(tokens).toHaveText(
    `Before: 1,234 tokens · After: ~${estimate.toLocaleString('en-US')} tokens (estimate)`,
  );
  // The first reply in the new session reports the real size of the new context.
  mockApi.script({
    kind: 'reply',
    reply: { blocks: [{ type: 'text', text: 'On it.' }], usage: { input_tokens: 700, output_tokens: 12 } },
  });
  await send(page, 'Go on');
  await waitIdle(page);
  await expect(tokens).toHaveText('Before: 1,234 tokens · After: 712 tokens (first reply)');
  await page.reload();
  await expect(handoffCard(page).getByTestId('handoff-tokens')).toHaveText(
    'Before: 1,234 tokens · After: 712 tokens (first reply)',
  );
});

test('Copy puts the document on the clipboard; Download .md saves it under the session title', async ({
  page,
  context,
  mockApi,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await connect(page, mockApi);
  await exchange(page, 'Tell me about billing');
  const document = handoffDocument('the billing API');
  mockApi.script(textReply(document));
  await handOffWithButton(page);
  const card = handoffCard(page);
  await expect(card).toContainText('Ship the billing API');

  await card.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(card.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(document);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download .md' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('handoff-ship-the-billing-api-part-2.md');
  const path = await download.path();
  expect(await readFile(path, 'utf8')).toBe(document);
});

test('review on: the edited document starts the new session, in its card and in its next request', async ({
  connected: page,
  mockApi,
}) => {
  const editor = await openReview(page, mockApi);
  const document = handoffDocument('the billing API');
  const field = editor.getByLabel('Handoff document');
  await expect(field).toHaveValue(document);
  // Nothing has switched while the user reads.
  await expect(activeSessionTitle(page)).toHaveText('Tell me about billing');

  // An empty document is not taken: the editor stays, and says why.
  await field.fill('   ');
  await editor.getByRole('button', { name: 'Start new session' }).click();
  await expect(editor.getByRole('alert')).toHaveText('The document is empty. Write the handoff, or Cancel.');
  await expect(editor).toBeVisible();

  const edited = document.replace('Ship the billing API.', 'Ship the EDITED billing API.');
  await field.fill(edited);
  await editor.getByRole('button', { name: 'Start new session' }).click();
  await expect(editor).toBeHidden();
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  await expect(handoffCard(page)).toContainText('Ship the EDITED billing API.');
  // Named by the Goal the user left in the document.
  await expect(activeSessionTitle(page)).toHaveText(/Ship the EDITED billing API · part 2$/);

  await exchange(page, 'Go on');
  const next = mockApi.requests.at(-1)?.body;
  expect(withoutCacheMarks(next?.messages?.[0]?.content)).toEqual([
    { type: 'text', text: wrappedHandoff(edited) },
    { type: 'text', text: 'Go on' },
  ]);
  expect(requestText(next)).not.toContain('Ship the billing API.');
});

test('review on: Cancel gives "Handoff cancelled" and stays in the old session', async ({
  connected: page,
  mockApi,
}) => {
  const editor = await openReview(page, mockApi);
  await editor.getByRole('button', { name: 'Cancel' }).click();

  await expect(statusNotice(page, 'Handoff cancelled')).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(handoffCard(page)).toHaveCount(0);
  await expect(sessionTitles(page)).toHaveCount(1);
  await expect(activeSessionTitle(page)).toHaveText('Tell me about billing');
  // The old session takes the next message.
  await exchange(page, 'Carry on here');
  expect(requestText(mockApi.requests.at(-1)?.body)).toContain('Tell me about billing');
});

test('the popover picks the new session model; its replies use it, also after a reload', async ({
  page,
  mockApi,
}) => {
  await connect(page, mockApi, { model: 'claude-first-model' });
  await exchange(page, 'Tell me about billing');
  expect(mockApi.requests[0]?.body.model).toBe('claude-first-model');
  mockApi.script(textReply(handoffDocument('the billing API')));

  await page.getByRole('button', { name: 'Hand off', exact: true }).click();
  const popover = page.getByRole('dialog', { name: 'Hand off to a new session' });
  const modelField = popover.getByLabel('Model for the new session');
  await expect(modelField).toHaveValue('claude-first-model');
  await modelField.fill('claude-picked-model');
  await modelField.press('Enter');
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  // The document itself is written by the old session's model.
  expect(mockApi.requests[1]?.body.model).toBe('claude-first-model');

  await exchange(page, 'Go on');
  expect(mockApi.requests[2]?.body.model).toBe('claude-picked-model');
  await page.reload();
  await expect(handoffCard(page)).toBeVisible();
  await exchange(page, 'And after a reload?');
  expect(mockApi.requests[3]?.body.model).toBe('claude-picked-model');
  // The popover now offers the session's own model.
  await page.getByRole('button', { name: 'Hand off', exact: true }).click();
  await expect(popover.getByLabel('Model for the new session')).toHaveValue('claude-picked-model');
  await expect(composer(page)).toBeVisible();
});
