/**
 * The status slice: what the app says about itself rather than about a conversation.
 * Start-up's phase, the notices (toasts), whether changes are saved, the model client's
 * retries, and what this tab kept of a session deleted in another tab.
 */
import type { SessionEntry } from '../../../core/types/entry';

export interface Notice {
  id: number;
  kind: 'info' | 'error';
  text: string;
  /** Extra lines, e.g. the command list of /help. */
  lines?: string[];
}

/** What this tab held of a session deleted elsewhere while it was being written (see deletedWhileOpen). */
export interface KeptAfterDelete {
  title: string;
  model: string;
  entries: SessionEntry[];
}

/** The last session of a chain was deleted and its workspace still holds files: keep them or delete them? */
export interface WorkspaceAfterDelete {
  /** The workspace's id (see workspaceOf). */
  workspace: string;
  /** The deleted session's title. */
  title: string;
  files: number;
}

export interface StatusState {
  phase: 'loading' | 'ready' | 'failed';
  loadError?: string;
  notices: Notice[];
  /** The id the next notice gets: ids are never reused, so a timer never dismisses a newer notice. */
  nextNoticeId: number;
  /** Unsaved changes exist (a write failed or is pending retry). */
  saveError: string | null;
  /** Entries of the open session not stored yet while writes fail: each is marked. */
  unsavedEntryIds: ReadonlySet<string>;
  /**
   * The session this tab was writing into was deleted in another tab: what this tab held
   * of it, offered to keep in a new session or drop.
   */
  keptAfterDelete: KeptAfterDelete | null;
  /** Absent until a delete first asks (no initial value in the first load). */
  workspaceAfterDelete?: WorkspaceAfterDelete | null;
  retryStatus: string | null;
  /** While the model client waits to try again: when the next attempt starts (ms since the epoch). */
  retryAt: number | null;
}

const NOTHING_UNSAVED: ReadonlySet<string> = new Set();

export const initialStatusState: StatusState = {
  phase: 'loading',
  notices: [],
  nextNoticeId: 1,
  saveError: null,
  unsavedEntryIds: NOTHING_UNSAVED,
  keptAfterDelete: null,
  retryStatus: null,
  retryAt: null,
};
