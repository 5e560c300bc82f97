/**
 * Nudges the model when it has open todos but has stopped updating them: models tend
 * to forget their list during long work. The text goes into the pending next-turn
 * queue as custom context, so it is never shown as if the user had typed it.
 */
import { untrustedBlock } from '../untrusted/untrustedBlock';
import { formatTodoLines } from './formatTodoList';
import { isOpenTodo, type TodoItem } from './todoTypes';

/** Turns with open todos and no `todo_write` call before the model is reminded. */
export const REMINDER_AFTER_TURNS = 3;

/** The customType of the context message that carries the reminder. */
export const TODO_REMINDER_CUSTOM_TYPE = 'todo_reminder';

export function formatTodoReminder(openTodos: TodoItem[]): string {
  // The todo items are the model's own words, which may quote anything it read.
  const body = [
    'You have open todos that you have not updated for a while:',
    formatTodoLines(openTodos),
    '',
    'If you are working on them, keep the list current with the todo_write tool (mark finished',
    'items completed, the current one in_progress). If they no longer apply, remove them. Do not',
    'mention this reminder to the user.',
  ].join('\n');
  return untrustedBlock('system-reminder', {}, body);
}

export class TodoReminder {
  static readonly REMINDER_AFTER_TURNS = REMINDER_AFTER_TURNS;

  private quietTurns = 0;

  /** Turns counted toward the next reminder; exposed for the status line and tests. */
  get turnsSinceUpdate(): number {
    return this.quietTurns;
  }

  /** Returns the reminder text when one is due, and starts counting afresh. */
  onTurnEnd(todos: TodoItem[], todoToolCalledThisTurn: boolean): string | undefined {
    const open = todos.filter(isOpenTodo);
    // Nothing to nag about, or the model just showed it remembers: start over.
    if (todoToolCalledThisTurn || open.length === 0) {
      this.quietTurns = 0;
      return undefined;
    }
    this.quietTurns += 1;
    if (this.quietTurns < REMINDER_AFTER_TURNS) return undefined;
    this.quietTurns = 0;
    return formatTodoReminder(open);
  }

  /** After a handoff or a session switch: the old session's silence does not carry over. */
  reset(): void {
    this.quietTurns = 0;
  }
}
