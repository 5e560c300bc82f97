import { selectHandoffActive } from '../../state/store/selectors';
import type { BatonState } from '../../state/store/store';

/**
 * Why the update's Reload must wait now, or null when it can go ahead: a reload would
 * end the reply or handoff being written, or empty the message box.
 */
export function reloadWaitReason(s: BatonState): string | null {
  if (s.isStreaming) return 'Reload once the reply has finished.';
  if (selectHandoffActive(s)) return 'Reload once the handoff has finished.';
  if (s.composerText.trim() !== '' || s.pendingAttachments.length > 0) {
    return 'Send or clear your message first: a reload empties the message box.';
  }
  if (Object.keys(s.drafts).length > 0) {
    return 'Send or clear the messages left in other sessions first: a reload empties them.';
  }
  return null;
}
