/**
 * The page /__bench/bare.html?newest=N: opens the app's database, reads every session
 * header and the active session's newest N entries, then leaves the timing on
 * `window.__benchBare` for the bench to read (P3's baseline). N comes from the bench's
 * config (P4_NEWEST), through the address, so this page imports nothing of Node's.
 */
import { type ColdStartRead, readColdStart } from './db';

declare global {
  interface Window {
    __benchBare?: Promise<ColdStartRead>;
  }
}

const newest = Number(new URLSearchParams(location.search).get('newest'));
window.__benchBare =
  Number.isInteger(newest) && newest > 0
    ? readColdStart(newest)
    : Promise.reject(new Error("bare.html needs ?newest=N, how many of the open session's entries to read"));
