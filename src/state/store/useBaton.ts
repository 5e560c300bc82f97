import { useStore } from 'zustand';
import type { BatonState } from './store';
import { batonStore } from './store';

/** Subscribes a component to one slice of the store. */
export function useBaton<T>(selector: (state: BatonState) => T): T {
  return useStore(batonStore, selector);
}
