/**
 * The attachments slice: files in the composer, read and checked, waiting to go with the
 * next message; those still being read; why the last ones given were refused; and the
 * "Keep original size" choice. Like the text, they stay with their session (composer/drafts.ts).
 */
import type { ImageScaler } from '../../attachments/imageScaler';
import type { PendingAttachment } from '../../attachments/pendingAttachment';

export interface AttachmentsState {
  /** Files read and checked, to be sent with the next message (a draft of the open session, see composer/drafts.ts). */
  pendingAttachments: PendingAttachment[];
  /** Files given but still being read or scaled: a send waits for them. */
  readingAttachments: number;
  /** Why the files last given were not attached, one sentence each, until dismissed or new files come. */
  attachmentRefusals: string[];
  /** Send scaled images at their original size instead (when the API takes that size). */
  keepOriginalSize: boolean;
  /** Not rendered: settles once every file given so far has been read (a send waits for it). */
  attachmentsRead: Promise<void>;
  /** Not rendered: the image scaler (its worker), made on the first image. */
  imageScaler: ImageScaler | null;
}

export const initialAttachmentsState: AttachmentsState = {
  pendingAttachments: [],
  readingAttachments: 0,
  attachmentRefusals: [],
  keepOriginalSize: false,
  attachmentsRead: Promise.resolve(),
  imageScaler: null,
};
