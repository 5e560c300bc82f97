/**
 * Watches the message box from outside React (a store subscription, so typing renders
 * nothing new) and asks for the count of a large new input once the box is still.
 */
import { priceScheduleFor } from '../../core/pricing/priceSchedule';
import { chooseModelLazily } from '../../state/app/lazyModelClient';
import { selectCurrentModel } from '../../state/store/selectors';
import { get, subscribe } from '../../state/store/storeAccess';
import { COUNT_DEBOUNCE_MS, countedInput, countInput, isLargeJump, LARGE_INPUT_CHARS } from './inputCount';

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
    const known = countedInput();
    // A model without a price shows no figure: nothing to count for.
    if (!priceScheduleFor(model, settings.priceOverrides)) return;
    if (text.length < LARGE_INPUT_CHARS || (known?.text === text && known.model === model)) return;
    inFlight?.abort();
    inFlight = new AbortController();
    const { client } = chooseModelLazily(settings, () => {});
    void countInput({ text, model, baseURL: settings.baseURL, client, signal: inFlight.signal });
  };

  const stop = subscribe((state, previous) => {
    if (state.composerText === previous.composerText) return;
    // A paste-sized jump arms the count; later keystrokes only push it back until the box is still.
    if (isLargeJump(previous.composerText.length, state.composerText.length)) pending = true;
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
