/**
 * The model's side of "suggest a handoff when it pays" (issue 30): when the context
 * crosses one of the user's triggers (a share of the window, a turn's price, a number
 * of tokens), the model's next request carries one hidden note saying so, so that its
 * `handoff` tool proposes a handoff at a good boundary in the work rather than at a
 * guess. Once per crossing, like the banner: not again while the context stays past
 * the triggers, again after it has been below all of them (a handoff, another branch).
 */
import { branchCostFacts } from '../pricing/branchCost';
import { contextPricing } from '../pricing/contextPricing';
import {
  BELOW_TRIGGERS,
  crossTriggers,
  type TriggerReason,
  type TriggerState,
} from '../pricing/handoffTriggers';
import type { HandoffTriggerSettings } from '../pricing/triggerSettings';
import type { CustomContextMessage } from '../types/agentMessage';
import type { SessionEntry } from '../types/entry';
import { untrustedBlock } from '../untrusted/untrustedBlock';
import type { PriceOverrides } from '../usage/modelPrice';

/** What the app gives a session that should tell its model (SessionConfig.handoffHint). */
export interface HandoffHintConfig {
  triggers: HandoffTriggerSettings;
  prices: PriceOverrides;
}

/** The customType of the context message that carries the note. */
export const HANDOFF_HINT_CUSTOM_TYPE = 'handoff_hint';

/** The context after a reply, as the triggers judged it. */
export interface ContextAfterReply {
  /** The triggers the context is at or past (contextPricing's reasons). */
  reasons: readonly TriggerReason[];
  /** Tokens of context. */
  used: number;
  window: number;
  /** The next turn's price in dollars with the cache warm; undefined for a model without a price. */
  turnCost?: number;
}

/**
 * The context after a reply, judged by the same function as the meter and the banner,
 * on the size the reply reported: nothing is estimated, so a note never rests on a guess.
 */
export function contextAfterReply(
  branch: readonly SessionEntry[],
  model: string,
  window: number,
  config: HandoffHintConfig,
): ContextAfterReply {
  const facts = branchCostFacts(branch);
  const used = facts.reportedContext;
  const { reasons, nextTurn } = contextPricing({
    facts,
    used,
    window,
    reported: used > 0,
    full: false,
    model,
    prices: config.prices,
    triggers: config.triggers,
  });
  return { reasons, used, window, ...(nextTurn && { turnCost: nextTurn.cached }) };
}

export class HandoffHint {
  private state: TriggerState = BELOW_TRIGGERS;

  /** Another session or branch: the next crossing is a new one. */
  reset(): void {
    this.state = BELOW_TRIGGERS;
  }

  /** The note for the model's next turn, when this reply crossed into the triggers. */
  after(context: ContextAfterReply): CustomContextMessage | undefined {
    // A conversation that no longer fits gets no next turn to read a note in: the
    // length refusal and its own handoff offer take that case.
    const reasons = context.reasons.filter((reason) => reason !== 'full');
    this.state = crossTriggers(this.state, reasons);
    if (!this.state.fired) return undefined;
    return {
      role: 'custom',
      customType: HANDOFF_HINT_CUSTOM_TYPE,
      content: handoffHintText(reasons, context),
      display: false,
    };
  }
}

export function handoffHintText(reasons: readonly TriggerReason[], context: ContextAfterReply): string {
  const why: string[] = [];
  if (reasons.includes('percent') || reasons.includes('tokens')) {
    const percent = context.window > 0 ? Math.round((context.used / context.window) * 100) : 0;
    why.push(`the context is ${context.used.toLocaleString('en-US')} tokens (${percent}% of the window)`);
  }
  if (reasons.includes('turnCost') && context.turnCost !== undefined)
    why.push(`each turn now costs about ${dollars(context.turnCost)}, even with the cache`);
  const body = [
    `This conversation has passed the point at which the user asked to be offered a handoff: ${why.join(', and ')}.`,
    'A fresh session started from a handoff document would carry the work on faster and for much less.',
    'When the work reaches a good boundary (not in the middle of a step), propose a handoff with the',
    'handoff tool, saying why; the user decides. Until then carry on, and do not mention this note.',
  ].join('\n');
  return untrustedBlock('system-reminder', {}, body);
}

function dollars(amount: number): string {
  return amount < 0.01 ? 'less than $0.01' : `$${amount.toFixed(2)}`;
}
