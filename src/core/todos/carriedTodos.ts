/**
 * Todos a handoff carries into the new session. They are kept in the handoff entry's
 * details (the new session has no todo_write call of its own yet), so deriveTodos can
 * fall back on them, and a reload shows the same list.
 */
import { isRecord } from '../isRecord';
import { TODO_STATUSES, type TodoItem, type TodoStatus } from './todoTypes';
import { MAX_TODO_CONTENT_LENGTH, MAX_TODOS } from './todoWriteTool';

/** Reads carried todos from stored details, which may be old or damaged: bad items are left out. */
export function readCarriedTodos(value: unknown): TodoItem[] {
  if (!Array.isArray(value)) return [];
  const todos: TodoItem[] = [];
  for (const item of value.slice(0, MAX_TODOS)) {
    if (!isRecord(item)) continue;
    const { id, content, status } = item;
    if (typeof id !== 'string' || typeof content !== 'string' || content.trim() === '') continue;
    if (!TODO_STATUSES.includes(status as TodoStatus)) continue;
    todos.push({ id, content: content.slice(0, MAX_TODO_CONTENT_LENGTH), status: status as TodoStatus });
  }
  return todos;
}

/** A list item's marker: "- ", "* ", "1. ", "2) ", or a Markdown checkbox after it. */
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX~]\]\s+)?(.+?)\s*$/;

/**
 * The Next Steps as pending todos: one per top-level list item (continuation lines and
 * prose are left out; a step is a short action). Ids are derived from `idPrefix` so the
 * list keeps its keys across reloads.
 */
export function todosFromSteps(lines: readonly string[], idPrefix: string): TodoItem[] {
  const todos: TodoItem[] = [];
  for (const line of lines) {
    if (/^\s{2,}/.test(line)) continue;
    const match = LIST_ITEM.exec(line);
    const content = match?.[1]?.trim();
    if (!content) continue;
    todos.push({
      id: `${idPrefix}-${todos.length}`,
      content: content.slice(0, MAX_TODO_CONTENT_LENGTH),
      status: 'pending',
    });
    if (todos.length === MAX_TODOS) break;
  }
  return todos;
}
