import { describe, expect, it } from 'vitest';
import type { SessionEntry } from '../../core/types/entry';
import type { Usage } from '../../core/types/message';
import { DEFAULT_SETTINGS } from '../../state/store/settings';
import { contextMeterView } from '../contextMeter';
import { parseTrigger } from '../settings/PriceTriggerSettings';
import { isLargeJump, LARGE_INPUT_CHARS } from './inputCount';
import { handoffPreviewText, nextTurnText } from './priceText';

// claude-sonnet-4-5 (the table's claude-sonnet-4 family), per million tokens:
// input $3, cache write $3.75, cache read $0.30, output $15.
let next = 0;
function entry(role: 'user' | 'assistant', usage?: Usage): SessionEntry {
  next += 1;
  return {
    id: `e${next}`,
    parentId: null,
    sessionId: 's',
    timestamp: next,
    type: 'message',
    message: {
      role,
      content: [{ type: 'text', text: 'hi' }],
      ...(usage && { usage }),
      model: 'claude-sonnet-4-5',
    },
  };
}

const keyed = { ...DEFAULT_SETTINGS, apiKey: 'sk', model: 'claude-sonnet-4-5' };
// A reply whose prompt was 100,000 tokens (99,000 read from the cache) and that wrote 1,000.
const reply = entry('assistant', { input: 1_000, cacheRead: 99_000, cacheWrite: 0, output: 1_000 });

describe('the meter’s next-turn price', () => {
  it('prices the next turn from the reported usage, exact when nothing was added since', () => {
    const view = contextMeterView([entry('user'), reply], keyed);
    expect(view.used).toBe(101_000);
    expect(view.exact).toBe(true);
    // Cached: 100,000 read × $0.30 + 1,000 written × $3.75 + 1,000 output × $15.
    expect(view.nextTurn?.cached).toBeCloseTo(0.03 + 0.00375 + 0.015, 10);
    // Uncached: all 101,000 written × $3.75 + the output.
    expect(view.nextTurn?.uncached).toBeCloseTo(0.37875 + 0.015, 10);
    expect(nextTurnText(view.nextTurn ?? { cached: 0, uncached: 0, exact: true })).toBe(
      'next turn $0.39, $0.049 if cached',
    );
  });

  it('marks an estimate with ≈ once something was added after the last reply', () => {
    const view = contextMeterView([entry('user'), reply, entry('user')], keyed);
    expect(view.exact).toBe(false);
    expect(view.nextTurn && nextTurnText(view.nextTurn)).toMatch(/^next turn ≈ \$/);
  });

  it('hides the price of a model without one', () => {
    const view = contextMeterView([reply], { ...keyed, model: 'gateway-alias-1' }, 'gateway-alias-1');
    expect(view.nextTurn).toBeUndefined();
  });
});

describe('the triggers behind the banner', () => {
  it('fires on the turn’s price past the user’s limit, not below it', () => {
    expect(contextMeterView([reply], keyed).overThreshold).toBe(false);
    const view = contextMeterView([reply], { ...keyed, handoffTurnCost: 0.04 });
    expect(view.reasons).toEqual(['turnCost']);
    expect(view.overThreshold).toBe(true);
  });

  it('fires on the token count, and not when it is off (0)', () => {
    expect(contextMeterView([reply], { ...keyed, handoffTokens: 100_000 }).reasons).toEqual(['tokens']);
    expect(contextMeterView([reply], { ...keyed, handoffTokens: 0, handoffTurnCost: 0 }).reasons).toEqual([]);
  });

  it('keeps the share of the window as before', () => {
    expect(contextMeterView([reply], { ...keyed, contextThreshold: 0.5 }).reasons).toEqual(['percent']);
  });

  it('never fires on estimates alone', () => {
    const view = contextMeterView([entry('user')], { ...keyed, handoffTokens: 1, handoffTurnCost: 0.000001 });
    expect(view.reasons).toEqual([]);
  });
});

describe('the sentences', () => {
  it('writes one figure when nothing is cached yet', () => {
    expect(nextTurnText({ cached: 0.5, uncached: 0.5, exact: false })).toBe('next turn ≈ $0.50');
  });

  it('writes the handoff preview as the issue words it', () => {
    expect(handoffPreviewText({ continuing: 0.23, afterHandoff: 0.04, handoff: 0.32 })).toBe(
      'Continuing here: ≈ $0.23 per turn · After handoff: ≈ $0.040 per turn · The handoff itself: ≈ $0.32',
    );
  });
});

describe('the settings fields and the paste detector', () => {
  it('takes a price with decimals, tokens whole, empty as off', () => {
    expect(parseTrigger('0.5', false)).toBe(0.5);
    expect(parseTrigger('', true)).toBe(0);
    expect(parseTrigger('1.5', true)).toBeNull();
    expect(parseTrigger('abc', false)).toBeNull();
  });

  it('tells a paste from typing by the size of the jump', () => {
    expect(isLargeJump(10, 11)).toBe(false);
    expect(isLargeJump(0, LARGE_INPUT_CHARS)).toBe(true);
    expect(isLargeJump(LARGE_INPUT_CHARS, 0)).toBe(false);
  });
});
