/**
 * When the context banner shows: once per crossing of the handoff triggers, as the
 * model's note comes (core/handoff/handoffHint.ts, docs/handoff.md "When Baton suggests a
 * handoff"). It comes up on the reply that crosses into them and stays until a handoff or
 * "Not now"; after "Not now" it stays away while the context stays past them, however
 * much it grows, because a suggestion the user declined and that comes back on every
 * turn is nagging. Only a drop below all of them (a shorter branch, a threshold raised)
 * or another session arms it again.
 */
import { crossTriggers, type TriggerReason, type TriggerState } from '../core/pricing/handoffTriggers';

export interface BannerState {
  /** The session the context was judged in: another session starts below the triggers. */
  sessionId: string | null;
  triggers: TriggerState;
  /** "Not now" was chosen since the last crossing. */
  dismissed: boolean;
}

// Below the triggers: handoffTriggers' BELOW_TRIGGERS written out, because importing it
// would add an export to the first paint's chunk, whose size is at its ceiling.
export const NO_BANNER: BannerState = {
  sessionId: null,
  triggers: { over: [], fired: false },
  dismissed: false,
};

/**
 * The state once the open session's context is past `reasons` (empty: below all
 * triggers). Returns `previous` itself when nothing the banner shows changed, so a
 * component that keeps it in its state is not drawn again.
 */
export function bannerAfter(
  previous: BannerState,
  sessionId: string | null,
  reasons: readonly TriggerReason[],
): BannerState {
  const from = previous.sessionId === sessionId ? previous : { ...NO_BANNER, sessionId };
  const triggers = crossTriggers(from.triggers, reasons);
  // A new crossing is a new suggestion, whatever the answer to the last one was.
  const dismissed = from.dismissed && !triggers.fired && reasons.length > 0;
  const same =
    from === previous &&
    dismissed === previous.dismissed &&
    reasons.length > 0 === previous.triggers.over.length > 0;
  return same ? previous : { sessionId, triggers, dismissed };
}

export function bannerShown(state: BannerState): boolean {
  return state.triggers.over.length > 0 && !state.dismissed;
}

/** "Not now": away until the context has been below the triggers and crosses them again. */
export function dismissBanner(state: BannerState): BannerState {
  return { ...state, dismissed: true };
}
