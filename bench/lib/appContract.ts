/**
 * What the bench relies on in the app besides its DOM, in one place. These are copies,
 * not imports: the bench must keep running while the app's modules move around. If
 * the app renames one, the figure that needs it stops with a clear error.
 */

/** The User Timing mark the app sets at `agent_end` of a handoff document (HANDOFF_DOCUMENT_END_MARK in src/state/). */
export const HANDOFF_DOCUMENT_END_MARK = 'baton:handoff-document-end';

/** Key of the settings record in the 'settings' store (SETTINGS_KEY, src/state/store/settings.ts). */
export const SETTINGS_KEY = 'settings';

/** Key of the active session's id in the 'settings' store (ACTIVE_SESSION_KEY, src/storage/sessionRepository.ts). */
export const ACTIVE_SESSION_KEY = 'activeSessionId';

/**
 * Markdown not rendered yet: the renderer shows it as text with this class until a later
 * frame renders it (src/ui/markdown/RenderedMarkdown.tsx). P10 to P13 wait until none is left.
 */
export const PENDING_MARKDOWN_SELECTOR = '.markdown-pending';
