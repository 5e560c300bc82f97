/**
 * Sessions named by the model after their first exchange (issue 24, item 5): the one
 * small title request the mock sees, the title in the Sessions list and after a reload,
 * and everything that keeps the first message's title: the setting off, a failing
 * request, a rename by the user before the answer arrives.
 *
 * The shared fixtures turn "Name sessions with the model" off (helpers.ts, fillSettings):
 * other specs script the mock's replies in order and count its requests. Here it is on.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  activeSessionTitle,
  assistantMessages,
  exchange,
  openApp,
  revealSessionActions,
  send,
  sessionList,
  sessionTitles,
  settingsDialog,
  settingsSection,
  textReply,
  waitIdle,
} from './helpers';
import type { MockApi, MockStep } from './mock/mockApi';

test.use({ connection: { nameSessions: true } });

const QUESTION = 'How do I plan a week of hiking in the Alps?';
const TITLE = 'Hiking week in the Alps';

/** A reply of `text` whose first byte comes `ms` after the request: a title still on its way. */
function answerAfter(text: string, ms: number): MockStep {
  return { kind: 'reply', reply: { blocks: [{ type: 'text', text }] }, firstByteDelayMs: ms };
}

/** Waits until the title request (the mock's second) has been answered, and a moment after. */
async function titleAnswered(page: Page, mockApi: MockApi): Promise<void> {
  await expect.poll(() => mockApi.messageRequests()[1]?.answeredAt).toBeDefined();
  // What the app does with the answer happens in the next few frames; a title not shown by
  // then is not going to be (each check below would also catch one shown later).
  await page.waitForTimeout(500);
}

test('after the first exchange the model names the session, kept after a reload', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script(
    textReply('Start in Chamonix and walk east along the Haute Route.'),
    // Slow to answer: the next message goes out meanwhile, the composer never waits for it.
    answerAfter(`"${TITLE}."`, 1500),
    textReply('Late June to September.'),
  );
  await exchange(page, QUESTION);
  await expect(sessionTitles(page)).toHaveText([QUESTION]);
  await exchange(page, 'When is the best season?');
  await expect(assistantMessages(page)).toHaveCount(2);

  await expect(sessionTitles(page)).toHaveText([TITLE]);
  await expect(activeSessionTitle(page)).toContainText(TITLE);
  const requests = mockApi.messageRequests();
  expect(requests).toHaveLength(3);
  const [first, title] = requests;
  expect(title?.body.model).toBe(first?.body.model);
  expect(title?.body.max_tokens).toBe(30);
  expect(title?.body.tools).toBeUndefined();
  expect(['disabled', 'between_tools', undefined]).toContain(
    (title?.body.thinking as { type?: string } | undefined)?.type,
  );
  expect(JSON.stringify(title?.body.messages)).toContain(QUESTION);
  expect(JSON.stringify(title?.body.system)).toMatch(/at most 6 words/);
  // The title request is not part of the conversation: the next reply's request holds none of it.
  expect(JSON.stringify(requests[2]?.body)).not.toContain('at most 6 words');

  // Stored: another tab shows it, and so does this one after a reload.
  const other = await page.context().newPage();
  await openApp(other);
  await expect(sessionTitles(other)).toHaveText([TITLE]);
  await other.close();
  await page.reload();
  await expect(sessionTitles(page)).toHaveText([TITLE]);
  await expect(activeSessionTitle(page)).toContainText(TITLE);
});

test('the setting is on by default; turned off, no title is asked for', async ({
  connected: page,
  mockApi,
}) => {
  const general = await settingsSection(page, 'General');
  const box = general.getByLabel('Name sessions with the model');
  await expect(box).toBeChecked();
  await expect(general.getByText('one short request per new session')).toBeVisible();
  await box.uncheck();
  await settingsDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(settingsDialog(page)).toBeHidden();

  await exchange(page, QUESTION);
  await page.waitForTimeout(1000);
  expect(mockApi.messageRequests()).toHaveLength(1);
  await expect(sessionTitles(page)).toHaveText([QUESTION]);
});

for (const status of [500, 529] as const) {
  test(`a title request answered ${status} keeps the first message's title, with no error shown`, async ({
    connected: page,
    mockApi,
  }) => {
    mockApi.script(textReply('Start in Chamonix.'), { kind: 'status', status });
    await exchange(page, QUESTION);
    await titleAnswered(page, mockApi);
    // One attempt: no retries of a title, and no "Retrying" for it.
    expect(mockApi.messageRequests()).toHaveLength(2);
    await expect(sessionTitles(page)).toHaveText([QUESTION]);
    // The notices' live region is there, empty: no error sentence was put in it.
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
    await expect(page.getByText(/Retrying/)).toHaveCount(0);
    // The composer goes on as ever.
    await exchange(page, 'When is the best season?');
    await expect(sessionTitles(page)).toHaveText([QUESTION]);
  });
}

test('a rename made before the title arrives wins', async ({ connected: page, mockApi }) => {
  mockApi.script(textReply('Start in Chamonix.'), answerAfter(TITLE, 2500));
  await send(page, QUESTION);
  await expect(assistantMessages(page)).toHaveCount(1);
  await waitIdle(page);
  const item = await revealSessionActions(page, QUESTION);
  await item.getByRole('button', { name: `Rename ${QUESTION}`, exact: true }).click();
  const field = sessionList(page).getByRole('textbox', { name: 'Session title' });
  await field.fill('Alps 2027');
  await field.press('Enter');
  await expect(sessionTitles(page)).toHaveText(['Alps 2027']);
  // The title request was on its way when the user renamed.
  expect(mockApi.messageRequests()).toHaveLength(2);
  expect(mockApi.messageRequests()[1]?.answeredAt).toBeUndefined();

  await titleAnswered(page, mockApi);
  await expect(sessionTitles(page)).toHaveText(['Alps 2027']);
  await page.reload();
  await expect(sessionTitles(page)).toHaveText(['Alps 2027']);
});
