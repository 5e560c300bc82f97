import { describe, expect, it } from 'vitest';
import { HANDOFF_CUSTOM_TYPE } from '../../core/handoff/handoffPrompt';
import type { CustomMessageEntry, MessageEntry, SessionEntry } from '../../core/types/entry';
import { estimateRowHeight, isShownEntry, shownEntries, startsAtTop } from './chatRows';

const base = { parentId: null, sessionId: 's', timestamp: 0 };

function message(id: string, role: 'user' | 'assistant' | 'toolResult', text: string): MessageEntry {
  return { ...base, id, type: 'message', message: { role, content: [{ type: 'text', text }] } };
}

function custom(id: string, customType: string, display: boolean): CustomMessageEntry {
  return { ...base, id, type: 'custom_message', customType, content: 'doc', display };
}

describe('chat rows', () => {
  it('gives a row to user and assistant messages and to displayed custom entries only', () => {
    const entries: SessionEntry[] = [
      message('u', 'user', 'hi'),
      message('t', 'toolResult', 'result'),
      message('a', 'assistant', 'hello'),
      custom('hidden', 'note', false),
      custom('card', HANDOFF_CUSTOM_TYPE, true),
      { ...base, id: 'x', type: 'model_change' },
    ];
    expect(shownEntries(entries).map((e) => e.id)).toEqual(['u', 'a', 'card']);
    expect(isShownEntry(message('t', 'toolResult', ''))).toBe(false);
  });

  it('starts at the top only for a session that is just its handoff card', () => {
    expect(startsAtTop([custom('card', HANDOFF_CUSTOM_TYPE, true)])).toBe(true);
    expect(startsAtTop([custom('card', HANDOFF_CUSTOM_TYPE, true), message('u', 'user', 'go on')])).toBe(
      false,
    );
    expect(startsAtTop([message('u', 'user', 'hi')])).toBe(false);
    expect(startsAtTop([])).toBe(false);
  });

  it('estimates longer text as taller, within bounds, and the same each time', () => {
    const short = message('s', 'assistant', 'ok');
    const long = message('l', 'assistant', 'word '.repeat(400));
    const huge = message('h', 'assistant', 'x'.repeat(1_000_000));
    expect(estimateRowHeight(long)).toBeGreaterThan(estimateRowHeight(short));
    expect(estimateRowHeight(huge)).toBeLessThanOrEqual(4000);
    expect(estimateRowHeight(long)).toBe(estimateRowHeight(long));
  });
});
