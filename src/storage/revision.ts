/**
 * Revisions: a hybrid logical clock (HLC) packed into one number, wall-clock
 * milliseconds × 1000 plus a counter.
 *
 * Why an HLC and not a plain per-record counter: sync (issue 28) merges a session
 * header edited on two devices field by field, the last writer winning, with the
 * device id breaking ties. "Last" has to mean the same thing on every device without
 * them talking to each other. A per-record counter cannot say which of two devices'
 * edits came later (both go from 4 to 5). Bare wall-clock time can: until a device's
 * clock runs behind, or jumps back, and its newer edit loses. An HLC keeps close to wall
 * time (so "last" is what the user expects) and never goes backwards: each new revision
 * is later than every revision this database has issued or taken in from a replica,
 * so it is monotonic per record, and an edit made after seeing another device's edit
 * always sorts after it. Stamps compare by revision, then device id: a total order that
 * every device computes alike.
 *
 * Packed into a number so that it compares with `<`, sorts in an index and travels as
 * JSON: Date.now() × 1000 stays below 2^53 until the year 2255. A counter that would
 * pass 999 within one millisecond borrows the next millisecond: still in order, and
 * never more than a few milliseconds from the clock.
 */

/** A revision; 0 is "none": records stored before revisions existed. */
export type Revision = number;

/** What every stored record carries: the device that wrote it last and when (its revision). */
export interface Stamp {
  device: string;
  rev: Revision;
}

/** Revisions per millisecond: the counter's room. */
const TICKS_PER_MS = 1000;

/** The stamp read for a record stored before stamps existed: older than any stamped one. */
export const UNSTAMPED: Stamp = Object.freeze({ device: '', rev: 0 });

/** The next revision after `last` (the latest this database knows) at wall time `nowMs`. */
export function nextRevision(last: Revision, nowMs: number): Revision {
  return Math.max(Math.floor(nowMs) * TICKS_PER_MS, last + 1);
}

/** The wall-clock time a revision was issued at, in milliseconds (for showing "synced at"). */
export function revisionTime(rev: Revision): number {
  return Math.floor(rev / TICKS_PER_MS);
}

/** Orders two stamps: by revision, then by device id. Negative when `a` is older. */
export function compareStamps(a: Stamp, b: Stamp): number {
  if (a.rev !== b.rev) return a.rev < b.rev ? -1 : 1;
  return a.device < b.device ? -1 : a.device > b.device ? 1 : 0;
}

/** A revision as stored, or 0 when what is stored is not one (damaged, or from an older layout). */
export function asRevision(value: unknown): Revision {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}
