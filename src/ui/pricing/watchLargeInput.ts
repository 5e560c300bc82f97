/**
 * Watches the composer from outside React (a store subscription, so typing renders
 * nothing new) and asks for the count of a large new input (a paste, a file attached)
 * once the composer is still.
 */
import { priceScheduleFor } from '../../core/pricing/priceSchedule';
import { chooseModelLazily } from '../../state/app/lazyModelClient';
import { selectOutgoingAttachments } from '../../state/slices/attachments/selectors';
import { selectCurrentModel } from '../../state/store/selectors';
import { get, subscribe } from '../../state/store/storeAccess';
import {
  COUNT_DEBOUNCE_MS,
  countedInput,
  countInput,
  inputKey,
  isLargeJump,
  LARGE_INPUT_CHARS,
} from './inputCount';

/** Starts watching; returns the stop. */
export function watchLargeInput(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  let inFlight: AbortController | undefined;

  const ask = () => {
    pending = false;
    const state = get();
    const { composerText: text, settings } = state;
    const model = selectCurrentModel(state);
    const attachments = selectOutgoingAttachments(state);
    const known = countedInput();
    // A model without a price shows no figure: nothing to count for.
    if (!priceScheduleFor(model, settings.priceOverrides)) return;
    if (text.length < LARGE_INPUT_CHARS && attachments.length === 0) return;
    if (known?.key === inputKey(text, attachments) && known.model === model) return;
    inFlight?.abort();
    inFlight = new AbortController();
    const { client } = chooseModelLazily(settings, () => {});
    void countInput({ text, attachments, model, baseURL: settings.baseURL, client, signal: inFlight.signal });
  };

  const stop = subscribe((state, previous) => {
    const filesAdded = state.pendingAttachments.length > previous.pendingAttachments.length;
    if (state.composerText === previous.composerText && !filesAdded) return;
    // A paste-sized jump or a file arms the count; later keystrokes only push it back until the composer is still.
    if (filesAdded || isLargeJump(previous.composerText.length, state.composerText.length)) pending = true;
    if (!pending) return;
    clearTimeout(timer);
    timer = setTimeout(ask, COUNT_DEBOUNCE_MS);
  });
  return () => {
    stop();
    clearTimeout(timer);
    inFlight?.abort();
  };
}
