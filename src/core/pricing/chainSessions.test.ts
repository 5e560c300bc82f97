import { describe, expect, it } from 'vitest';
import { estimateTextTokens } from '../context/estimateTokens';
import { HANDOFF_CUSTOM_TYPE } from '../handoff/handoffPrompt';
import type { SessionEntry } from '../types/entry';
import type { Usage } from '../types/message';
import { branchCostFacts } from './branchCost';
import { chainSessionOf } from './chainSessions';
import { handoffBaseTokens, handoffSizesOf } from './handoffSizes';

const usage = (input: number, output: number, cacheRead = 0, cacheWrite = 0): Usage => ({
  input,
  output,
  cacheRead,
  cacheWrite,
});

let next = 0;
const base = () => {
  next += 1;
  return { id: `e${next}`, parentId: null, sessionId: 's', timestamp: next };
};
const reply = (u: Usage, model?: string): SessionEntry => ({
  ...base(),
  type: 'message',
  message: { role: 'assistant', content: [], usage: u, ...(model && { model }) },
});
const handoffEntry = (content: string, tokensBefore?: number): SessionEntry => ({
  ...base(),
  type: 'custom_message',
  customType: HANDOFF_CUSTOM_TYPE,
  content,
  display: true,
  details: { document: content, parentSession: 'p', parentTitle: 'P', ...(tokensBefore && { tokensBefore }) },
});

describe('branchCostFacts', () => {
  it('takes the newest reply’s prompt as the cached prefix and every reply’s output', () => {
    const facts = branchCostFacts([reply(usage(100, 50, 900)), reply(usage(10, 70, 1_000, 40))]);
    expect(facts).toEqual({ cachedPrefix: 1_050, reportedContext: 1_120, replyOutputs: [50, 70] });
  });

  it('takes the handoff document this session started from as the expected document', () => {
    const document = 'Goal: ship it. '.repeat(100);
    const facts = branchCostFacts([handoffEntry(document)]);
    expect(facts.documentTokens).toBe(estimateTextTokens(document));
    expect(handoffSizesOf(facts, 0)).toMatchObject({
      baseTokens: handoffBaseTokens(),
      documentTokens: estimateTextTokens(document),
      thinkingTokens: 0,
    });
  });
});

describe('chainSessionOf', () => {
  it('lists every reply with its model, and the handoff’s sizes when the parent’s was recorded', () => {
    const content = 'the document';
    const session = chainSessionOf(
      [handoffEntry(content, 400_000), reply(usage(1, 2), 'claude-opus-5'), reply(usage(3, 4))],
      'fallback',
    );
    expect(session.turns.map((turn) => turn.model)).toEqual(['claude-opus-5', 'fallback']);
    expect(session.handoff).toEqual({
      parentContext: 400_000,
      startContext: handoffBaseTokens() + estimateTextTokens(content),
    });
  });

  it('tells no saving when the parent’s size is unknown', () => {
    expect(chainSessionOf([handoffEntry('doc'), reply(usage(1, 2))], 'm').handoff).toBeUndefined();
  });
});
