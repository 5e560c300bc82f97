import type { ContextRoom } from '../../state/attachments/addAttachments';
import { batonStore } from '../../state/store/store';
import { contextMeterView } from '../contextMeter';

/** The conversation's size and window as the context meter shows them now: what new files must fit beside. */
export function currentContextRoom(): ContextRoom {
  const { entries, settings } = batonStore.getState();
  const view = contextMeterView(entries, settings);
  return { used: view.used, window: view.window };
}
