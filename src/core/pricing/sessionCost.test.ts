import { describe, expect, it } from 'vitest';
import type { ModelPrice } from '../models/modelTable';
import type { SessionEntry } from '../types/entry';
import type { Message, Usage } from '../types/message';
import { addReply, NO_USAGE, type SessionUsage, sumSessionUsage } from '../usage/sessionUsage';
import { chainSessionOf } from './chainSessions';
import { costFigures } from './costFigures';
import { costOf, type PriceSchedule, priceScheduleFor } from './priceSchedule';
import { sessionCost } from './sessionCost';

const tokens = (input: number, output: number, cacheWrite = 0, cacheRead = 0): Usage => ({
  input,
  output,
  cacheWrite,
  cacheRead,
});
const SCHEDULES: Record<string, PriceSchedule> = {
  big: { base: { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 } },
  small: { base: { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 } },
};
const scheduleOf = (model: string) => SCHEDULES[model];
const usageOf = (...models: Array<[string, Usage[]]>): SessionUsage => ({
  models: models.map(([model, requests]) => ({ model, requests })),
  unreadable: 0,
});

describe('costOf', () => {
  it('charges each kind of token at its own price per million', () => {
    const big = SCHEDULES.big?.base as ModelPrice;
    // 1M input at $5, 1M output at $25, 2M cache writes at $6.25, 10M cache reads at $0.50.
    expect(costOf(tokens(1e6, 1e6, 2e6, 10e6), big)).toBeCloseTo(5 + 25 + 12.5 + 5, 10);
    expect(costOf(tokens(1000, 200, 0, 0), SCHEDULES.small?.base as ModelPrice)).toBeCloseTo(0.002, 12);
  });
});

describe('sessionCost', () => {
  it('prices each model at its own price and adds them up', () => {
    const usage = usageOf(
      ['big', [tokens(10_000, 1_000, 2_000, 0), tokens(0, 0, 0, 50_000)]],
      ['small', [tokens(4_000, 400)]],
    );
    const estimate = sessionCost(usage, scheduleOf);
    // big: 0.05 + 0.025 + 0.0125 + 0.025 = 0.1125; small: 0.004 + 0.002 = 0.006.
    expect(estimate.lines.map((line) => line.cost)).toEqual([
      expect.closeTo(0.1125, 12),
      expect.closeTo(0.006, 12),
    ]);
    expect(estimate.cost).toBeCloseTo(0.1185, 12);
    expect(estimate.partial).toBe(false);
    expect(estimate.usage).toEqual(tokens(14_000, 1_400, 2_000, 50_000));
    expect(estimate.lines[0]?.usage).toEqual(tokens(10_000, 1_000, 2_000, 50_000));
  });

  it('gives tokens only, no cost, when no model has a price', () => {
    const estimate = sessionCost(usageOf(['unknown', [tokens(100, 10)]]), scheduleOf);
    expect(estimate.cost).toBeUndefined();
    expect(estimate.partial).toBe(false);
    expect(estimate.lines).toEqual([{ model: 'unknown', usage: tokens(100, 10) }]);
    expect(estimate.usage).toEqual(tokens(100, 10));
  });

  it('says the cost is partial when some tokens have no price', () => {
    const usage = usageOf(['small', [tokens(1_000_000, 0)]], ['unknown', [tokens(100, 10)]]);
    const estimate = sessionCost(usage, scheduleOf);
    expect(estimate.cost).toBeCloseTo(1, 12);
    expect(estimate.partial).toBe(true);
    expect(estimate.lines[1]?.cost).toBeUndefined();
  });

  it('says the cost is partial when some usage could not be read', () => {
    const estimate = sessionCost({ ...usageOf(['small', [tokens(10, 0)]]), unreadable: 2 }, scheduleOf);
    expect(estimate.partial).toBe(true);
    expect(estimate.unreadable).toBe(2);
  });

  it('costs nothing before anything was used', () => {
    expect(sessionCost(NO_USAGE, scheduleOf)).toEqual({
      usage: tokens(0, 0),
      lines: [],
      cost: 0,
      partial: false,
      unreadable: 0,
    });
  });
});

// The model table's published prices (see chainCost.test.ts): Sonnet 5.5 $2 input, $2.50
// cache write, $0.10 cache read, $10 output at any length; Haiku 5.5 $0.10 / $0.125 /
// $0.01 / $0.50 up to 100,000 prompt tokens and five times that for a longer request.
const SONNET = 'claude-sonnet-5-5';
const HAIKU = 'claude-haiku-5-5';

describe('the session’s cost and its chain’s total', () => {
  const reply = (model: string, usage: Usage): Message => ({ role: 'assistant', content: [], model, usage });
  const replies = [
    // 10,000 written × $2.50 + 1,000 output × $10 = $0.035.
    reply(SONNET, tokens(0, 1_000, 10_000)),
    // 10,000 read × $0.10 + 1,500 written × $2.50 + $0.01 = $0.01475.
    reply(SONNET, tokens(0, 1_000, 1_500, 10_000)),
    // A 150,000-token prompt, past Haiku's 100,000: 150,000 read × $0.05 + 500 output × $2.50
    // = $0.00875 (the base price would say $0.00175).
    reply(HAIKU, tokens(0, 500, 0, 150_000)),
    // A short one on the same model keeps the base price: 50,000 × $0.01 + 500 × $0.50 = $0.00075.
    reply(HAIKU, tokens(0, 500, 0, 50_000)),
  ];
  const entries = replies.map(
    (message, i): SessionEntry => ({
      id: `e${i}`,
      parentId: null,
      sessionId: 's',
      timestamp: i,
      type: 'message',
      message,
    }),
  );
  const schedules = (model: string) => priceScheduleFor(model, {});
  const expected = 0.035 + 0.01475 + 0.00875 + 0.00075;

  it('is the same figure, each request at its own length’s price, however the session was read', () => {
    const chain = costFigures({ model: SONNET, prices: {}, chain: [chainSessionOf(entries, SONNET)] }).chain;
    expect(chain?.total).toBeCloseTo(expected, 12);
    // As the cost line reads it: the stored session, then replies added as they end.
    const stored = sessionCost(sumSessionUsage(entries), schedules);
    const live = sessionCost(replies.reduce(addReply, NO_USAGE), schedules);
    expect(stored.cost).toBeCloseTo(chain?.total ?? Number.NaN, 12);
    expect(live.cost).toBeCloseTo(chain?.total ?? Number.NaN, 12);
    expect(stored.lines.find((line) => line.model === HAIKU)?.cost).toBeCloseTo(0.00875 + 0.00075, 12);
  });
});
