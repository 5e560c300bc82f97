/**
 * The auto-handoff's settings vocabulary, apart from its logic (autoHandoff.ts): the
 * settings module is in the first-paint bundle and must not pull the handoff code in.
 */

/** What crossing the threshold does: ask (the banner), hand off automatically, or nothing. */
export type AutoHandoffMode = 'ask' | 'auto' | 'off';

export const AUTO_HANDOFF_MODES: readonly AutoHandoffMode[] = ['ask', 'auto', 'off'];
export const DEFAULT_AUTO_HANDOFF_LIMIT = 3;
export const MAX_AUTO_HANDOFF_LIMIT = 20;
