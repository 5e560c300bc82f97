import { describe, expect, it } from 'vitest';
import { createTaskBudget } from './taskBudget';

describe('createTaskBudget', () => {
  it('counts the time of the work it measures in a task, and starts again after the task', () => {
    let now = 0;
    const afterTask: Array<() => void> = [];
    const budget = createTaskBudget({ limitMs: 40, now: () => now, afterTask: (run) => afterTask.push(run) });
    expect(budget.hasTime()).toBe(true);
    expect(
      budget.measure(() => {
        now += 30;
        return 'done';
      }),
    ).toBe('done');
    expect(budget.hasTime()).toBe(true);
    budget.measure(() => {
      now += 15;
    });
    expect(budget.hasTime()).toBe(false);
    // One reset queued for the task, however many measures it ran.
    expect(afterTask).toHaveLength(1);
    afterTask[0]?.();
    expect(budget.hasTime()).toBe(true);
  });

  it('counts work that throws', () => {
    let now = 0;
    const budget = createTaskBudget({ limitMs: 10, now: () => now, afterTask: () => {} });
    expect(() =>
      budget.measure(() => {
        now += 20;
        throw new Error('parser bug');
      }),
    ).toThrow('parser bug');
    expect(budget.hasTime()).toBe(false);
  });
});
