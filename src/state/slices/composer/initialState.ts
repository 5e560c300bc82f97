import type { PendingAttachment } from '../../attachments/pendingAttachment';

/**
 * The composer slice: the message box's text, the queue of text typed while a reply is
 * written (as the open session holds it), and the user message being edited.
 */
/** What the box held in a session the user left: it comes back when the user returns (drafts.ts). */
export interface SessionDraft {
  text: string;
  attachments: PendingAttachment[];
  keepOriginalSize: boolean;
}

export interface ComposerState {
  composerText: string;
  queue: { steering: string[]; followUps: string[] };
  /** The user message being edited (↑ in an empty composer); the next send branches from it. */
  editingEntryId: string | null;
  /** Other sessions' drafts (text and files), by session id, while the box shows another (drafts.ts). */
  drafts: Record<string, SessionDraft>;
  /** The edit is made in the message itself (its Edit button), not in the message box (↑). */
  editingInPlace: boolean;
  /** The open session's messages held while the browser is offline (state/offline/heldMessages.ts). */
  heldOffline: Array<{ id: string; text: string }>;
}

export const initialComposerState: ComposerState = {
  composerText: '',
  queue: { steering: [], followUps: [] },
  editingEntryId: null,
  drafts: {},
  editingInPlace: false,
  heldOffline: [],
};
