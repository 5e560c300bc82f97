/** A file in the composer, read and checked, waiting to be sent with the next message. */
import type { AttachmentRecord } from '../../core/attachments/attachmentTypes';

/** A record as the session stores it, before it knows the session (see AgentSession.prompt). */
export type OutgoingAttachment = Omit<AttachmentRecord, 'sessionId'>;

export interface PendingAttachment {
  /** As it will be sent: scaled down if it was a large image. */
  record: OutgoingAttachment;
  /**
   * The image as given, when it was scaled down and is itself within the API's limits:
   * sent instead when "Keep original size" is checked.
   */
  original?: OutgoingAttachment;
}

/** What a send carries: the original of each scaled image when the user asked to keep it. */
export function outgoingAttachments(
  pending: readonly PendingAttachment[],
  keepOriginalSize: boolean,
): OutgoingAttachment[] {
  return pending.map((p) => (keepOriginalSize && p.original ? p.original : p.record));
}
