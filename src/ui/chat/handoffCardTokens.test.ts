import { describe, expect, it } from 'vitest';
import type { SessionEntry } from '../../core/types/entry';
import { handoffFileName } from './HandoffCardActions';
import { estimateTokens, firstReplyTokens } from './handoffCardTokens';

const base = { parentId: null, sessionId: 's', timestamp: 1, type: 'message' as const };

describe('handoff card numbers', () => {
  it('estimates about four characters a token, rounding up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcde')).toBe(2);
  });

  it("takes the first finished reply's input, cache and output tokens", () => {
    const entries: SessionEntry[] = [
      { ...base, id: 'a', type: 'custom_message', customType: 'handoff', content: 'x', display: true },
      {
        ...base,
        id: 'b',
        message: {
          role: 'assistant',
          content: [],
          stopReason: 'streaming',
          usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
        },
      },
    ];
    expect(firstReplyTokens(entries)).toBeUndefined();
    entries.push({
      ...base,
      id: 'c',
      message: {
        role: 'assistant',
        content: [],
        stopReason: 'end_turn',
        usage: { input: 700, output: 12, cacheRead: 5, cacheWrite: 3 },
      },
    });
    expect(firstReplyTokens(entries)).toBe(720);
  });

  it('names the download after the session title', () => {
    expect(handoffFileName('Tell me about billing · part 2')).toBe('handoff-tell-me-about-billing-part-2.md');
  });
});
