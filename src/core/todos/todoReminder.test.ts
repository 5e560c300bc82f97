import { describe, expect, it } from 'vitest';
import { REMINDER_AFTER_TURNS, TodoReminder } from './todoReminder';
import type { TodoItem } from './todoTypes';

const open: TodoItem[] = [
  { id: '1', content: 'Done already', status: 'completed' },
  { id: '2', content: 'Working on it', status: 'in_progress' },
  { id: '3', content: 'Later', status: 'pending' },
];
const allDone: TodoItem[] = [{ id: '1', content: 'Done', status: 'completed' }];

function quietTurns(reminder: TodoReminder, todos: TodoItem[], n: number): (string | undefined)[] {
  return Array.from({ length: n }, () => reminder.onTurnEnd(todos, false));
}

describe('TodoReminder', () => {
  it('uses a threshold of three turns', () => {
    expect(REMINDER_AFTER_TURNS).toBe(3);
    expect(TodoReminder.REMINDER_AFTER_TURNS).toBe(3);
  });

  it('reminds on the third quiet turn with open todos, then starts counting afresh', () => {
    const reminder = new TodoReminder();
    const results = quietTurns(reminder, open, 6);
    expect(results.map((r) => r !== undefined)).toEqual([false, false, true, false, false, true]);
    expect(reminder.turnsSinceUpdate).toBe(0);
  });

  it('lists only the open todos, wrapped in system-reminder tags', () => {
    const text = quietTurns(new TodoReminder(), open, 3)[2] ?? '';
    expect(text.startsWith('<system-reminder>')).toBe(true);
    expect(text.endsWith('</system-reminder>')).toBe(true);
    expect(text).toContain('[~] Working on it');
    expect(text).toContain('[ ] Later');
    expect(text).not.toContain('Done already');
    expect(text).toContain('todo_write');
  });

  it('resets the count when the todo tool is called', () => {
    const reminder = new TodoReminder();
    quietTurns(reminder, open, 2);
    expect(reminder.onTurnEnd(open, true)).toBeUndefined();
    expect(reminder.turnsSinceUpdate).toBe(0);
    expect(quietTurns(reminder, open, 3).map((r) => r !== undefined)).toEqual([false, false, true]);
  });

  it('does not count turns without open todos', () => {
    const reminder = new TodoReminder();
    quietTurns(reminder, open, 2);
    expect(quietTurns(reminder, allDone, 5)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(quietTurns(reminder, [], 5).every((r) => r === undefined)).toBe(true);
    expect(quietTurns(reminder, open, 3).map((r) => r !== undefined)).toEqual([false, false, true]);
  });

  it('reset() forgets counted turns', () => {
    const reminder = new TodoReminder();
    quietTurns(reminder, open, 2);
    expect(reminder.turnsSinceUpdate).toBe(2);
    reminder.reset();
    expect(reminder.turnsSinceUpdate).toBe(0);
    expect(quietTurns(reminder, open, 3).map((r) => r !== undefined)).toEqual([false, false, true]);
  });
});
