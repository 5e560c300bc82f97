/**
 * The session slice: the list of sessions and the one on screen (its branch, the reply
 * being written into it, its usage and todos), and the session being opened.
 */
import type { ToolRounds } from '../../../core/agent/toolRounds';
import type { TodoItem } from '../../../core/todos/todoTypes';
import type { SessionEntry, SessionHeader } from '../../../core/types/entry';
import type { Message } from '../../../core/types/message';
import type { SessionUsage } from '../../../core/usage/sessionUsage';
import { type BranchMarks, NO_MARKS } from './branchMarks';

export interface StreamingView {
  entryId: string;
  message: Message;
}

export interface SessionState {
  /** Every session header, newest first. */
  sessions: SessionHeader[];
  activeSessionId: string | null;
  /** The active session's branch, root to leaf; changes only at message boundaries. */
  entries: SessionEntry[];
  /** The reply being written, refreshed at most once per frame. */
  streaming: StreamingView | null;
  /**
   * The tokens every finished reply of the active session used, on every branch; null
   * until the whole session is read (the first paint shows only its newest entries). The
   * reply being written is not in it: add `streaming` on top.
   */
  sessionUsage: SessionUsage | null;
  isStreaming: boolean;
  /** Sessions left while their reply was still being written, writing on in the background (their rows say so). */
  backgroundSessionIds: readonly string[];
  /** The branch's versions and failed messages (see branchMarks.ts); changes with `entries`. */
  marks: BranchMarks;
  todos: TodoItem[];
  /**
   * A message to scroll to and highlight once its session is shown (a link from a
   * handoff card to where a file was sent); cleared by the list once it has done so.
   */
  focusEntry: { sessionId: string; entryId: string } | null;
  /** The session being opened, from the click until it is read: the chat and status say so. */
  openingSessionId: string | null;
  /**
   * The tool rounds of the run under way (the status shows the count), or of the run that
   * paused at their bound (`paused`: Continue / Stop is asked); null without either.
   */
  toolRounds: (ToolRounds & { paused: boolean }) | null;
}

export const initialSessionState: SessionState = {
  sessions: [],
  activeSessionId: null,
  entries: [],
  streaming: null,
  sessionUsage: null,
  isStreaming: false,
  backgroundSessionIds: [],
  marks: NO_MARKS,
  todos: [],
  focusEntry: null,
  openingSessionId: null,
  toolRounds: null,
};
