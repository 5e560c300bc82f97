/**
 * The page /__bench/bare.html: opens the app's database and reads every session header,
 * then leaves the timing on `window.__benchBare` for the bench to read (P3's baseline).
 */
import { readHeaders } from './db';

declare global {
  interface Window {
    __benchBare?: Promise<{ start: number; end: number; count: number }>;
  }
}

window.__benchBare = readHeaders();
