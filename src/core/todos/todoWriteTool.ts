/**
 * The `todo_write` tool: the model sends its whole todo list each call and we replace
 * the stored list with it. Replacing (not patching) keeps the tool stateless for the
 * model and makes every call self-describing in the transcript.
 */
import { newId } from '../ids';
import { isRecord } from '../isRecord';
import type { Tool, ToolExecutionResult } from '../tools/tool';
import { formatTodoLines } from './formatTodoList';
import { TODO_STATUSES, type TodoItem, type TodoStatus } from './todoTypes';

export const TODO_WRITE_TOOL_NAME = 'todo_write';

/** Limits that keep a runaway model from flooding the sidebar and the context. */
export const MAX_TODOS = 100;
export const MAX_TODO_CONTENT_LENGTH = 500;

export interface TodoStore {
  get(): TodoItem[];
  set(items: TodoItem[]): void;
}

export interface TodoWriteToolOptions {
  /** Id source for new items; tests pass a counter. */
  newId?: () => string;
}

const DESCRIPTION = [
  'Create and update your todo list for the current task. Use it for work with several steps,',
  'to plan and to show the user your progress.',
  '',
  'Each call REPLACES the whole list: always send every todo you want to keep, including completed',
  'ones, not only the ones that changed. Sending an empty list clears it.',
  '',
  'Statuses: "pending" (not started), "in_progress" (working on it now; keep one at a time),',
  '"completed" (fully done). Mark a todo completed as soon as it is done, and set the next one',
  'to in_progress before you start it. Keep each todo a short, concrete action.',
].join('\n');

type Validated =
  | { ok: true; todos: { content: string; status: TodoStatus }[] }
  | { ok: false; error: string };

function isStatus(value: unknown): value is TodoStatus {
  return typeof value === 'string' && (TODO_STATUSES as readonly string[]).includes(value);
}

/** Strict, with messages that tell the model exactly which item to fix. */
function validateInput(input: unknown): Validated {
  if (!isRecord(input)) return { ok: false, error: 'Input must be an object of the form {"todos": [...]}.' };
  const extraKeys = Object.keys(input).filter((key) => key !== 'todos');
  if (extraKeys.length > 0)
    return { ok: false, error: `Unexpected input field(s): ${extraKeys.join(', ')}.` };
  const { todos } = input;
  if (!Array.isArray(todos)) return { ok: false, error: '"todos" is required and must be an array.' };
  if (todos.length > MAX_TODOS)
    return { ok: false, error: `Too many todos (${todos.length}); at most ${MAX_TODOS}.` };

  const valid: { content: string; status: TodoStatus }[] = [];
  for (const [index, item] of todos.entries()) {
    const where = `todos[${index}]`;
    if (!isRecord(item))
      return { ok: false, error: `${where} must be an object with "content" and "status".` };
    const extra = Object.keys(item).filter((key) => key !== 'content' && key !== 'status');
    if (extra.length > 0) {
      return {
        ok: false,
        error: `${where} has unexpected field(s): ${extra.join(', ')}. Only "content" and "status".`,
      };
    }
    if (typeof item.content !== 'string' || item.content.trim() === '') {
      return { ok: false, error: `${where}.content must be a non-empty string.` };
    }
    const content = item.content.trim();
    if (content.length > MAX_TODO_CONTENT_LENGTH) {
      return {
        ok: false,
        error: `${where}.content is too long (at most ${MAX_TODO_CONTENT_LENGTH} characters).`,
      };
    }
    if (!isStatus(item.status)) {
      return {
        ok: false,
        error: `${where}.status must be one of ${TODO_STATUSES.map((s) => `"${s}"`).join(', ')}.`,
      };
    }
    valid.push({ content, status: item.status });
  }
  return { ok: true, todos: valid };
}

/**
 * Items keep the id of a previous item with the same content, so the UI can keep its
 * keys and animations stable across rewrites. Each previous id is used at most once,
 * so duplicate contents still get distinct ids.
 */
function assignIds(
  next: { content: string; status: TodoStatus }[],
  previous: TodoItem[],
  makeId: () => string,
): TodoItem[] {
  const unused = new Map<string, string[]>();
  for (const item of previous) {
    const ids = unused.get(item.content) ?? [];
    ids.push(item.id);
    unused.set(item.content, ids);
  }
  return next.map(({ content, status }) => ({
    id: unused.get(content)?.shift() ?? makeId(),
    content,
    status,
  }));
}

function summarize(todos: TodoItem[]): string {
  if (todos.length === 0) return 'Todo list cleared.';
  const count = (status: TodoStatus) => todos.filter((t) => t.status === status).length;
  const head =
    `Todo list updated: ${todos.length} item${todos.length === 1 ? '' : 's'} ` +
    `(${count('completed')} completed, ${count('in_progress')} in progress, ${count('pending')} pending).`;
  return `${head}\n${formatTodoLines(todos)}`;
}

export function createTodoWriteTool(store: TodoStore, options: TodoWriteToolOptions = {}): Tool {
  const makeId = options.newId ?? newId;
  return {
    definition: {
      name: TODO_WRITE_TOOL_NAME,
      description: DESCRIPTION,
      input_schema: {
        type: 'object',
        properties: {
          todos: {
            type: 'array',
            description: 'The complete todo list; replaces the previous one.',
            maxItems: MAX_TODOS,
            items: {
              type: 'object',
              properties: {
                content: { type: 'string', minLength: 1, maxLength: MAX_TODO_CONTENT_LENGTH },
                status: { type: 'string', enum: [...TODO_STATUSES] },
              },
              required: ['content', 'status'],
              additionalProperties: false,
            },
          },
        },
        required: ['todos'],
        additionalProperties: false,
      },
    },
    execute(input: unknown): ToolExecutionResult {
      const result = validateInput(input);
      if (!result.ok)
        return { content: `Error: ${result.error} The todo list was not changed.`, isError: true };
      const todos = assignIds(result.todos, store.get(), makeId);
      store.set(todos);
      return { content: summarize(todos) };
    },
  };
}
