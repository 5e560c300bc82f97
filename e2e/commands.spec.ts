/**
 * Slash commands: /help, /new, unknown commands held back, the `//` escape, prompt
 * templates from Settings, and the `/` autocomplete used by keyboard.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  addPromptTemplate,
  alertNotice,
  assistantMessages,
  composer,
  send,
  sessionTitles,
  textReply,
  userMessages,
  waitIdle,
  withoutCacheMarks,
} from './helpers';

const HELP_LINES = [
  '/handoff [focus instructions] — Write a handoff document and continue in a fresh session seeded with it',
  '/help — List the commands and your prompt templates',
  '/new — Start a new, empty session',
];

function helpNotice(page: Page) {
  return page.getByRole('status').getByRole('listitem');
}

function unknownCommand(name: string): string {
  return `Unknown command: /${name}. Type / to see the commands, or start with // to send it as text.`;
}

function autocomplete(page: Page) {
  return page.getByRole('listbox', { name: 'Commands' });
}

test('/help lists the commands, /handoff with its argument hint, and sends nothing', async ({
  connected: page,
  mockApi,
}) => {
  await send(page, '/help');
  await expect(page.getByRole('status').getByText('Commands', { exact: true })).toBeVisible();
  const lines = await helpNotice(page).allTextContents();
  expect(lines.slice(0, 3).sort()).toEqual(HELP_LINES);
  expect(lines.at(-1)).toContain('Esc stops a reply');
  await expect(composer(page)).toHaveValue('');
  await expect(userMessages(page)).toHaveCount(0);
  expect(mockApi.requests).toHaveLength(0);
});

test('/new starts an empty session; the old one stays in the list and can be reopened', async ({
  connected: page,
  mockApi,
}) => {
  await send(page, 'Message in the old session');
  await expect(assistantMessages(page)).toHaveText(['Mock reply to: Message in the old session']);
  await waitIdle(page);

  await send(page, '/new');
  await expect(userMessages(page)).toHaveCount(0);
  await expect(assistantMessages(page)).toHaveCount(0);
  await expect(composer(page)).toHaveValue('');
  await expect(sessionTitles(page)).toHaveText(['New session', 'Message in the old session']);
  await expect(sessionTitles(page).first()).toHaveAttribute('aria-current', 'page');
  expect(mockApi.requests).toHaveLength(1);

  // The new session starts from nothing: its first request has only its own message.
  await send(page, 'Fresh start');
  await expect(assistantMessages(page)).toHaveText(['Mock reply to: Fresh start']);
  await waitIdle(page);
  expect(withoutCacheMarks(mockApi.requests[1]?.body.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'Fresh start' }] },
  ]);
  await expect(sessionTitles(page)).toHaveText(['Fresh start', 'Message in the old session']);

  await sessionTitles(page).filter({ hasText: 'Message in the old session' }).click();
  await expect(userMessages(page)).toHaveText(['Message in the old session']);
});

test('an unknown command is held back with a notice; the text stays and nothing is sent', async ({
  connected: page,
  mockApi,
}) => {
  await send(page, '/foo bar baz');
  await expect(alertNotice(page, unknownCommand('foo'))).toBeVisible();
  await expect(composer(page)).toHaveValue('/foo bar baz');
  // A name that only starts like a command is not that command.
  await send(page, '/newx');
  await expect(alertNotice(page, unknownCommand('newx'))).toBeVisible();
  await expect(composer(page)).toHaveValue('/newx');
  await expect(userMessages(page)).toHaveCount(0);
  await expect(sessionTitles(page)).toHaveText(['New session']);
  expect(mockApi.requests).toHaveLength(0);
});

test('//foo sends the literal /foo', async ({ connected: page, mockApi }) => {
  mockApi.script(textReply('Literal received.'));
  await send(page, '//foo is a path');
  await expect(userMessages(page)).toHaveText(['/foo is a path']);
  await expect(assistantMessages(page)).toHaveText(['Literal received.']);
  await waitIdle(page);
  await expect(page.getByRole('alert')).toHaveText('');
  expect(withoutCacheMarks(mockApi.requests[0]?.body.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: '/foo is a path' }] },
  ]);
});

test('a prompt template from Settings expands $ARGUMENTS into the request', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script(textReply('Reviewed.'));
  await addPromptTemplate(page, 'review', 'Review this for bugs: $ARGUMENTS. Be brief.');

  await send(page, '/review the token parser');
  await expect(assistantMessages(page)).toHaveText(['Reviewed.']);
  await waitIdle(page);
  expect(withoutCacheMarks(mockApi.requests[0]?.body.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'Review this for bugs: the token parser. Be brief.' }] },
  ]);
  await expect(userMessages(page)).toHaveText(['Review this for bugs: the token parser. Be brief.']);

  // Templates are listed by /help and offered by the autocomplete.
  await send(page, '/help');
  await expect(page.getByRole('status').getByRole('listitem')).toContainText(['/review — template']);
  await composer(page).pressSequentially('/rev');
  await expect(autocomplete(page).getByRole('option')).toHaveText([/^\/review\[arguments\]/]);
});

test('autocomplete by keyboard: / opens the list, arrows move, Tab completes, Esc closes, Enter runs', async ({
  connected: page,
  mockApi,
}) => {
  const box = composer(page);
  await box.click();
  await box.pressSequentially('/');
  const list = autocomplete(page);
  await expect(list).toBeVisible();
  const options = list.getByRole('option');
  await expect(options).toHaveText([/^\/handoff\[focus instructions\]/, /^\/help/, /^\/new/]);
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) ?? '');

  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
  await box.press('ArrowDown');
  await expect(options.nth(2)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowDown'); // wraps to the top
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowUp'); // and back to the bottom
  await expect(options.nth(2)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowUp');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');

  // Tab completes the selected command and closes the list.
  await box.press('Tab');
  await expect(box).toHaveValue('/help ');
  await expect(box).toBeFocused();
  await expect(list).toBeHidden();
  // Enter on the completed command runs it.
  await box.press('Enter');
  await expect(page.getByRole('status').getByText('Commands', { exact: true })).toBeVisible();
  await expect(box).toHaveValue('');

  // Esc closes the list and leaves the text alone.
  await box.pressSequentially('/ne');
  await expect(list.getByRole('option')).toHaveText([/^\/new/]);
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('/ne');
  // Typing on opens it again; Enter on a name typed in full runs it rather than completing it.
  await box.pressSequentially('w');
  await expect(list.getByRole('option')).toHaveText([/^\/new/]);
  await send(page, 'Before the new session');
  await waitIdle(page);
  await box.pressSequentially('/new');
  await expect(list).toBeVisible();
  await box.press('Enter');
  await expect(sessionTitles(page)).toHaveText(['New session', 'Before the new session']);
  await expect(userMessages(page)).toHaveCount(0);
  await expect(box).toHaveValue('');
  // Enter with the list open and a partial name completes it, without sending.
  await box.pressSequentially('/he');
  await box.press('Enter');
  await expect(box).toHaveValue('/help ');
  expect(mockApi.requests).toHaveLength(1);
});
