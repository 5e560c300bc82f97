/** Store access and small helpers the action files share. */
import { type BatonState, batonStore } from './store';

export const get = () => batonStore.getState();
export const set = (partial: Partial<BatonState> | ((s: BatonState) => Partial<BatonState>)) =>
  batonStore.setState(partial);
/** Calls `listener` after every change of the store; returns the unsubscribe. */
export const subscribe = (listener: (state: BatonState, previous: BatonState) => void) =>
  batonStore.subscribe(listener);

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
