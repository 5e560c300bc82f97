/**
 * The session vocabulary of docs/spec/handoff.md: a header plus an append-only log of
 * entries that form a tree through parentId. Plain data only, shared by every layer.
 */
import type { Message } from './message';
import type { ThinkingSetting } from './thinking';

export interface EntryBase {
  id: string;
  parentId: string | null;
  sessionId: string;
  timestamp: number;
  type: string;
}

export interface MessageEntry extends EntryBase {
  type: 'message';
  message: Message;
}

export interface CustomMessageEntry extends EntryBase {
  type: 'custom_message';
  customType: string;
  content: string;
  display: boolean;
  details?: unknown;
}

/** An entry of a kind this version does not know; kept and written back untouched. */
export interface UnknownEntry extends EntryBase {
  [key: string]: unknown;
}

export type KnownEntry = MessageEntry | CustomMessageEntry;
export type SessionEntry = KnownEntry | UnknownEntry;

export interface SessionHeader {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  model: string;
  leafId: string | null;
  /** The session this one was handed off from. */
  parentSession?: string;
  /** Sessions handed off from this one, oldest first. */
  children: string[];
  /** Extended thinking as chosen for this session; absent: the Settings default. */
  thinking?: ThinkingSetting;
  /** Kept at the top of the sidebar by the user. */
  pinned?: boolean;
  /** When an import added this session (a copy from a file), so it can be told from the original. */
  importedAt?: number;
  /**
   * The id of the workspace (issue 26) its handoff chain shares: set on sessions started
   * by a handoff, to their parent's; absent, the session's own id (see workspaceOf).
   */
  workspace?: string;
}

export function isMessageEntry(entry: SessionEntry): entry is MessageEntry {
  return entry.type === 'message';
}

export function isCustomMessageEntry(entry: SessionEntry): entry is CustomMessageEntry {
  return entry.type === 'custom_message';
}
