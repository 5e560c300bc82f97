/**
 * Handoff polish (issue 24, item 8): the new session opens at the top of its card with the
 * work's todos carried over (the old session's open ones, or the document's Next Steps);
 * the old session ends with "Continued in <title>" and its composer offers to go there;
 * a cancelled handoff is sent nowhere and fills nothing of the meter.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  composer,
  exchange,
  handoffCard,
  handoffDocument,
  NEW_SESSION_NOTICE,
  requestText,
  send,
  stalledReply,
  statusNotice,
  textReply,
  waitIdle,
} from './helpers';

const TITLE = 'Tell me about billing';

function todosPanel(page: Page) {
  return page.getByRole('complementary', { name: 'Todos' });
}

/** A document long enough that the card is taller than the chat. */
function longDocument(): string {
  const progress = Array.from({ length: 40 }, (_, i) => `- Step ${i + 1} of the billing work is done.`);
  return handoffDocument('the billing API').replace('## Progress\n', `## Progress\n${progress.join('\n')}\n`);
}

test('the new session opens at the top of its card, with the Next Steps as its todos', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, TITLE);
  await expect(todosPanel(page)).toHaveCount(0);
  mockApi.script(textReply(longDocument()));
  await send(page, '/handoff');
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  const card = handoffCard(page);
  await expect(card).toContainText('Step 40 of the billing work');

  // At the top: the card's header (where it came from) on screen, the chat not scrolled.
  await expect(card.getByText(`Continued from ${TITLE}`)).toBeInViewport();
  expect(await page.locator('.chat').evaluate((el) => el.scrollTop)).toBe(0);
  expect(await page.locator('.chat').evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);

  // No todos in the old session: the Next Steps are the new one's, live, and kept on reload.
  const items = todosPanel(page).getByRole('listitem');
  await expect(items).toHaveText([/To do:\s*Write the tests\./, /To do:\s*Open the pull request\./]);
  await page.reload();
  await expect(items).toHaveText([/To do:\s*Write the tests\./, /To do:\s*Open the pull request\./]);
  await expect(handoffCard(page).getByText(`Continued from ${TITLE}`)).toBeInViewport();
});

test("the old session's open todos carry over, its finished ones stay behind", async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script(
    {
      kind: 'reply',
      reply: {
        blocks: [
          { type: 'text', text: 'Planning.' },
          {
            type: 'tool_use',
            id: 'toolu_carry',
            name: 'todo_write',
            input: {
              todos: [
                { content: 'Read the invoices', status: 'completed' },
                { content: 'Write the refund flow', status: 'in_progress' },
                { content: 'Test the refunds', status: 'pending' },
              ],
            },
          },
        ],
      },
    },
    textReply('Planned.'),
  );
  await send(page, TITLE);
  await expect(todosPanel(page).getByRole('listitem')).toHaveCount(3);
  await waitIdle(page);

  mockApi.script(textReply(handoffDocument('the billing API')));
  await send(page, '/handoff');
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  await expect(activeSessionTitle(page)).toHaveText(/part 2/);
  await expect(todosPanel(page).getByRole('listitem')).toHaveText([
    /In progress:\s*Write the refund flow/,
    /To do:\s*Test the refunds/,
  ]);
});

test('the old session ends with "Continued in <title>" and its composer offers to continue there', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, TITLE);
  mockApi.script(textReply(handoffDocument('the billing API')));
  await send(page, '/handoff');
  await expect(statusNotice(page, NEW_SESSION_NOTICE)).toBeVisible();
  // The list may mark a handed-off session (↪) before its title.
  const childTitle = ((await activeSessionTitle(page).textContent()) ?? '').replace(/^↪\s*/, '');
  expect(childTitle).toMatch(/part 2/);

  await handoffCard(page).getByRole('button', { name: TITLE }).click();
  await expect(activeSessionTitle(page)).toHaveText(TITLE);
  const line = page.getByText(/^Continued in/);
  await expect(line).toHaveText(`Continued in ${childTitle}`);
  const offer = page.locator('.continue-there');
  await expect(offer).toContainText(`This work continues in ${childTitle}.`);

  // The link opens the new session...
  await line.getByRole('button', { name: childTitle }).click();
  await expect(activeSessionTitle(page)).toHaveText(new RegExp(`${childTitle}$`));
  await expect(handoffCard(page)).toBeVisible();
  await expect(page.locator('.continue-there')).toHaveCount(0);
  // ...and so does the composer's offer, by keyboard.
  await handoffCard(page).getByRole('button', { name: TITLE }).click();
  await expect(activeSessionTitle(page)).toHaveText(TITLE);
  await page.getByRole('button', { name: 'Continue there' }).focus();
  await page.keyboard.press('Enter');
  await expect(activeSessionTitle(page)).toHaveText(new RegExp(`${childTitle}$`));
  await expect(composer(page)).toBeVisible();
});

test('a cancelled handoff leaves nothing in the next request or the meter', async ({
  connected: page,
  mockApi,
}) => {
  await exchange(page, TITLE);
  const meter = page.getByTestId('context-count');
  const before = await meter.textContent();

  const half = `${handoffDocument('the billing API').split('## Key Decisions')[0]}## Key Decisions\n- REST over`;
  mockApi.script(stalledReply(half));
  await send(page, '/handoff');
  await expect(page.getByRole('progressbar', { name: 'Handoff progress' })).toBeVisible();
  await expect(page.getByText('Ship the billing API').first()).toBeVisible();
  await composer(page).press('Escape');
  await expect(statusNotice(page, 'Handoff cancelled')).toBeVisible();
  await waitIdle(page);
  await expect(meter).toHaveText(before ?? '');

  await exchange(page, 'Still there?');
  const next = mockApi.requests.at(-1)?.body;
  const sent = requestText(next);
  expect(sent).not.toContain('[Baton handoff request]');
  expect(sent).not.toContain('Ship the billing API');
  expect(next?.messages?.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
});
