/** What a tab makes of a committed change set: the sessions it changed and deleted. */
import { describe, expect, it } from 'vitest';
import type { CommittedChangeSet } from './backend';
import { announcedSessionIds, sessionChangesOf, sessionsTouchedBy } from './sessionChanges';

const base: CommittedChangeSet = { seq: 1, device: 'd', rev: 1, put: [], deleted: [] };

describe('sessionChangesOf', () => {
  it('names sessions whose header or entries were written, headers first, once each', () => {
    const change = {
      ...base,
      put: [
        { kind: 'entry' as const, id: 'e1', sessionId: 'b' },
        { kind: 'header' as const, id: 'a', sessionId: 'a' },
        { kind: 'entry' as const, id: 'e2', sessionId: 'a' },
      ],
    };
    expect(sessionChangesOf(change)).toEqual([{ kind: 'sessions-changed', sessionIds: ['a', 'b'] }]);
  });

  it('ignores settings, attached files and entries deleted on their own', () => {
    const change = {
      ...base,
      put: [
        { kind: 'setting' as const, id: 'activeSessionId' },
        { kind: 'attachment' as const, id: 'f', sessionId: 'a' },
      ],
      deleted: [{ kind: 'entry' as const, id: 'o1', sessionId: 'lost' }],
    };
    expect(sessionChangesOf(change)).toEqual([]);
    expect(sessionsTouchedBy(change)).toEqual([]);
  });

  it('names a deleted session as deleted, not changed, and the parent it was unlinked from as changed', () => {
    const change = {
      ...base,
      put: [
        { kind: 'setting' as const, id: 'deletedSessionIds' },
        { kind: 'header' as const, id: 'parent', sessionId: 'parent' },
      ],
      deleted: [{ kind: 'header' as const, id: 'gone', sessionId: 'gone' }],
    };
    expect(sessionChangesOf(change)).toEqual([
      { kind: 'sessions-changed', sessionIds: ['parent'] },
      { kind: 'session-deleted', sessionId: 'gone' },
    ]);
    expect(sessionsTouchedBy(change)).toEqual(['parent', 'gone']);
  });
});

describe('announcedSessionIds', () => {
  it('reads a summary posted on the tab channel, and names nothing for any other message', () => {
    const change = { ...base, put: [{ kind: 'entry', id: 'e1', sessionId: 'a' }] };
    expect(announcedSessionIds(structuredClone(change))).toEqual(['a']);
    for (const other of [
      null,
      'a',
      { kind: 'sessions-changed', sessionIds: ['a'] },
      { ...change, seq: '1' },
      { ...change, put: [{ kind: 'entry', id: 7 }] },
      { ...change, deleted: undefined },
    ])
      expect(announcedSessionIds(other)).toEqual([]);
  });
});
