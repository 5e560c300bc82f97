/**
 * The composer slice: the message box's text, the queue of text typed while a reply is
 * written (as the open session holds it), and the user message being edited.
 */
export interface ComposerState {
  composerText: string;
  queue: { steering: string[]; followUps: string[] };
  /** The user message being edited (↑ in an empty composer); the next send branches from it. */
  editingEntryId: string | null;
  /** The edit is made in the message itself (its Edit button), not in the message box (↑). */
  editingInPlace: boolean;
}

export const initialComposerState: ComposerState = {
  composerText: '',
  queue: { steering: [], followUps: [] },
  editingEntryId: null,
  editingInPlace: false,
};
