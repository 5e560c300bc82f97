/**
 * The app's one Zustand store. It holds only what the UI renders; the live objects
 * (repository, write queue, agent session) sit in runtime.ts. Actions are plain
 * functions in actions.ts that read and set this store.
 */

import { createStore } from 'zustand/vanilla';
import type { HandoffProposal } from '../../core/handoff/handoffProposals';
import type { HandoffState } from '../../core/handoff/handoffState';
import type { TodoItem } from '../../core/todos/todoTypes';
import type { SessionEntry, SessionHeader } from '../../core/types/entry';
import type { Message } from '../../core/types/message';
import type { SessionUsage } from '../../core/usage/sessionUsage';
import type { PendingAttachment } from '../attachments/pendingAttachment';
import { DEFAULT_SETTINGS, type Settings } from './settings';

export interface Notice {
  id: number;
  kind: 'info' | 'error';
  text: string;
  /** Extra lines, e.g. the command list of /help. */
  lines?: string[];
}

export interface StreamingView {
  entryId: string;
  message: Message;
}

export interface BatonState {
  phase: 'loading' | 'ready' | 'failed';
  loadError?: string;
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
  queue: { steering: string[]; followUps: string[] };
  todos: TodoItem[];
  handoff: HandoffState;
  /** The captured handoff document waiting in the review editor, if review is on. */
  handoffReview: { document: string } | null;
  /** The model's handoff proposal waiting for the user's answer (the card in the chat). */
  handoffProposal: HandoffProposal | null;
  /** The user message being edited (↑ in an empty composer); the next send branches from it. */
  editingEntryId: string | null;
  /**
   * A message to scroll to and highlight once its session is shown (a link from a
   * handoff card to where a file was sent); cleared by the list once it has done so.
   */
  focusEntry: { sessionId: string; entryId: string } | null;
  /** The session being opened, from the click until it is read: the chat and status say so. */
  openingSessionId: string | null;
  notices: Notice[];
  composerText: string;
  /** Files read and checked, to be sent with the next message (kept like the text when the session changes). */
  pendingAttachments: PendingAttachment[];
  /** Files given but still being read or scaled: a send waits for them. */
  readingAttachments: number;
  /** Why the files last given were not attached, one sentence each, until dismissed or new files come. */
  attachmentRefusals: string[];
  /** Send scaled images at their original size instead (when the API takes that size). */
  keepOriginalSize: boolean;
  settings: Settings;
  settingsOpen: boolean;
  /** Unsaved changes exist (a write failed or is pending retry). */
  saveError: string | null;
  /** Entries of the open session not stored yet while writes fail: each is marked. */
  unsavedEntryIds: ReadonlySet<string>;
  /**
   * The session this tab was writing into was deleted in another tab: what this tab held
   * of it, offered to keep in a new session or drop.
   */
  keptAfterDelete: { title: string; model: string; entries: SessionEntry[] } | null;
  retryStatus: string | null;
}

export const initialState: BatonState = {
  phase: 'loading',
  sessions: [],
  activeSessionId: null,
  entries: [],
  streaming: null,
  sessionUsage: null,
  isStreaming: false,
  queue: { steering: [], followUps: [] },
  todos: [],
  handoff: { status: 'idle' },
  handoffReview: null,
  handoffProposal: null,
  editingEntryId: null,
  focusEntry: null,
  openingSessionId: null,
  notices: [],
  composerText: '',
  pendingAttachments: [],
  readingAttachments: 0,
  attachmentRefusals: [],
  keepOriginalSize: false,
  settings: DEFAULT_SETTINGS,
  settingsOpen: false,
  saveError: null,
  unsavedEntryIds: new Set(),
  keptAfterDelete: null,
  retryStatus: null,
};

export const batonStore = createStore<BatonState>()(() => initialState);
