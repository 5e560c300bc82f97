/** The hybrid logical clock: close to wall time, never backwards, one order on every device. */
import { describe, expect, it } from 'vitest';
import { asRevision, compareStamps, nextRevision, revisionTime } from './revision';

describe('nextRevision', () => {
  it('follows the wall clock while it moves on', () => {
    const rev = nextRevision(0, 1_767_000_000_000);
    expect(revisionTime(rev)).toBe(1_767_000_000_000);
    expect(nextRevision(rev, 1_767_000_000_005)).toBeGreaterThan(rev);
    expect(revisionTime(nextRevision(rev, 1_767_000_000_005))).toBe(1_767_000_000_005);
  });

  it('never goes back, whatever the wall clock says, and stays close to the newest time seen', () => {
    const seen = nextRevision(0, 2_000_000_000_000);
    let rev = seen;
    for (let i = 0; i < 2500; i++) {
      const next = nextRevision(rev, 1_000_000_000_000); // a clock an age behind
      expect(next).toBeGreaterThan(rev);
      rev = next;
    }
    // 2,500 revisions within one millisecond borrow the next two, no more.
    expect(revisionTime(rev) - revisionTime(seen)).toBe(2);
  });
});

describe('compareStamps', () => {
  it('orders by revision, then by device id, the same from either side', () => {
    const early = { device: 'b', rev: 10 };
    const late = { device: 'a', rev: 11 };
    const tie = { device: 'c', rev: 10 };
    expect(compareStamps(early, late)).toBeLessThan(0);
    expect(compareStamps(late, early)).toBeGreaterThan(0);
    expect(compareStamps(early, tie)).toBeLessThan(0);
    expect(compareStamps(tie, early)).toBeGreaterThan(0);
    expect(compareStamps(early, { ...early })).toBe(0);
  });
});

describe('asRevision', () => {
  it('reads what is not a revision as none', () => {
    expect(asRevision(1_767_000_000_000_000)).toBe(1_767_000_000_000_000);
    for (const bad of [undefined, '5', -3, 1.5, Number.NaN, null]) expect(asRevision(bad)).toBe(0);
  });
});
