/**
 * Editing: ↑ in an empty composer edits the last user message as a new branch
 * of the entry tree; Esc cancels the edit. Through the UI against the mock Messages API.
 */
import { expect, test } from './fixtures';
import {
  assistantMessages,
  composer,
  exchange,
  requestText,
  userMessages,
  waitIdle,
  withoutCacheMarks,
} from './helpers';

// Two exchanges, then ↑ in the empty composer: the last message is up for editing.
test.beforeEach(async ({ connected: page }) => {
  await exchange(page, 'First question');
  await exchange(page, 'Second question');
  await composer(page).press('ArrowUp');
  await expect(composer(page)).toHaveValue('Second question');
});

test('↑ edits the last message: the request carries the new branch only, and the old message leaves the view', async ({
  page,
  mockApi,
}) => {
  await expect(page.getByTestId('editing-message')).toContainText('Second question');

  await composer(page).fill('Second question, edited');
  await composer(page).press('Enter');
  // The reply first: Ready alone can be read before the send has begun.
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Second question, edited');
  await waitIdle(page);

  const request = mockApi.requests.at(-1)?.body;
  expect(withoutCacheMarks(request?.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'First question' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Mock reply to: First question' }] },
    { role: 'user', content: [{ type: 'text', text: 'Second question, edited' }] },
  ]);
  expect(requestText(request)).not.toContain('"Second question"');
  await expect(userMessages(page)).toHaveText(['First question', 'Second question, edited']);
  await expect(assistantMessages(page).last()).toHaveText('Mock reply to: Second question, edited');
  await expect(page.getByText('Mock reply to: Second question', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('editing-message')).toHaveCount(0);

  // The new branch is the session's branch after a reload too.
  await page.reload();
  await expect(userMessages(page)).toHaveText(['First question', 'Second question, edited']);
});

test('Esc cancels the edit: the composer empties and the next message continues the same branch', async ({
  page,
  mockApi,
}) => {
  await composer(page).press('Escape');
  await expect(composer(page)).toHaveValue('');
  await expect(page.getByTestId('editing-message')).toHaveCount(0);

  await exchange(page, 'Third question');
  const texts = requestText(mockApi.requests.at(-1)?.body);
  expect(texts).toContain('"Second question"');
  expect(texts).toContain('Third question');
  await expect(userMessages(page)).toHaveText(['First question', 'Second question', 'Third question']);
});
