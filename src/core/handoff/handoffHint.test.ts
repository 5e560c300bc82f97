import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TriggerReason } from '../pricing/handoffTriggers';
import type { SessionEntry } from '../types/entry';
import type { Usage } from '../types/message';
import {
  type ContextAfterReply,
  contextAfterReply,
  HANDOFF_HINT_CUSTOM_TYPE,
  HandoffHint,
  handoffHintText,
} from './handoffHint';

const OFF = { percent: 1, turnCost: 0, tokens: 0 };

let next = 0;
const reply = (usage: Usage): SessionEntry => {
  next += 1;
  return {
    id: `e${next}`,
    parentId: null,
    sessionId: 's',
    timestamp: next,
    type: 'message',
    message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }], usage },
  };
};

const context = (reasons: TriggerReason[], used = 160_000): ContextAfterReply => ({
  reasons,
  used,
  window: 200_000,
  turnCost: 0.42,
});

describe('contextAfterReply', () => {
  it('judges the size the newest reply reported against the percent trigger', () => {
    const branch = [reply({ input: 1_000, output: 500, cacheRead: 150_000, cacheWrite: 0 })];
    const config = { triggers: { ...OFF, percent: 0.75 }, prices: {} };
    const judged = contextAfterReply(branch, 'claude-sonnet-5-5', 200_000, config);
    expect(judged.used).toBe(151_500);
    expect(judged.reasons).toEqual(['percent']);
    const below = contextAfterReply(branch, 'claude-sonnet-5-5', 1_000_000, config);
    expect(below.reasons).toEqual([]);
  });

  it('fires the cost trigger when the next turn, priced from the reported usage, costs more than the limit', () => {
    // 302,000 tokens cached at Opus 5's cache-read price alone are $0.151 a turn.
    const branch = [reply({ input: 2_000, output: 800, cacheRead: 300_000, cacheWrite: 0 })];
    const at = (turnCost: number) =>
      contextAfterReply(branch, 'claude-opus-5', 1_000_000, { triggers: { ...OFF, turnCost }, prices: {} });
    expect(at(0.05).turnCost).toBeGreaterThan(0.151);
    expect(at(0.05).reasons).toEqual(['turnCost']);
    expect(at(10).reasons).toEqual([]);
  });

  it('an unknown model has no price: the cost trigger stays silent, the token trigger does not', () => {
    const branch = [reply({ input: 400_000, output: 10, cacheRead: 0, cacheWrite: 0 })];
    const judged = contextAfterReply(branch, 'my-gateway/unknown', 1_000_000, {
      triggers: { ...OFF, turnCost: 0.01, tokens: 300_000 },
      prices: {},
    });
    expect(judged.turnCost).toBeUndefined();
    expect(judged.reasons).toEqual(['tokens']);
  });

  it('before any reply nothing is past a trigger', () => {
    const judged = contextAfterReply([], 'claude-opus-5', 200_000, {
      triggers: { percent: 0.01, turnCost: 0.0001, tokens: 1 },
      prices: {},
    });
    expect(judged.reasons).toEqual([]);
  });
});

describe('HandoffHint', () => {
  it('leaves one hidden note when the context crosses a trigger, none while it stays past', () => {
    const hint = new HandoffHint();
    expect(hint.after(context([]))).toBeUndefined();
    const note = hint.after(context(['percent']));
    expect(note).toMatchObject({ role: 'custom', customType: HANDOFF_HINT_CUSTOM_TYPE, display: false });
    expect(note?.content).toContain('160,000 tokens (80% of the window)');
    expect(note?.content).toContain('handoff tool');
    expect(hint.after(context(['percent', 'turnCost']))).toBeUndefined();
    // Below all of them (a shorter branch), then past again: a new crossing.
    expect(hint.after(context([]))).toBeUndefined();
    expect(hint.after(context(['tokens']))).toBeDefined();
  });

  it('reset forgets a crossing: another session crosses afresh', () => {
    const hint = new HandoffHint();
    expect(hint.after(context(['percent']))).toBeDefined();
    hint.reset();
    expect(hint.after(context(['percent']))).toBeDefined();
  });

  it('a conversation that no longer fits gets no note (the length refusal answers it)', () => {
    const hint = new HandoffHint();
    expect(hint.after(context(['full']))).toBeUndefined();
    expect(hint.after(context(['full', 'percent']))).toBeDefined();
  });

  it('fires exactly once per crossing, whatever the sequence of replies', () => {
    const reasonSets = fc.subarray<TriggerReason>(['full', 'percent', 'turnCost', 'tokens']);
    fc.assert(
      fc.property(fc.array(reasonSets, { maxLength: 40 }), (samples) => {
        const hint = new HandoffHint();
        let crossings = 0;
        let wasOver = false;
        let notes = 0;
        for (const reasons of samples) {
          const over = reasons.some((reason) => reason !== 'full');
          if (over && !wasOver) crossings++;
          wasOver = over;
          if (hint.after(context(reasons))) notes++;
        }
        expect(notes).toBe(crossings);
      }),
    );
  });

  it('names the price when the cost trigger fired, and keeps the note out of the wrapper it sits in', () => {
    const text = handoffHintText(['turnCost'], context(['turnCost']));
    expect(text).toContain('each turn now costs about $0.42');
    expect(text.startsWith('<system-reminder>')).toBe(true);
    expect(text.trimEnd().endsWith('</system-reminder>')).toBe(true);
    expect(handoffHintText(['turnCost'], { ...context(['turnCost']), turnCost: 0.004 })).toContain(
      'less than $0.01',
    );
  });
});
