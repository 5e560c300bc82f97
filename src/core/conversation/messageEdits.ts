/**
 * Editing one of the user's own messages: which messages may be edited, and the edit
 * under way. Sending it makes a new branch (the conversation loop does that).
 */
import { isMessageEntry, type MessageEntry, type SessionEntry } from '../types/entry';
import type { Message } from '../types/message';

export class NotEditableError extends Error {
  override readonly name = 'NotEditableError';
}

export type EditEvent = { type: 'edit_changed'; entryId: string | undefined };

export interface MessageEditsDeps {
  branch(): SessionEntry[];
  /** A message the app sent in the user's name (the handoff instruction): never editable. */
  isInternal(message: Message): boolean;
  emit(event: EditEvent): void;
}

export class MessageEdits {
  private pending: string | undefined;

  constructor(private readonly deps: MessageEditsDeps) {}

  /** The user message an edit is under way for. */
  get entryId(): string | undefined {
    return this.pending;
  }

  /** The entry `entryId` if the user may edit it; NotEditableError otherwise. */
  editable(entryId: string): MessageEntry {
    const entry = this.deps.branch().find((candidate) => candidate.id === entryId);
    if (!entry || !this.isEditable(entry))
      throw new NotEditableError('Only your own messages on this branch can be edited.');
    return entry;
  }

  /** The newest user message on the branch that an edit may replace. */
  lastEditable(): string | undefined {
    const branch = this.deps.branch();
    for (let i = branch.length - 1; i >= 0; i--) {
      const entry = branch[i];
      if (entry && this.isEditable(entry)) return entry.id;
    }
    return undefined;
  }

  /** Marks `entryId` as being edited (undefined: none), telling listeners of a change. */
  set(entryId: string | undefined): void {
    if (this.pending === entryId) return;
    this.pending = entryId;
    this.deps.emit({ type: 'edit_changed', entryId });
  }

  /** Ends an edit without sending; true if one was under way. */
  cancel(): boolean {
    if (this.pending === undefined) return false;
    this.set(undefined);
    return true;
  }

  /** A user's own message: not a tool result, not one the app sent in their name. */
  private isEditable(entry: SessionEntry): entry is MessageEntry {
    return isMessageEntry(entry) && entry.message.role === 'user' && !this.deps.isInternal(entry.message);
  }
}
