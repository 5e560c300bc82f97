import { describe, expect, it } from 'vitest';
import { RELEVANCE_DOCS, RELEVANCE_QUERIES } from '../../../testing/relevanceSet';
import { EntryIndex, entryDoc, type SavedEntryIndex, titleDoc } from './entryIndex';

function built(): EntryIndex {
  const index = EntryIndex.empty();
  for (const doc of RELEVANCE_DOCS) index.put(entryDoc(doc));
  index.put(titleDoc('billing', 'Ship the billing service'));
  return index;
}

const answers = (index: EntryIndex) =>
  RELEVANCE_QUERIES.map(({ query }) => index.search({ query, limit: 5 }).map((m) => [m.id, m.terms]));

/** As IndexedDB keeps it: a structured clone. */
const stored = (index: EntryIndex): SavedEntryIndex => structuredClone(index.save());

describe('EntryIndex', () => {
  it('answers the same after being saved and restored, and goes on from there', () => {
    const index = built();
    const restored = EntryIndex.restore(stored(index));
    if (!restored) throw new Error('restored');
    expect(answers(restored)).toEqual(answers(index));
    // A query leaves nothing behind for the next (the score arrays are kept and reset).
    expect(answers(index)).toEqual(answers(restored));
    expect(restored.size).toBe(index.size);
    restored.put(entryDoc({ entryId: 'z1', sessionId: 'zoo', role: 'user', text: 'The zebra escaped.' }));
    expect(restored.search({ query: 'zebras', limit: 5 }).map((m) => m.id)).toEqual(['z1']);
  });

  it('replaces and removes documents, before a merge and after one', () => {
    const index = built();
    index.put(
      entryDoc({ entryId: 'b2', sessionId: 'billing', role: 'assistant', text: 'Moved to port 7000.' }),
    );
    index.remove('f3');
    const check = (i: EntryIndex) => {
      expect(i.search({ query: '9143', limit: 5 })).toEqual([]);
      expect(i.search({ query: 'port 7000', limit: 1 }).map((m) => m.id)).toEqual(['b2']);
      expect(i.search({ query: 'locator', limit: 5 })).toEqual([]);
      expect(i.has('f3')).toBe(false);
      expect(i.size).toBe(RELEVANCE_DOCS.length);
    };
    check(index);
    const restored = EntryIndex.restore(stored(index));
    if (!restored) throw new Error('restored');
    check(restored);
  });

  it('keeps to the sessions and kinds asked for', () => {
    const index = built();
    const hits = index.search({ query: 'billing', sessionIds: new Set(['billing']), limit: 50 });
    expect(hits.length).toBeGreaterThan(1);
    expect(hits.every((hit) => hit.sessionId === 'billing')).toBe(true);
    const titles = index.search({ query: 'billing', kinds: new Set(['title']), limit: 50 });
    expect(titles.map((hit) => [hit.id, hit.kind, hit.role])).toEqual([['title:billing', 'title', 'title']]);
  });

  it('rebuilds rather than trusts a saved form whose parts do not agree', () => {
    const saved = stored(built());
    expect(EntryIndex.restore({ ...saved, gaps: saved.gaps.slice(0, -3) })).toBeUndefined();
    expect(EntryIndex.restore({ ...saved, ids: saved.ids.slice(1) })).toBeUndefined();
    expect(EntryIndex.restore({ ...saved, offsets: saved.offsets.slice(1) })).toBeUndefined();
    expect(EntryIndex.restore({} as SavedEntryIndex)).toBeUndefined();
  });
});
