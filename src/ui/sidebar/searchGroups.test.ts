import { describe, expect, it } from 'vitest';
import type { IndexHit } from '../../core/recall/entryIndex';
import { processTerm } from '../../core/recall/terms';
import { groupHits, highlightParts } from './searchGroups';

const terms = (...words: string[]) => words.map((w) => processTerm(w) ?? w);

function hit(id: string, sessionId: string, text: string, extra: Partial<IndexHit> = {}): IndexHit {
  return {
    id,
    sessionId,
    kind: 'entry',
    role: 'user',
    score: 1,
    terms: terms('billing'),
    text,
    ...extra,
  } as IndexHit;
}

describe('groupHits', () => {
  it('keeps one excerpt per message and drops near-duplicates within a session', () => {
    const groups = groupHits(
      [
        hit('a', 's1', 'Tell me about billing.'),
        hit('b', 's1', 'tell me about   BILLING'),
        hit('c', 's1', 'Tell me about billing'),
        hit('d', 's1', 'Billing runs nightly; the invoices go out at six.'),
        hit('d', 's1', 'Billing runs nightly; the invoices go out at six.'),
        hit('e', 's2', 'Tell me about billing.'),
        hit('t', 's2', 'Billing title', { kind: 'title' } as Partial<IndexHit>),
      ],
      (id) => (id === 's1' ? 'One' : 'Two'),
    );
    expect(groups.map((g) => [g.sessionId, g.titleHit, g.messages.map((m) => m.entryId)])).toEqual([
      ['s1', false, ['a', 'd']],
      // The same words in another session are its own excerpt.
      ['s2', true, ['e']],
    ]);
  });

  it('leaves out sessions that are gone', () => {
    expect(groupHits([hit('a', 'gone', 'billing')], () => undefined)).toEqual([]);
  });
});

describe('highlightParts', () => {
  it('marks the matched words, by their stems, and keeps every character', () => {
    const parts = highlightParts('Billing: the bills are billed monthly.', terms('billing'));
    expect(parts.filter((p) => p.match).map((p) => p.text)).toContain('Billing');
    expect(parts.map((p) => p.text).join('')).toBe('Billing: the bills are billed monthly.');
    expect(parts.some((p) => p.match && p.text.includes('monthly'))).toBe(false);
  });

  it('marks nothing when nothing matches', () => {
    expect(highlightParts('no such words', terms('billing'))).toEqual([
      { text: 'no such words', match: false },
    ]);
  });
});
