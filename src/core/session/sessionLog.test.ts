import { describe, expect, it } from 'vitest';
import { assistant, chain, user } from '../../../testing/entryBuilders';
import type { SessionEntry } from '../types/entry';
import { createSessionHeader, DEFAULT_SESSION_TITLE, SessionLog } from './sessionLog';

const header = () => createSessionHeader({ id: 's1', model: 'm', now: 100 });

function entry(id: string, parentId: string | null, timestamp = 200): SessionEntry {
  return { ...user(`text ${id}`), id, parentId, sessionId: 's1', timestamp };
}

const ids = (entries: SessionEntry[]) => entries.map((e) => e.id);

describe('createSessionHeader', () => {
  it('starts empty, untitled and without lineage unless given a parent', () => {
    expect(header()).toEqual({
      id: 's1',
      title: DEFAULT_SESSION_TITLE,
      createdAt: 100,
      updatedAt: 100,
      model: 'm',
      leafId: null,
      children: [],
    });
    expect('parentSession' in header()).toBe(false);
    const child = createSessionHeader({ id: 's2', model: 'm', now: 1, title: 'T', parentSession: 's1' });
    expect(child).toMatchObject({ title: 'T', parentSession: 's1' });
  });
});

describe('SessionLog', () => {
  it('appends entries as the new leaf and walks the branch root to leaf', () => {
    const log = new SessionLog(header());
    expect(log.getBranch()).toEqual([]);
    log.append(entry('a', null, 150));
    log.append(entry('b', 'a', 300));
    log.append(entry('c', 'b', 250));
    expect(log.header.leafId).toBe('c');
    expect(ids(log.getBranch())).toEqual(['a', 'b', 'c']);
    expect(log.size).toBe(3);
    // updatedAt follows the newest entry and never moves back.
    expect(log.header.updatedAt).toBe(300);
  });

  it('refuses to append an id twice and to update an id it does not have', () => {
    const log = new SessionLog(header());
    log.append(entry('a', null));
    expect(() => log.append(entry('a', null))).toThrow(/already exists/);
    expect(() => log.update(entry('zzz', null))).toThrow(/does not exist/);
    expect(ids(log.entries())).toEqual(['a']);
  });

  it('update swaps the stored entry without moving the leaf', () => {
    const log = new SessionLog(header());
    log.append(entry('a', null));
    log.append({
      ...assistant(['part'], 'streaming'),
      id: 'b',
      parentId: 'a',
      sessionId: 's1',
      timestamp: 201,
    });
    log.append(entry('c', 'b'));
    const finished = {
      ...assistant(['part and the rest']),
      id: 'b',
      parentId: 'a',
      sessionId: 's1',
      timestamp: 201,
    };
    log.update(finished);
    expect(log.header.leafId).toBe('c');
    expect(log.get('b')).toBe(finished);
    expect(log.getBranch()[1]).toBe(finished);
  });

  it('keeps both branches when two entries share a parent, and follows the leaf', () => {
    const log = new SessionLog(header());
    log.append(entry('root', null));
    log.append(entry('left', 'root'));
    log.append(entry('left2', 'left'));
    log.append(entry('right', 'root'));
    expect(ids(log.getBranch())).toEqual(['root', 'right']);
    expect(ids(log.getBranch('left2'))).toEqual(['root', 'left', 'left2']);
    // Moving the leaf back (as a branch switch would) changes the branch, not the log.
    log.header = { ...log.header, leafId: 'left2' };
    expect(ids(log.getBranch())).toEqual(['root', 'left', 'left2']);
    expect(log.size).toBe(4);
    expect(ids(log.entries())).toEqual(['root', 'left', 'left2', 'right']);
  });

  it('loads entries given in any order', () => {
    const entries = chain([user('one'), assistant(['two']), user('three')]);
    const log = new SessionLog({ ...header(), leafId: 'e2' }, [...entries].reverse());
    expect(ids(log.getBranch())).toEqual(['e0', 'e1', 'e2']);
  });

  it('ends the branch at a missing parent instead of failing', () => {
    const log = new SessionLog({ ...header(), leafId: 'c' }, [entry('b', 'gone'), entry('c', 'b')]);
    expect(ids(log.getBranch())).toEqual(['b', 'c']);
  });

  it('returns nothing for a leaf that does not exist', () => {
    const log = new SessionLog({ ...header(), leafId: 'nowhere' }, [entry('a', null)]);
    expect(log.getBranch()).toEqual([]);
  });

  it('cuts a cycle where it closes, without hanging', () => {
    const log = new SessionLog({ ...header(), leafId: 'c' }, [
      entry('a', 'c'),
      entry('b', 'a'),
      entry('c', 'b'),
    ]);
    expect(ids(log.getBranch())).toEqual(['a', 'b', 'c']);
    const selfLoop = new SessionLog({ ...header(), leafId: 'x' }, [entry('x', 'x')]);
    expect(ids(selfLoop.getBranch())).toEqual(['x']);
  });

  it('walks a long branch without recursion limits', () => {
    const log = new SessionLog(header());
    for (let i = 0; i < 20_000; i++) log.append(entry(`n${i}`, i === 0 ? null : `n${i - 1}`));
    const branch = log.getBranch();
    expect(branch).toHaveLength(20_000);
    expect(branch[0]?.id).toBe('n0');
    expect(branch.at(-1)?.id).toBe('n19999');
  });
});
