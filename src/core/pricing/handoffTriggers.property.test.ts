/**
 * The triggers over any sequence of contexts: a suggestion fires exactly once per upward
 * crossing (at the first sample past a trigger after a sample below all of them), never
 * while the context stays past, and with only the percent trigger the "past" is exactly
 * the threshold the banner used before (contextMeter's overThreshold).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BELOW_TRIGGERS,
  type HandoffTriggers,
  nextTriggerState,
  type TriggerSample,
} from './handoffTriggers';

const RUNS = Math.max(2_000, Number(process.env.BATON_PROPERTY_RUNS) || 0);

const sampleArb: fc.Arbitrary<TriggerSample> = fc.record({
  used: fc.integer({ min: 0, max: 1_200_000 }),
  window: fc.constantFrom(4_000, 200_000, 1_000_000),
  reported: fc.boolean(),
  // Rarer than the rest: a refusal for length.
  full: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  turnCost: fc.option(fc.double({ min: 0, max: 2, noNaN: true }), { nil: undefined }),
});

const triggersArb: fc.Arbitrary<HandoffTriggers> = fc.record(
  {
    percent: fc.double({ min: 0.01, max: 1, noNaN: true }),
    turnCost: fc.double({ min: 0, max: 2, noNaN: true }),
    tokens: fc.integer({ min: 1, max: 1_200_000 }),
  },
  { requiredKeys: [] },
);

/** Past a trigger, written out from the settings' words, independently of the detector. */
function past(s: TriggerSample, t: HandoffTriggers): boolean {
  if (s.full) return true;
  if (!s.reported) return false;
  const reachesShare = t.percent !== undefined && s.used / s.window >= t.percent;
  const costsMore = t.turnCost !== undefined && s.turnCost !== undefined && s.turnCost > t.turnCost;
  const passesTokens = t.tokens !== undefined && s.used >= t.tokens;
  return reachesShare || costsMore || passesTokens;
}

function firings(samples: readonly TriggerSample[], triggers: HandoffTriggers): boolean[] {
  let state = BELOW_TRIGGERS;
  return samples.map((s) => {
    state = nextTriggerState(state, s, triggers);
    return state.fired;
  });
}

describe('handoff triggers, over any sequence of contexts', () => {
  it('fire exactly once in each stretch past a trigger, at its first sample, and never below', () => {
    fc.assert(
      fc.property(fc.array(sampleArb, { maxLength: 60 }), triggersArb, (samples, triggers) => {
        const fires = firings(samples, triggers);
        let i = 0;
        while (i < samples.length) {
          const s = samples[i] as TriggerSample;
          if (!past(s, triggers)) {
            expect(fires[i]).toBe(false);
            i += 1;
            continue;
          }
          // A stretch of samples past a trigger: one firing, at its start.
          let end = i;
          while (end < samples.length && past(samples[end] as TriggerSample, triggers)) end += 1;
          expect(fires.slice(i, end)).toEqual([true, ...Array(end - i - 1).fill(false)]);
          i = end;
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('fire as often as a single value crosses its threshold upwards', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 400_000 }), { maxLength: 80 }),
        fc.integer({ min: 1, max: 400_000 }),
        (values, threshold) => {
          const samples = values.map((used) => ({ used, window: 1_000_000, reported: true, full: false }));
          const fires = firings(samples, { tokens: threshold }).filter(Boolean).length;
          let crossings = 0;
          values.forEach((value, i) => {
            const before = i === 0 ? -1 : (values[i - 1] as number);
            if (value >= threshold && before < threshold) crossings += 1;
          });
          expect(fires).toBe(crossings);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('with only the percent trigger, are past exactly where the banner’s threshold was', () => {
    fc.assert(
      fc.property(sampleArb, fc.double({ min: 0.01, max: 1, noNaN: true }), (s, threshold) => {
        // contextMeter's overThreshold before issue 30.
        const overThreshold = s.full || (s.reported && s.used / s.window >= threshold);
        const state = nextTriggerState(BELOW_TRIGGERS, s, { percent: threshold });
        expect(state.over.length > 0).toBe(overThreshold);
        expect(state.fired).toBe(overThreshold);
      }),
      { numRuns: RUNS },
    );
  });
});
