/** Derived values of the attachments slice. */
import { type OutgoingAttachment, outgoingAttachments } from '../../attachments/pendingAttachment';
import type { BatonState } from '../../store/store';

/** Files are still being read: a send waits for them. */
export const selectReadingAttachments = (s: BatonState): boolean => s.readingAttachments > 0;

/** What a send would carry now: the original of each scaled image when the user asked to keep it. */
export const selectOutgoingAttachments = (s: BatonState): OutgoingAttachment[] =>
  outgoingAttachments(s.pendingAttachments, s.keepOriginalSize);
