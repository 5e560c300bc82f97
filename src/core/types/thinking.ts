/**
 * Extended thinking as the user chooses it (a Settings default, and per session from the
 * Thinking control). What a request then says is models/thinking.ts's business.
 */

/** The effort levels offered; the API also has `xhigh` and `max` on some models. */
export const EFFORT_LEVELS = ['low', 'medium', 'high'] as const;
export type Effort = (typeof EFFORT_LEVELS)[number];

export interface ThinkingSetting {
  enabled: boolean;
  /** For models that take a budget: the most tokens a reply may think (at least 1,024). */
  budgetTokens: number;
  /** For models that take an effort; `default` sends none and lets the model decide. */
  effort: Effort | 'default';
}
