/**
 * Time the markdown renderer may spend in one task of the main thread. Settled blocks
 * are rendered ahead while it lasts; the rest wait for the next frame, shown as plain
 * text meanwhile (RenderedMarkdown.tsx). So a reply of thousands of blocks, or a page of
 * several long replies after a reload, costs a few frames of bounded work instead of one
 * long freeze. The budget leaves room in a 200 ms task for React, the sanitiser's output
 * going into the page, and its layout.
 */

export interface TaskBudget {
  /** True while the current task has time left. */
  hasTime(): boolean;
  /** Runs `work`, counting its time against the current task. */
  measure<T>(work: () => T): T;
}

export interface TaskBudgetOptions {
  readonly limitMs: number;
  readonly now?: () => number;
  /** Runs `callback` after the current task; the budget starts again then. */
  readonly afterTask?: (callback: () => void) => void;
}

export function createTaskBudget({
  limitMs,
  now = () => performance.now(),
  afterTask = (callback) => setTimeout(callback, 0),
}: TaskBudgetOptions): TaskBudget {
  let spent = 0;
  let resetQueued = false;
  return {
    hasTime: () => spent < limitMs,
    measure(work) {
      if (!resetQueued) {
        resetQueued = true;
        afterTask(() => {
          spent = 0;
          resetQueued = false;
        });
      }
      const start = now();
      try {
        return work();
      } finally {
        spent += now() - start;
      }
    },
  };
}

/** Rendering ahead stops once a task has spent this much on markdown. (A `number`, so a test may lift it.) */
export const MARKDOWN_TASK_MS: number = 40;
