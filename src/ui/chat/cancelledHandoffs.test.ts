import { describe, expect, it } from 'vitest';
import { assistant, chain, toolResult, toolResults, toolUse, user } from '../../../testing/entryBuilders';
import { HANDOFF_PROMPT_MARKER } from '../../core/handoff/handoffMarkers';
import { cancelledHandoffs, rowIdOf } from './cancelledHandoffs';
import { shownEntries } from './chatRows';

const instruction = user(`${HANDOFF_PROMPT_MARKER}\nWrite the handoff document.`);

describe('cancelledHandoffs', () => {
  it('folds a cancelled attempt into its instruction: the partial document kept, its replies without rows', () => {
    const entries = chain([
      user('Plan the billing API'),
      assistant(['Planned.']),
      instruction,
      assistant([toolUse('t1')], 'tool_use'),
      toolResults(toolResult('t1', 'refused')),
      assistant(['## Goal\nShip billing.\n\n## Progress'], 'aborted'),
      user('Still there?'),
      assistant(['Yes.']),
    ]);
    const found = cancelledHandoffs(entries);
    expect([...found.partialByInstruction]).toEqual([['e2', '## Goal\nShip billing.\n\n## Progress']]);
    expect([...found.folded]).toEqual([
      ['e3', 'e2'],
      ['e4', 'e2'],
      ['e5', 'e2'],
    ]);
    // A search hit in the half document lands on the line; any other entry on its own row.
    expect(rowIdOf(entries, 'e5')).toBe('e2');
    expect(rowIdOf(entries, 'e7')).toBe('e7');
    expect(shownEntries(entries).map((entry) => entry.id)).toEqual(['e0', 'e1', 'e2', 'e6', 'e7']);
    // One pass per branch: the same object for the same entries.
    expect(cancelledHandoffs(entries)).toBe(found);
  });

  it('leaves alone an attempt under way, one that failed, and one that finished', () => {
    const underWay = chain([user('Plan'), assistant(['Planned.']), instruction]);
    const failed = chain([user('Plan'), instruction, assistant(['## Goal'], 'error')]);
    const finished = chain([user('Plan'), instruction, assistant(['## Goal\nShip.'])]);
    for (const entries of [underWay, failed, finished]) {
      expect(cancelledHandoffs(entries).partialByInstruction.size).toBe(0);
      expect(shownEntries(entries)).toHaveLength(entries.length);
    }
  });

  it('an attempt stopped before any text keeps an empty partial, and each of two attempts folds on its own', () => {
    const entries = chain([
      user('Plan'),
      instruction,
      assistant([], 'aborted'),
      instruction,
      assistant(['## Goal\nShip.'], 'aborted'),
    ]);
    const found = cancelledHandoffs(entries);
    expect([...found.partialByInstruction]).toEqual([
      ['e1', ''],
      ['e3', '## Goal\nShip.'],
    ]);
    expect(shownEntries(entries).map((entry) => entry.id)).toEqual(['e0', 'e1', 'e3']);
  });
});
