/** A session's todo list, kept by the model through the `todo_write` tool. */

export const TODO_STATUSES = ['pending', 'in_progress', 'completed'] as const;

export type TodoStatus = (typeof TODO_STATUSES)[number];

export interface TodoItem {
  id: string;
  content: string;
  status: TodoStatus;
}

/** Open means still to do: the reminder only nags about these. */
export function isOpenTodo(todo: TodoItem): boolean {
  return todo.status !== 'completed';
}
