/**
 * One line per todo, shared by the tool's reply and the reminder so the model sees the
 * list in the same shape everywhere.
 */
import type { TodoItem, TodoStatus } from './todoTypes';

const MARKS: Record<TodoStatus, string> = {
  pending: '[ ]',
  in_progress: '[~]',
  completed: '[x]',
};

/** Whitespace is folded so a multi-line todo cannot break the one-item-per-line shape. */
export function formatTodoLine(todo: TodoItem): string {
  return `${MARKS[todo.status]} ${todo.content.replace(/\s+/g, ' ')}`;
}

export function formatTodoLines(todos: TodoItem[]): string {
  return todos.map(formatTodoLine).join('\n');
}
