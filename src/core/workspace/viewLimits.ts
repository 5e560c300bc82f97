/**
 * How much a view shows: its own module, so the tool declarations (loaded with the
 * session) need not load the executor to know it.
 */

/** Characters of file a view shows at most (declared to the model as max_characters). */
export const VIEW_MAX_CHARACTERS = 16_000;

/** Lines a file may have for the memory tool's view (its docs' limit). */
export const MAX_VIEW_LINES = 999_999;
