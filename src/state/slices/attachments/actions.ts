/**
 * The attachments slice's actions: a chip added or removed, refusals said, the "Keep
 * original size" choice, and the files a send takes out of the box (or gives back when
 * refused). Reading the files given is attachments/attachmentActions.ts's job.
 */
import { newId } from '../../../core/ids';
import type { ImageScaler } from '../../attachments/imageScaler';
import type { OutgoingAttachment, PendingAttachment } from '../../attachments/pendingAttachment';
import { get, set } from '../../store/storeAccess';
import { selectOutgoingAttachments } from './selectors';

export function removeAttachment(id: string): void {
  set((s) => ({ pendingAttachments: s.pendingAttachments.filter((p) => p.record.id !== id) }));
}

export function setKeepOriginalSize(keep: boolean): void {
  set({ keepOriginalSize: keep });
}

export function dismissAttachmentRefusals(): void {
  set({ attachmentRefusals: [] });
}

/** One more file read and checked: a chip after the others. */
export function addPendingAttachment(pending: PendingAttachment): void {
  set((s) => ({ pendingAttachments: [...s.pendingAttachments, pending] }));
}

/** Why files just given were not attached, after any said before. */
export function addAttachmentRefusals(refusals: readonly string[]): void {
  if (refusals.length > 0) set((s) => ({ attachmentRefusals: [...s.attachmentRefusals, ...refusals] }));
}

/** The box's files as a send carries them; the box lets go of them (a refused send gives them back). */
export function takeAttachmentsForSend(): { outgoing: OutgoingAttachment[]; pending: PendingAttachment[] } {
  const state = get();
  const taken = { outgoing: selectOutgoingAttachments(state), pending: state.pendingAttachments };
  set({ pendingAttachments: [], keepOriginalSize: false });
  return taken;
}

/**
 * The chips of a refused send, back before any added since. New ids: were the refused
 * message stored after all, the two could not share (and later delete) one file.
 */
export function giveBackAttachments(files: readonly PendingAttachment[]): void {
  const renewed = files.map((file): PendingAttachment => {
    const id = newId();
    return { record: { ...file.record, id }, ...(file.original && { original: { ...file.original, id } }) };
  });
  set((s) => ({ pendingAttachments: [...renewed, ...s.pendingAttachments] }));
}

/** The image scaler, made on first use (`make` is given by the reading code, which loads lazily). */
export function imageScalerOr(make: () => ImageScaler): ImageScaler {
  const existing = get().imageScaler;
  if (existing) return existing;
  const scaler = make();
  set({ imageScaler: scaler });
  return scaler;
}
