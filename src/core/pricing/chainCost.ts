/**
 * What a chain of sessions (a session and the sessions it was handed off from) cost, and
 * what its handoffs saved. See docs/handoff.md, "What continuing and handing off cost".
 */
import type { Usage } from '../types/message';
import { promptTokens, requestCost, type ScheduleOf } from './priceSchedule';
import { sessionCost } from './sessionCost';

/** One request a session made: the model that answered and the usage the API reported. */
export interface ChainTurn {
  model: string;
  usage: Usage;
}

/** Where a session started by a handoff came from. */
export interface HandoffOrigin {
  /**
   * Tokens of the parent's context when it handed off: what its next turn would have
   * carried (the meter's count when the handoff started).
   */
  parentContext: number;
  /** Tokens this session started with: its system prompt, tools and the handoff message. */
  startContext: number;
}

export interface ChainSession {
  /** Every request of the session, in the order it was made, on every branch: each was paid for. */
  turns: readonly ChainTurn[];
  /** Set when the session was started by a handoff. */
  handoff?: HandoffOrigin;
}

export interface ChainCost {
  /** Every turn of every session; undefined when tokens were used and none of them has a price. */
  total?: number;
  /** Some turns have no price: `total` covers only part of the chain. */
  partial: boolean;
  /**
   * What the turns after each handoff would have cost more at the parent's context size;
   * undefined when no session came from a handoff, or a turn after one has no price (a
   * difference cannot be half known).
   */
  saved?: number;
}

export function chainCost(sessions: readonly ChainSession[], scheduleOf: ScheduleOf): ChainCost {
  // The very sum of the session's own cost line, over every turn of every session, so
  // that a session with no ancestors shows one figure twice, never two.
  const models = sessions.flatMap(({ turns }) =>
    turns.map(({ model, usage }) => ({ model, requests: [usage] })),
  );
  const { cost: total, partial } = sessionCost({ models, unreadable: 0 }, scheduleOf);
  const saved = savedByHandoffs(sessions, scheduleOf);
  return {
    ...(total !== undefined && { total }),
    partial,
    ...(saved !== undefined && { saved }),
  };
}

function savedByHandoffs(sessions: readonly ChainSession[], scheduleOf: ScheduleOf): number | undefined {
  let saved: number | undefined;
  for (const { turns, handoff } of sessions) {
    if (!handoff) continue;
    saved ??= 0;
    for (const [index, turn] of turns.entries()) {
      const schedule = scheduleOf(turn.model);
      if (!schedule) return undefined;
      const counterfactual =
        index === 0 ? firstTurnInParent(turn.usage, handoff) : inParent(turn.usage, handoff);
      saved += requestCost(counterfactual, schedule) - requestCost(turn.usage, schedule);
    }
  }
  return saved;
}

/**
 * A later turn of the new session, had it been made in the parent: its prompt carries
 * the parent's context instead of the new session's start, Δ = parentContext −
 * startContext tokens more, and the rest (the growth since the start) the same. The Δ sits
 * at the start of the prompt, where the cached prefix is, so it is charged as the turn's
 * prefix was: read from the cache if the turn read anything, else written to it if the
 * turn wrote anything (a cache miss misses in the parent too), else as plain input.
 */
function inParent(usage: Usage, { parentContext, startContext }: HandoffOrigin): Usage {
  const delta = parentContext - startContext;
  const field = usage.cacheRead > 0 ? 'cacheRead' : usage.cacheWrite > 0 ? 'cacheWrite' : 'input';
  return { ...usage, [field]: Math.max(0, usage[field] + delta) };
}

/**
 * The new session's first turn cannot read its start from the cache: it writes it. Made
 * in the parent instead, it would have read the parent's whole context from the cache
 * (the handoff had just read it there) and written only what is new in this turn (its
 * prompt beyond the session's start), at the rate the turn paid for its newest part.
 */
function firstTurnInParent(usage: Usage, { parentContext, startContext }: HandoffOrigin): Usage {
  const added = Math.max(0, promptTokens(usage) - startContext);
  const written = Math.min(usage.cacheWrite, added);
  return { input: added - written, cacheWrite: written, cacheRead: parentContext, output: usage.output };
}
