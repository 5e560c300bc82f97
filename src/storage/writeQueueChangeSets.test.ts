/**
 * The write queue writes only through a ChangeWriter, in change sets of typed records:
 * queued saves coalesced by kind and id, and the handoff switch as one change set.
 */
import { describe, expect, it } from 'vitest';
import { makeCustomEntry, makeHeader, makeMessageEntry } from '../../testing/fixtures/storageTestFixtures';
import type { ApplyResult, ChangeWriter } from './backend';
import type { ChangeSet } from './records';
import { ACTIVE_SESSION_KEY } from './settingsKeys';
import { WriteQueue } from './writeQueue';

/** A backend that only records what it is asked to apply. */
function recordingWriter(): ChangeWriter & { applied: ChangeSet[] } {
  const applied: ChangeSet[] = [];
  return {
    applied,
    apply: async (changeSet): Promise<ApplyResult> => {
      applied.push(changeSet);
      return { refusedSessionIds: [] };
    },
  };
}

describe('WriteQueue change sets', () => {
  it('writes what is queued as one change set of typed records, the latest save of each record', async () => {
    const writer = recordingWriter();
    const queue = new WriteQueue(writer, { intervalMs: 60_000 });
    queue.start();
    queue.saveEntry(makeMessageEntry('s1', 'x', 1, { text: 'first' }));
    // Same id, other kind: a different record, queued beside it.
    queue.saveHeader(makeHeader('x'));
    queue.saveEntry(makeMessageEntry('s1', 'x', 1, { text: 'latest' }));
    await queue.setActiveSession('x');
    expect(writer.applied).toEqual([
      {
        put: [
          { kind: 'entry', value: makeMessageEntry('s1', 'x', 1, { text: 'latest' }) },
          { kind: 'header', value: makeHeader('x') },
          { kind: 'setting', key: ACTIVE_SESSION_KEY, value: 'x' },
        ],
      },
    ]);
    expect(queue.hasPendingWrites()).toBe(false);
    queue.dispose();
  });

  it('commits a handoff as one change set: what was queued, the handoff entry, both headers and the pointer', async () => {
    const writer = recordingWriter();
    const queue = new WriteQueue(writer, { intervalMs: 60_000 });
    queue.start();
    const parent = makeHeader('parent', { children: ['child'] });
    const child = makeHeader('child', { parentSession: 'parent', leafId: 'h' });
    const handoffEntry = makeCustomEntry('child', 'h', 9);
    queue.saveEntry(makeMessageEntry('parent', 'p1', 1));
    queue.saveHeader(makeHeader('parent'));
    await queue.commitHandoff({ parent, child, handoffEntry });
    expect(writer.applied).toEqual([
      {
        put: [
          { kind: 'entry', value: makeMessageEntry('parent', 'p1', 1) },
          // The commit's header wins over the one queued, in its place.
          { kind: 'header', value: parent },
          { kind: 'entry', value: handoffEntry },
          { kind: 'header', value: child },
          { kind: 'setting', key: ACTIVE_SESSION_KEY, value: 'child' },
        ],
      },
    ]);
    queue.dispose();
  });
});
