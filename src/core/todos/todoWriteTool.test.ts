import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import type { TodoItem } from './todoTypes';
import {
  createTodoWriteTool,
  MAX_TODO_CONTENT_LENGTH,
  MAX_TODOS,
  TODO_WRITE_TOOL_NAME,
} from './todoWriteTool';

function setup(initial: TodoItem[] = []) {
  let items = initial;
  let sets = 0;
  let counter = 0;
  const store = {
    get: () => items,
    set: (next: TodoItem[]) => {
      items = next;
      sets += 1;
    },
  };
  const tool = createTodoWriteTool(store, { newId: () => `id-${++counter}` });
  return { tool, items: () => items, sets: () => sets };
}

async function run(tool: Tool, input: unknown) {
  return tool.execute(input, new AbortController().signal);
}

describe('todo_write definition', () => {
  it('declares the name, a description about replacing, and a strict schema', () => {
    const { tool } = setup();
    expect(tool.definition.name).toBe(TODO_WRITE_TOOL_NAME);
    expect(tool.definition.name).toBe('todo_write');
    expect(tool.definition.description).toMatch(/REPLACES the whole list/);
    expect(tool.definition.input_schema).toMatchObject({
      type: 'object',
      required: ['todos'],
      properties: {
        todos: {
          type: 'array',
          items: {
            type: 'object',
            required: ['content', 'status'],
            properties: {
              content: { type: 'string' },
              status: { enum: ['pending', 'in_progress', 'completed'] },
            },
          },
        },
      },
    });
  });
});

describe('todo_write execute', () => {
  it('stores the list with fresh ids and trimmed content, and summarises it', async () => {
    const { tool, items } = setup();
    const result = await run(tool, {
      todos: [
        { content: ' Write parser ', status: 'completed' },
        { content: 'Write tests', status: 'in_progress' },
        { content: 'Ship', status: 'pending' },
      ],
    });
    expect(result.isError).toBeFalsy();
    expect(items()).toEqual([
      { id: 'id-1', content: 'Write parser', status: 'completed' },
      { id: 'id-2', content: 'Write tests', status: 'in_progress' },
      { id: 'id-3', content: 'Ship', status: 'pending' },
    ]);
    expect(result.content).toBe(
      'Todo list updated: 3 items (1 completed, 1 in progress, 1 pending).\n' +
        '[x] Write parser\n[~] Write tests\n[ ] Ship',
    );
  });

  it('keeps ids for items whose content is unchanged, across reorders', async () => {
    const { tool, items } = setup([
      { id: 'a', content: 'First', status: 'pending' },
      { id: 'b', content: 'Second', status: 'pending' },
    ]);
    await run(tool, {
      todos: [
        { content: 'Second', status: 'in_progress' },
        { content: 'New one', status: 'pending' },
        { content: 'First', status: 'completed' },
      ],
    });
    expect(items()).toEqual([
      { id: 'b', content: 'Second', status: 'in_progress' },
      { id: 'id-1', content: 'New one', status: 'pending' },
      { id: 'a', content: 'First', status: 'completed' },
    ]);
  });

  it('gives duplicate contents distinct ids, reusing each old id once', async () => {
    const { tool, items } = setup([{ id: 'a', content: 'Same', status: 'pending' }]);
    await run(tool, {
      todos: [
        { content: 'Same', status: 'pending' },
        { content: 'Same', status: 'completed' },
      ],
    });
    expect(items().map((t) => t.id)).toEqual(['a', 'id-1']);
  });

  it('clears the list on an empty array', async () => {
    const { tool, items } = setup([{ id: 'a', content: 'x', status: 'pending' }]);
    const result = await run(tool, { todos: [] });
    expect(items()).toEqual([]);
    expect(result).toEqual({ content: 'Todo list cleared.' });
  });

  it('folds newlines in the summary lines but stores the content as given', async () => {
    const { tool, items } = setup();
    const result = await run(tool, { todos: [{ content: 'two\nlines', status: 'pending' }] });
    expect(items()[0]?.content).toBe('two\nlines');
    expect(result.content).toContain('[ ] two lines');
    expect(result.content).toMatch(/^Todo list updated: 1 item \(/);
  });

  const bad: [string, unknown, RegExp][] = [
    ['not an object', 'todos', /must be an object/],
    ['null', null, /must be an object/],
    ['an array', [], /must be an object/],
    ['missing todos', {}, /"todos" is required/],
    ['todos not an array', { todos: 'x' }, /"todos" is required/],
    ['extra top-level field', { todos: [], merge: true }, /Unexpected input field\(s\): merge/],
    ['item not an object', { todos: ['x'] }, /todos\[0\] must be an object/],
    ['missing content', { todos: [{ status: 'pending' }] }, /todos\[0\]\.content/],
    ['blank content', { todos: [{ content: '   ', status: 'pending' }] }, /todos\[0\]\.content/],
    ['numeric content', { todos: [{ content: 3, status: 'pending' }] }, /todos\[0\]\.content/],
    [
      'too long content',
      { todos: [{ content: 'x'.repeat(MAX_TODO_CONTENT_LENGTH + 1), status: 'pending' }] },
      /too long/,
    ],
    [
      'bad status in second item',
      {
        todos: [
          { content: 'a', status: 'pending' },
          { content: 'b', status: 'done' },
        ],
      },
      /todos\[1\]\.status must be one of "pending", "in_progress", "completed"/,
    ],
    ['missing status', { todos: [{ content: 'a' }] }, /todos\[0\]\.status/],
    [
      'extra item field',
      { todos: [{ content: 'a', status: 'pending', id: '1' }] },
      /unexpected field\(s\): id/,
    ],
    [
      'too many items',
      { todos: Array.from({ length: MAX_TODOS + 1 }, (_, i) => ({ content: `t${i}`, status: 'pending' })) },
      /Too many todos/,
    ],
  ];

  it.each(bad)('rejects %s and leaves the list unchanged', async (_label, input, message) => {
    const before: TodoItem[] = [{ id: 'a', content: 'Keep me', status: 'pending' }];
    const { tool, items, sets } = setup(before);
    const result = await run(tool, input);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(message);
    expect(result.content).toMatch(/not changed/);
    expect(sets()).toBe(0);
    expect(items()).toBe(before);
  });

  it('uses random ids when no id source is given', async () => {
    let items: TodoItem[] = [];
    const tool = createTodoWriteTool({ get: () => items, set: (next) => (items = next) });
    await run(tool, {
      todos: [
        { content: 'a', status: 'pending' },
        { content: 'b', status: 'pending' },
      ],
    });
    expect(items[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(items[0]?.id).not.toBe(items[1]?.id);
  });
});
