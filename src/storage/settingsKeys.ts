/** Keys of the settings store that storage itself reads. */

/** Settings key of the user's settings (restored and typed by the store's settings module). */
export const SETTINGS_KEY = 'settings';

/** Settings key of the session the app opens on start. */
export const ACTIVE_SESSION_KEY = 'activeSessionId';

/**
 * Settings key of the ids of deleted sessions. A write for one of them is refused, so a
 * tab still holding a deleted session (it was writing a reply into it when another tab
 * deleted it) can neither leave orphan entries behind nor bring the session back.
 */
export const DELETED_SESSIONS_KEY = 'deletedSessionIds';
