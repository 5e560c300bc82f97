/**
 * The storage port the core writes through. src/storage implements it over
 * IndexedDB; core tests use an in-memory double. Writes are queued and coalesced by
 * entry id so a streaming message costs at most one write per throttle window.
 */
import type { AttachmentRecord } from '../attachments/attachmentTypes';
import type { SessionEntry, SessionHeader } from '../types/entry';

export interface HandoffCommit {
  /** The old session's header, with the new child appended to `children`. */
  parent: SessionHeader;
  /** The new session's header, with `parentSession` set and `leafId` = handoff entry id. */
  child: SessionHeader;
  /** The handoff `custom_message` entry of the new session. */
  handoffEntry: SessionEntry;
}

export interface SessionPersistence {
  /** Queue an entry (insert or replace); written within about 250 ms. */
  saveEntry(entry: SessionEntry): void;
  /** Queue a header (insert or replace). */
  saveHeader(header: SessionHeader): void;
  /**
   * Queue an attached file's record. Queued before the message that refers to it, it is
   * written in the same transaction as that message or an earlier one, never later.
   */
  saveAttachment(record: AttachmentRecord): void;
  /** Write everything queued now; resolves when it is durable. */
  flush(): Promise<void>;
  /**
   * One atomic change: every queued write, both headers, the handoff entry and the
   * active-session pointer (set to the child). Either all of it lands or none.
   */
  commitHandoff(commit: HandoffCommit): Promise<void>;
  /** Point the app at another session on its next start. */
  setActiveSession(sessionId: string): Promise<void>;
}
