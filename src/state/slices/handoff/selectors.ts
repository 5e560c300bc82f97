/** Derived values of the handoff slice. */
import { isHandoffActive } from '../../../core/handoff/handoffState';
import type { BatonState } from '../../store/store';

/** A handoff is generating, being reviewed or switching: no other prompt may start. */
export const selectHandoffActive = (s: BatonState): boolean => isHandoffActive(s.handoff);

/** A reply is being written or a handoff is under way: new text is queued, and Stop shows. */
export const selectBusy = (s: BatonState): boolean => s.isStreaming || isHandoffActive(s.handoff);
