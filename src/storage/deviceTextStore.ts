/**
 * This browser's localStorage for the small notes that describe this device's copy of
 * the data (backup marks, the offline outbox, the session on screen): never synced.
 */

/** The part of the Web Storage API those notes use (localStorage in the app, a map in tests). */
export interface TextStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** localStorage, or undefined where the browser blocks site data (reading it throws there). */
export function deviceTextStore(): TextStore | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}
