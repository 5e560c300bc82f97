import { describe, expect, it } from 'vitest';
import type { FeedChange } from '../../storage/backend';
import { safeCheckpoint } from './push';

function change(seq: number, id: string): FeedChange {
  return { seq, kind: 'entry', id, sessionId: 's', device: 'd', rev: 1, deleted: false };
}

describe('the push checkpoint after a batch', () => {
  it("is the batch's last seq when the batch ends a change set", () => {
    expect(safeCheckpoint([change(3, 'a'), change(4, 'b')], change(5, 'c'), 0)).toBe(4);
    expect(safeCheckpoint([change(3, 'a'), change(4, 'b')], undefined, 0)).toBe(4);
  });

  it('stops before a change set the next batch goes on with, so a crash cannot skip its rest', () => {
    expect(safeCheckpoint([change(3, 'a'), change(4, 'b')], change(4, 'c'), 0)).toBe(3);
  });

  it('never goes back past where the push began', () => {
    expect(safeCheckpoint([change(7, 'a'), change(7, 'b')], change(7, 'c'), 6)).toBe(6);
    expect(safeCheckpoint([], undefined, 6)).toBe(6);
  });
});
