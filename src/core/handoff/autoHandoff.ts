/**
 * The opt-in auto-handoff (docs/handoff.md, "Auto-handoff"): after a reply that crosses
 * the user's threshold, hand off without asking, and keep the work going in the new
 * session when the old one had an unfinished plan. A chain of automatic handoffs stops
 * at the user's limit, so a model that never finishes cannot hand off forever.
 */
import type { TodoItem } from '../todos/todoTypes';
import type { AutoHandoffMode } from './autoHandoffSettings';
import { checkHandoffSections } from './checkSections';

/** Sent in the new session when the old one left work unfinished. */
export const AUTO_CONTINUE_MESSAGE = 'Continue with the next steps.';

export function autoHandoffLimitNotice(limit: number): string {
  return `Auto-handoff stopped: ${limit} automatic handoff${limit === 1 ? '' : 's'} in a row is the limit set in Settings. Send a message to go on.`;
}

/** Open todos, or a Next Steps section with something in it: there is work to go on with. */
export function hasUnfinishedPlan(todos: readonly TodoItem[], document: string): boolean {
  if (todos.some((todo) => todo.status !== 'completed')) return true;
  const { missing, empty } = checkHandoffSections(document);
  return !missing.includes('Next Steps') && !empty.includes('Next Steps');
}

export type AutoHandoffDecision = 'none' | 'handoff' | 'stop';

/**
 * Counts automatic handoffs in a row. A message the user types resets the count; the
 * stop is announced once per chain (not after every later reply).
 */
export class AutoHandoffChain {
  private inARow = 0;
  private stopAnnounced = false;

  get count(): number {
    return this.inARow;
  }

  /** The user typed a message: whatever follows is a new chain. */
  reset(): void {
    this.inARow = 0;
    this.stopAnnounced = false;
  }

  /** After a reply filled `fill` (0..1) of the window: what to do now. Counts a handoff it decides on. */
  decide(mode: AutoHandoffMode, fill: number, threshold: number, limit: number): AutoHandoffDecision {
    return this.decideOver(mode, fill >= threshold, limit);
  }

  /** After a reply that left the context past one of the handoff triggers (`over`) or not. */
  decideOver(mode: AutoHandoffMode, over: boolean, limit: number): AutoHandoffDecision {
    if (mode !== 'auto' || !over) return 'none';
    if (this.inARow >= limit) {
      if (this.stopAnnounced) return 'none';
      this.stopAnnounced = true;
      return 'stop';
    }
    this.inARow += 1;
    return 'handoff';
  }
}
