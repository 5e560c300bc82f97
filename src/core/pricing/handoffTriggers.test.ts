import { describe, expect, it } from 'vitest';
import {
  BELOW_TRIGGERS,
  type HandoffTriggers,
  nextTriggerState,
  type TriggerSample,
  type TriggerState,
  triggersFor,
} from './handoffTriggers';
import { DEFAULT_HANDOFF_TRIGGERS } from './triggerSettings';

const sample = (used: number, extra: Partial<TriggerSample> = {}): TriggerSample => ({
  used,
  window: 200_000,
  reported: true,
  full: false,
  ...extra,
});

/** The states after each sample, from below everything. */
function run(samples: readonly TriggerSample[], triggers: HandoffTriggers): TriggerState[] {
  const states: TriggerState[] = [];
  let state = BELOW_TRIGGERS;
  for (const s of samples) {
    state = nextTriggerState(state, s, triggers);
    states.push(state);
  }
  return states;
}

const fired = (states: readonly TriggerState[]) => states.map((state) => state.fired);

describe('the handoff triggers', () => {
  it('fires once when the context reaches the share, and again only after falling below it', () => {
    // 75 % of 200,000 is 150,000.
    const states = run(
      [100_000, 150_000, 170_000, 160_000, 9_000, 149_999, 150_000].map((used) => sample(used)),
      { percent: 0.75 },
    );
    expect(fired(states)).toEqual([false, true, false, false, false, false, true]);
    expect(states[2]?.over).toEqual(['percent']);
    expect(states[4]?.over).toEqual([]);
  });

  it('waits for a size the API reported, and always counts a conversation that no longer fits', () => {
    const states = run(
      [sample(190_000, { reported: false }), sample(50_000, { full: true, reported: false })],
      { percent: 0.75 },
    );
    expect(fired(states)).toEqual([false, true]);
    expect(states[1]?.over).toEqual(['full']);
  });

  it('fires on a turn that costs more than the sum, not on one that costs exactly that', () => {
    const states = run(
      [sample(10_000, { turnCost: 0.5 }), sample(11_000, { turnCost: 0.5000001 }), sample(12_000)],
      { turnCost: 0.5 },
    );
    expect(fired(states)).toEqual([false, true, false]);
    // A model without a price has no turn cost: that trigger is below, and re-arms.
    expect(states[2]?.over).toEqual([]);
  });

  it('fires when the context passes the token count, on a 1M window long before the share', () => {
    const million = { window: 1_000_000 };
    const states = run([sample(199_999, million), sample(200_000, million), sample(740_000, million)], {
      percent: 0.75,
      tokens: 200_000,
    });
    expect(fired(states)).toEqual([false, true, false]);
    expect(states[2]?.over).toEqual(['tokens']);
  });

  it('does not fire again when a second trigger is crossed while the first still holds', () => {
    const states = run(
      [
        sample(100_000, { turnCost: 0.2 }),
        sample(160_000, { turnCost: 0.3 }),
        sample(170_000, { turnCost: 0.6 }),
      ],
      { percent: 0.75, turnCost: 0.5 },
    );
    expect(fired(states)).toEqual([false, true, false]);
    expect(states[2]?.over).toEqual(['percent', 'turnCost']);
  });
});

describe('triggersFor: the thresholds in force for a model', () => {
  it('takes the settings as they are, 0 turning a trigger off', () => {
    expect(triggersFor(DEFAULT_HANDOFF_TRIGGERS, 'claude-opus-5', {})).toEqual({
      percent: 0.75,
      turnCost: 0.5,
      tokens: 200_000,
    });
    expect(triggersFor({ percent: 0.9, turnCost: 0, tokens: 0 }, 'claude-opus-5', {})).toEqual({
      percent: 0.9,
    });
  });

  it('brings the token trigger forward to where Haiku 5.5’s price for long requests starts', () => {
    expect(triggersFor(DEFAULT_HANDOFF_TRIGGERS, 'claude-haiku-5-5', {}).tokens).toBe(100_000);
    expect(triggersFor({ ...DEFAULT_HANDOFF_TRIGGERS, tokens: 50_000 }, 'claude-haiku-5-5', {}).tokens).toBe(
      50_000,
    );
    // Off stays off.
    expect(
      triggersFor({ ...DEFAULT_HANDOFF_TRIGGERS, tokens: 0 }, 'claude-haiku-5-5', {}).tokens,
    ).toBeUndefined();
    // With the user's own flat price there is no long-request price to avoid.
    const own = { 'claude-haiku-5-5': { input: 0.1, output: 0.5, cacheWrite: 0.125, cacheRead: 0.01 } };
    expect(triggersFor(DEFAULT_HANDOFF_TRIGGERS, 'claude-haiku-5-5', own).tokens).toBe(200_000);
  });
});
