import { describe, expect, it } from 'vitest';
import { assistant, chain, toolResult, toolResults, toolUse, user } from '../../../testing/entryBuilders';
import type { Message } from '../types/message';
import { SessionTodos } from './sessionTodos';
import { REMINDER_AFTER_TURNS, TODO_REMINDER_CUSTOM_TYPE } from './todoReminder';
import type { TodoItem } from './todoTypes';

const PLAN = { todos: [{ content: 'Write the tests', status: 'in_progress' }] };
const quiet: Message = { role: 'assistant', content: [{ type: 'text', text: 'Working.' }] };

function start() {
  const told: TodoItem[][] = [];
  const todos = new SessionTodos((items) => told.push(items));
  return { todos, told };
}

describe('SessionTodos', () => {
  it('takes what the todo_write tool writes, and says so', async () => {
    const { todos, told } = start();
    const result = await todos.tool().execute(PLAN, new AbortController().signal);
    expect(result.isError).toBeUndefined();
    expect(todos.items).toEqual([
      expect.objectContaining({ content: 'Write the tests', status: 'in_progress' }),
    ]);
    expect(told).toEqual([todos.items]);
  });

  it("loads the list the branch's last successful call left", () => {
    const { todos, told } = start();
    todos.load(
      chain([
        user('Plan'),
        assistant([toolUse('t1', 'todo_write', PLAN)], 'tool_use'),
        toolResults(toolResult('t1')),
      ]),
    );
    expect(todos.items.map((t) => t.content)).toEqual(['Write the tests']);
    expect(told).toEqual([todos.items]);
    todos.load([]);
    expect(todos.items).toEqual([]);
  });

  it(`reminds after ${REMINDER_AFTER_TURNS} quiet turns with open todos, and counts afresh after a load`, async () => {
    const { todos } = start();
    await todos.tool().execute(PLAN, new AbortController().signal);
    for (let turn = 1; turn < REMINDER_AFTER_TURNS; turn++)
      expect(todos.reminderAfter(quiet)).toBeUndefined();
    expect(todos.reminderAfter(quiet)).toEqual({
      role: 'custom',
      customType: TODO_REMINDER_CUSTOM_TYPE,
      content: expect.stringContaining('[~] Write the tests'),
      display: false,
    });
    todos.reminderAfter(quiet);
    // A session loaded (a handoff, another session) does not inherit the silence.
    todos.load(
      chain([
        user('Plan'),
        assistant([toolUse('t1', 'todo_write', PLAN)], 'tool_use'),
        toolResults(toolResult('t1')),
      ]),
    );
    for (let turn = 1; turn < REMINDER_AFTER_TURNS; turn++)
      expect(todos.reminderAfter(quiet)).toBeUndefined();
  });

  it('starts counting again when the model calls todo_write', () => {
    const { todos } = start();
    todos.load(
      chain([
        user('Plan'),
        assistant([toolUse('t1', 'todo_write', PLAN)], 'tool_use'),
        toolResults(toolResult('t1')),
      ]),
    );
    const calling: Message = { role: 'assistant', content: [toolUse('t2', 'todo_write', PLAN)] };
    for (let turn = 1; turn < REMINDER_AFTER_TURNS; turn++) todos.reminderAfter(quiet);
    expect(todos.reminderAfter(calling)).toBeUndefined();
    expect(todos.reminderAfter(quiet)).toBeUndefined();
  });
});
