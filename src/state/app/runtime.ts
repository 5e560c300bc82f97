/**
 * The runtime's place in the store (the runtime slice): set once start-up has made it,
 * waited for by actions taken during start-up, read by the rest.
 */
import { get, set, subscribe } from '../store/storeAccess';
import type { Runtime } from './runtimeObjects';

export type { Runtime } from './runtimeObjects';

export function setRuntime(next: Runtime): void {
  set({ runtime: next });
}

/** Start-up failed: whatever waits for the runtime gets this error instead of waiting forever. */
export function failRuntime(error: unknown): void {
  if (get().runtime === null) set({ runtimeFailure: { error } });
}

/** The runtime once it exists: an action taken during start-up waits for it rather than being lost. */
export function whenRuntime(): Promise<Runtime> {
  return new Promise((resolve, reject) => {
    const settle = (): boolean => {
      const { runtime, runtimeFailure } = get();
      if (runtime) resolve(runtime);
      else if (runtimeFailure) reject(runtimeFailure.error);
      else return false;
      return true;
    };
    if (settle()) return;
    const stop = subscribe(() => {
      if (settle()) stop();
    });
  });
}

export function getRuntime(): Runtime {
  const { runtime } = get();
  if (!runtime) throw new Error('Baton has not finished loading yet.');
  return runtime;
}

export function hasRuntime(): boolean {
  return get().runtime !== null;
}
