import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { BatonState } from './store';
import { batonStore } from './store';

/** Subscribes a component to one slice of the store. */
export function useBaton<T>(selector: (state: BatonState) => T): T {
  return useStore(batonStore, selector);
}

/** For a selector that builds an array or object: re-renders only when its contents change. */
export function useBatonShallow<T>(selector: (state: BatonState) => T): T {
  return useStore(batonStore, useShallow(selector));
}
