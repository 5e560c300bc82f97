/**
 * Queues and todos: Enter while a reply streams queues a follow-up (a removable chip,
 * sent after the reply), Alt+Enter steers the next turn, and the todo_write tool fills
 * the Todos panel and answers the model with a tool_result.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  assistantMessages,
  composer,
  openApp,
  send,
  textReply,
  userMessages,
  waitIdle,
  withoutCacheMarks,
} from './helpers';
import type { MockStep } from './mock/mockApi';

/**
 * About nine seconds of streaming (four characters every 250 ms): the window in which the
 * test queues and removes chips must stay open even on a loaded machine.
 */
const SLOW_REPLY =
  'One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen.';

function queuedChips(page: Page) {
  return page.getByRole('list', { name: 'Queued messages' }).getByRole('listitem');
}

function todosPanel(page: Page) {
  return page.getByRole('complementary', { name: 'Todos' });
}

function user(text: string) {
  return { role: 'user', content: [{ type: 'text', text }] };
}

function todoCall(
  id: string,
  todos: Array<{ content: string; status: string }>,
  delayMsPerEvent = 0,
): MockStep {
  return {
    kind: 'reply',
    reply: {
      blocks: [
        { type: 'text', text: 'Let me plan this.' },
        { type: 'tool_use', id, name: 'todo_write', input: { todos } },
      ],
      chunkSize: 6,
    },
    ...(delayMsPerEvent && { delayMsPerEvent }),
  };
}

test('Enter while a reply streams queues a follow-up chip, removable, else sent after the reply', async ({
  connected: page,
  mockApi,
}) => {
  // About 18 s of streaming: the chips are typed, checked and one removed while it lasts,
  // also on a loaded machine (at 7.5 s the reply once ended first and sent both).
  mockApi.script(
    textReply(SLOW_REPLY, { delayMsPerEvent: 600, chunkSize: 4 }),
    textReply('Follow-up answered.'),
  );
  await send(page, 'First question');
  await expect(assistantMessages(page).first()).toContainText('One two');
  await expect(composer(page)).toHaveAttribute('placeholder', /Enter queues a follow-up/);

  await send(page, 'Second question');
  await send(page, 'Never mind this one');
  await expect(queuedChips(page)).toHaveText([
    /After reply:\s*Second question/,
    /After reply:\s*Never mind this one/,
  ]);
  await expect(composer(page)).toHaveValue('');
  await queuedChips(page).getByRole('button', { name: 'Remove queued message: Never mind this one' }).click();
  await expect(queuedChips(page)).toHaveText([/After reply:\s*Second question/]);
  // Still the first reply: the follow-up waits for it.
  expect(mockApi.requests).toHaveLength(1);
  await expect(page.getByTestId('agent-state')).toHaveText('Replying');

  await mockApi.waitForRequests(2, 30_000);
  await expect(assistantMessages(page)).toHaveText([SLOW_REPLY, 'Follow-up answered.']);
  await waitIdle(page);
  await expect(queuedChips(page)).toHaveCount(0);
  await expect(userMessages(page)).toHaveText(['First question', 'Second question']);
  expect(mockApi.requests).toHaveLength(2);
  expect(withoutCacheMarks(mockApi.requests[1]?.body.messages)).toEqual([
    user('First question'),
    { role: 'assistant', content: [{ type: 'text', text: SLOW_REPLY }] },
    user('Second question'),
  ]);
  expect(JSON.stringify(mockApi.requests)).not.toContain('Never mind this one');
});

test('Alt+Enter steering is delivered at the next turn, before a queued follow-up', async ({
  connected: page,
  mockApi,
}) => {
  // Three todos streamed slowly (about eight seconds): time to queue both kinds of message.
  const todos = [
    { content: 'Draft the outline of the report', status: 'in_progress' },
    { content: 'Write each section of the report', status: 'pending' },
    { content: 'Proofread the whole report once', status: 'pending' },
  ];
  mockApi.script(
    // The first turn ends in a tool call, so the agent takes another turn at once.
    todoCall('toolu_steer_1', todos, 250),
    textReply('Steered answer.'),
    textReply('Follow-up answer.'),
  );
  await send(page, 'Write the report');
  await expect(assistantMessages(page).first()).toContainText('Let me');

  await composer(page).fill('And a follow-up');
  await composer(page).press('Enter');
  await composer(page).fill('Keep it short');
  await composer(page).press('Alt+Enter');
  await expect(queuedChips(page)).toHaveText([
    /Next turn:\s*Keep it short/,
    /After reply:\s*And a follow-up/,
  ]);

  await mockApi.waitForRequests(3, 15_000);
  await waitIdle(page);
  await expect(assistantMessages(page)).toHaveCount(3);
  await expect(queuedChips(page)).toHaveCount(0);
  // The steering text rides with the tool result in the very next request...
  const second = mockApi.requests[1]?.body.messages ?? [];
  expect(second).toHaveLength(3);
  expect(second[2]?.role).toBe('user');
  expect(withoutCacheMarks(second[2]?.content)).toEqual([
    expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_steer_1' }),
    { type: 'text', text: 'Keep it short' },
  ]);
  expect(JSON.stringify(second)).not.toContain('And a follow-up');
  // ...and the follow-up only goes once that whole reply is done.
  const third = mockApi.requests[2]?.body.messages ?? [];
  expect(third.at(-2)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Steered answer.' }] });
  expect(withoutCacheMarks(third.at(-1))).toEqual(user('And a follow-up'));
});

test('the todo tool fills the Todos panel and the next request carries its tool_result', async ({
  connected: page,
  mockApi,
}) => {
  mockApi.script(
    todoCall('toolu_plan_1', [
      { content: 'Write the parser', status: 'in_progress' },
      { content: 'Test the parser', status: 'pending' },
      { content: 'Read the spec', status: 'completed' },
    ]),
    textReply('The plan is in your todo list.'),
  );
  // No todos, no panel: the chat has the room (issue 24).
  await expect(todosPanel(page)).toHaveCount(0);
  await send(page, 'Plan the parser work');

  const items = todosPanel(page).getByRole('listitem');
  await expect(items).toHaveText([
    /In progress:\s*Write the parser/,
    /To do:\s*Test the parser/,
    /Done:\s*Read the spec/,
  ]);
  await expect(assistantMessages(page)).toHaveCount(2);
  await waitIdle(page);
  await expect(assistantMessages(page).first()).toContainText('Used tool todo_write');
  await expect(assistantMessages(page).last()).toHaveText('The plan is in your todo list.');

  expect(mockApi.requests).toHaveLength(2);
  expect(withoutCacheMarks(mockApi.requests[1]?.body.messages)).toEqual([
    user('Plan the parser work'),
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me plan this.' },
        {
          type: 'tool_use',
          id: 'toolu_plan_1',
          name: 'todo_write',
          input: {
            todos: [
              { content: 'Write the parser', status: 'in_progress' },
              { content: 'Test the parser', status: 'pending' },
              { content: 'Read the spec', status: 'completed' },
            ],
          },
        },
      ],
    },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_plan_1',
          content:
            'Todo list updated: 3 items (1 completed, 1 in progress, 1 pending).\n[~] Write the parser\n[ ] Test the parser\n[x] Read the spec',
        },
      ],
    },
  ]);

  // The list belongs to the session: it comes back after a reload, and a new session has none.
  await page.reload();
  await expect(todosPanel(page).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await expect(assistantMessages(page)).toHaveCount(0);
  await expect(todosPanel(page)).toHaveCount(0);
});

test('the demo model plans with the todo tool too', async ({ page, mockApi }) => {
  await openApp(page);
  await send(page, 'Make a plan for the garden: dig the beds, plant the seeds, water the rows');
  await expect(todosPanel(page).getByRole('listitem')).toHaveText([
    /To do:\s*Dig the beds/,
    /To do:\s*Plant the seeds/,
    /To do:\s*Water the rows/,
  ]);
  await waitIdle(page);
  await expect(assistantMessages(page).last()).toContainText('Done: the plan is in your todo list (3 steps)');
  expect(mockApi.requests).toHaveLength(0);
});
