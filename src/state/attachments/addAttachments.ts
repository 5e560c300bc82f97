/**
 * Files given to the composer (pasted, dropped or picked), read one after another in
 * the order given: each becomes a chip, or a sentence saying why it did not. Loaded on
 * first use, with the scaler behind it.
 */

import { refusalSentence } from '../../core/attachments/attachmentRefusals';
import { attachmentTokens } from '../../core/attachments/attachmentTokens';
import { checkContextRoom, checkCount } from '../../core/attachments/checkAttachment';
import { newId } from '../../core/ids';
import { addAttachmentRefusals, addPendingAttachment, imageScalerOr } from '../slices/attachments/actions';
import { selectOutgoingAttachments } from '../slices/attachments/selectors';
import { get } from '../store/storeAccess';
import { ImageScaler } from './imageScaler';
import { prepareAttachment } from './prepareAttachment';

/** The conversation's size as the meter shows it, and the model's window, both in tokens. */
export interface ContextRoom {
  used: number;
  window: number;
}

export async function addAttachments(files: readonly File[], room: ContextRoom): Promise<void> {
  const refusals: string[] = [];
  const scaler = imageScalerOr(() => new ImageScaler());
  const scale = scaler.scale.bind(scaler);
  for (const file of files) {
    const pending = get().pendingAttachments;
    const tooMany = checkCount(file.name, pending.length);
    if (tooMany) {
      refusals.push(refusalSentence(tooMany));
      continue;
    }
    const prepared = await prepareAttachment(file, { newId, scale });
    if (!prepared.ok) {
      refusals.push(refusalSentence(prepared.refusal));
      continue;
    }
    // Counted as they would be sent: with "Keep original size" the estimate is the same
    // (the API scales the original down to what the scaled copy already is).
    const attached = selectOutgoingAttachments(get());
    const used = room.used + attached.reduce((sum, ref) => sum + attachmentTokens(ref), 0);
    const full = checkContextRoom(file.name, {
      used,
      tokens: attachmentTokens(prepared.pending.record),
      window: room.window,
    });
    if (full) {
      refusals.push(refusalSentence(full));
      continue;
    }
    addPendingAttachment(prepared.pending);
  }
  addAttachmentRefusals(refusals);
}
