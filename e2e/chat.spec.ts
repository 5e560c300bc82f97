/**
 * Chatting: the offline demo model, the real API through the mock (the exact request the
 * SDK sends), and stopping a reply with Esc or the Stop button.
 */
import type { Page } from '@playwright/test';
import { createHandoffTool } from '../src/core/handoff/handoffTool';
import { createTodoWriteTool } from '../src/core/todos/todoWriteTool';
import { TEXT_EDITOR_TOOL_NAME, TEXT_EDITOR_TOOL_TYPE } from '../src/core/workspace/textEditorTool';
import { VIEW_MAX_CHARACTERS } from '../src/core/workspace/viewLimits';
import { expect, test } from './fixtures';
import {
  assistantMessages,
  composer,
  connect,
  exchange,
  openApp,
  send,
  settingsDialog,
  settingsSection,
  TEST_KEY,
  textReply,
  userMessages,
  waitIdle,
  withoutCacheMarks,
} from './helpers';

/** Copied, not imported: a change to what the model is told should be a deliberate one. */
const SYSTEM_PROMPT = [
  'You are the assistant in Baton, a chat app for long working sessions.',
  'Be direct and precise. Use markdown where it helps; put code in fenced blocks.',
  'For work with several steps, keep a plan with the todo_write tool and keep it current.',
].join('\n');

/** The tool definition the app declares, taken from the tool itself. */
const TODO_TOOL = createTodoWriteTool({ get: () => [], set: () => {} }).definition;
/** The tool the model proposes a handoff with; its answer comes from the user, never here. */
const HANDOFF_TOOL = createHandoffTool(() => Promise.reject(new Error('not asked in this test'))).definition;
/** The API's text editor on the session's workspace, as the wire carries it: its type, name and view limit. */
const TEXT_EDITOR_TOOL = {
  type: TEXT_EDITOR_TOOL_TYPE,
  name: TEXT_EDITOR_TOOL_NAME,
  max_characters: VIEW_MAX_CHARACTERS,
};

/**
 * Streamed four characters every 300 ms (about eight seconds in all): a loaded CI machine
 * still has plenty of time to stop it half-way.
 */
const LONG_REPLY =
  'Alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa.';

/**
 * Resolves with the length of the first partial reply seen on screen: an assistant
 * message still marked busy, with some text, while the status says Replying and the Stop
 * button shows. Checked on every animation frame, the pace the app renders a stream at,
 * so even a fast stream cannot slip between two polls.
 */
async function watchForPartialReply(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const text = document.querySelector('article[aria-label="Assistant"][aria-busy="true"] .markdown');
      const state = document.querySelector('[data-testid="agent-state"]')?.textContent;
      const stop = [...document.querySelectorAll('button')].some((b) => b.textContent === 'Stop');
      const length = text?.textContent?.length ?? 0;
      return length > 0 && state === 'Replying' && stop ? length : false;
    },
    undefined,
    { polling: 'raf' },
  );
  // waitForFunction resolves only on a truthy value: here always the length.
  return Number(await handle.jsonValue());
}

test('chats with the offline demo model when no key is set, and nothing leaves the browser', async ({
  page,
  mockApi,
}) => {
  const appOrigin = new URL(test.info().project.use.baseURL ?? 'http://invalid').origin;
  const foreignRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== appOrigin) foreignRequests.push(request.url());
  });
  await openApp(page);
  await expect(page.getByTitle('Model', { exact: true })).toHaveText('Demo (offline)');

  const partial = watchForPartialReply(page);
  await send(page, 'Hello there, demo');
  await expect(userMessages(page)).toHaveText(['Hello there, demo']);
  const reply = assistantMessages(page).first();
  // The demo writes at a human pace: part of the reply was on screen while it was written.
  const partialLength = await partial;
  await waitIdle(page);
  await expect(reply).toHaveAttribute('aria-busy', 'false');
  await expect(reply).toContainText("Hello! This is Baton's offline demo model");
  await expect(reply).toContainText('You wrote: “Hello there, demo”');
  const finalLength = ((await reply.locator('.markdown').textContent()) ?? '').length;
  expect(partialLength).toBeLessThan(finalLength);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  expect(mockApi.requests).toHaveLength(0);
  expect(mockApi.preflights).toBe(0);
  expect(foreignRequests).toEqual([]);
});

test('with a key and base URL it sends the exact request, with the free-text model, to that URL', async ({
  page,
  mockApi,
}) => {
  mockApi.script(textReply('Hello from the **mock**.'));
  await connect(page, mockApi, {
    baseURL: `${mockApi.url}/`,
    model: 'my-gateway/claude-custom-1',
    maxTokens: 1234,
  });
  await expect(page.getByTitle('Model', { exact: true })).toHaveText('my-gateway/claude-custom-1');

  await send(page, 'Hi model');
  await expect(assistantMessages(page)).toHaveCount(1);
  await waitIdle(page);
  // Markdown is rendered, not shown as asterisks.
  await expect(assistantMessages(page).first().locator('strong')).toHaveText('mock');
  await expect(assistantMessages(page).first()).toHaveText('Hello from the mock.');

  expect(mockApi.requests).toHaveLength(1);
  const [request] = mockApi.requests;
  expect(request?.method).toBe('POST');
  // The trailing slash typed into the base URL is not doubled into the path.
  expect(request?.path).toBe('/v1/messages');
  expect(request?.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
  expect(request?.headers['x-api-key']).toBeUndefined();
  expect(request?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
  expect(request?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(request?.body).toEqual({
    model: 'my-gateway/claude-custom-1',
    max_tokens: 1234,
    // The prompt cache's one breakpoint, on the last block of the conversation.
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Hi model', cache_control: { type: 'ephemeral' } }] },
    ],
    stream: true,
    system: SYSTEM_PROMPT,
    tools: [TODO_TOOL, HANDOFF_TOOL, TEXT_EDITOR_TOOL],
    tool_choice: { type: 'auto' },
  });

  // The settings dialog shows what was saved, with the key masked.
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = settingsDialog(page);
  await expect(dialog.getByLabel('API key')).toHaveAttribute('type', 'password');
  await expect(dialog.getByLabel('API key')).toHaveValue(TEST_KEY);
  await expect(dialog.getByLabel('API base URL')).toHaveValue(mockApi.url);
  const model = await settingsSection(page, 'Model');
  await expect(model.getByLabel('Model', { exact: true })).toHaveValue('my-gateway/claude-custom-1');
});

test('the second turn carries the whole conversation', async ({ connected: page, mockApi }) => {
  mockApi.script(textReply('First answer.'), textReply('Second answer.'));
  await exchange(page, 'First question');
  await expect(assistantMessages(page)).toHaveText(['First answer.']);
  await exchange(page, 'Second question');
  await expect(assistantMessages(page)).toHaveText(['First answer.', 'Second answer.']);
  expect(withoutCacheMarks(mockApi.requests[1]?.body.messages)).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'First question' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'First answer.' }] },
    { role: 'user', content: [{ type: 'text', text: 'Second question' }] },
  ]);
  await expect(composer(page)).toHaveValue('');
});

for (const how of ['Esc', 'the Stop button'] as const) {
  test(`${how} stops a reply mid-stream; the partial text stays, marked stopped`, async ({
    connected: page,
    mockApi,
  }) => {
    mockApi.script(textReply(LONG_REPLY, { delayMsPerEvent: 300, chunkSize: 4 }));
    await send(page, 'Tell me the alphabet');
    const reply = assistantMessages(page).first();
    await expect(reply).toContainText('Alpha bravo');
    await expect(page.getByTestId('agent-state')).toHaveText('Replying');

    if (how === 'Esc') await composer(page).press('Escape');
    else await page.getByRole('button', { name: 'Stop' }).click();

    await waitIdle(page);
    await expect(reply).toHaveAttribute('data-stop-reason', 'aborted');
    await expect(reply.getByText('Stopped', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();

    const stoppedText = ((await reply.locator('.markdown').textContent()) ?? '').trim();
    expect(LONG_REPLY.startsWith(stoppedText)).toBe(true);
    expect(stoppedText.length).toBeGreaterThanOrEqual('Alpha bravo'.length);
    expect(stoppedText.length).toBeLessThan(LONG_REPLY.length);
    // Events still in flight must not make it grow again.
    await page.waitForTimeout(600);
    expect(((await reply.locator('.markdown').textContent()) ?? '').trim()).toBe(stoppedText);
    await expect(page.getByRole('alert')).toHaveText('');

    // The stop survives a reload: it was saved as stopped, not as interrupted.
    await page.reload();
    await expect(assistantMessages(page).first()).toHaveAttribute('data-stop-reason', 'aborted');
    await expect(assistantMessages(page).first()).toContainText(stoppedText);
    await expect(assistantMessages(page).first().getByText('Stopped', { exact: true })).toBeVisible();
  });
}

test('main chat view screenshot', async ({ page, mockApi }) => {
  mockApi.script(
    textReply(
      'Sure. Here is a **minimal** example:\n\n```ts\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n```\n\nCall it as `add(2, 3)`.',
    ),
    textReply('- It is pure.\n- It never throws.\n- It needs no setup.'),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await connect(page, mockApi, { model: 'claude-sonnet-5-5' });
  // Each exchange waits for its reply: one, then two.
  await exchange(page, 'Write a TypeScript function that adds two numbers');
  await exchange(page, 'Why is it a good design?');
  await expect(page.getByRole('button', { name: 'Copy code' })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/chat.png' });
});
