/**
 * The vocabulary of "Suggest a handoff when: the context reaches N % / a turn costs more
 * than $C / the context passes T tokens", apart from the detector (handoffTriggers.ts):
 * the settings module is in the first-paint bundle and needs only these. The defaults are
 * justified in docs/handoff.md, "What continuing and handing off cost".
 */

export interface HandoffTriggerSettings {
  /** Share of the model's window, 0..1 (Settings' context threshold). */
  percent: number;
  /** Dollars the next turn costs with the cache warm; 0: off. */
  turnCost: number;
  /** Tokens of context; 0: off. */
  tokens: number;
}

/** Today's context threshold: three quarters of the window leaves room for the handoff itself. */
export const DEFAULT_TRIGGER_PERCENT = 0.75;
/** Half a dollar a turn: a hundred turns of an evening's work would be $50. */
export const DEFAULT_TRIGGER_TURN_COST = 0.5;
/** Where the older models' whole window ended; a 1M window is a fifth full there. */
export const DEFAULT_TRIGGER_TOKENS = 200_000;

export const DEFAULT_HANDOFF_TRIGGERS: HandoffTriggerSettings = {
  percent: DEFAULT_TRIGGER_PERCENT,
  turnCost: DEFAULT_TRIGGER_TURN_COST,
  tokens: DEFAULT_TRIGGER_TOKENS,
};
