import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TriggerReason } from '../core/pricing/handoffTriggers';
import { type BannerState, bannerAfter, bannerShown, dismissBanner, NO_BANNER } from './contextBannerState';

/** What the open session's contexts look like to the banner, one sample after another. */
type Step = { session: string; reasons: TriggerReason[] } | 'not now';

function shownAfter(steps: readonly Step[]): boolean[] {
  let state: BannerState = NO_BANNER;
  return steps.map((step) => {
    // "Not now" is a button of the banner: there is none to press while it is away.
    if (step !== 'not now') state = bannerAfter(state, step.session, step.reasons);
    else if (bannerShown(state)) state = dismissBanner(state);
    return bannerShown(state);
  });
}

const at = (...reasons: TriggerReason[]) => ({ session: 'a', reasons });

describe('the context banner', () => {
  it('after "Not now" stays away while the context grows past the triggers, and comes back on the next crossing', () => {
    expect(
      shownAfter([
        at(), // 40 %: below.
        at('percent'), // The reply that crosses 75 %.
        'not now',
        at('percent'), // The next reply, a bigger context: the old banner came back here.
        at('percent', 'tokens'), // Another trigger passed on the way up is no new crossing.
        at('full', 'percent', 'tokens'),
        at(), // A shorter branch.
        at('percent'), // Crossing again.
      ]),
    ).toEqual([false, true, false, false, false, false, false, true]);
  });

  it('stays up over replies until it is answered', () => {
    expect(shownAfter([at('percent'), at('percent'), at('percent', 'turnCost')])).toEqual([true, true, true]);
  });

  it('judges another session from below the triggers: its own crossing', () => {
    expect(
      shownAfter([at('tokens'), 'not now', { session: 'b', reasons: ['tokens'] }, at('tokens')]),
    ).toEqual([true, false, true, true]);
  });

  it('keeps the same state object while nothing it shows changes', () => {
    const up = bannerAfter(NO_BANNER, 'a', ['percent']);
    expect(bannerAfter(up, 'a', ['percent', 'tokens'])).toBe(up);
    const declined = dismissBanner(up);
    expect(bannerAfter(declined, 'a', ['percent'])).toBe(declined);
    const below = bannerAfter(up, 'a', []);
    expect(bannerAfter(below, 'a', [])).toBe(below);
  });

  it('over any sequence in one session, shows after "Not now" only once the context has been below', () => {
    const reasonsArb = fc.subarray<TriggerReason>(['full', 'percent', 'turnCost', 'tokens']);
    const stepArb: fc.Arbitrary<Step> = fc.oneof(
      fc.constant<Step>('not now'),
      reasonsArb.map((reasons) => ({ session: 'a', reasons })),
    );
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
        const shown = shownAfter(steps);
        let past = false;
        let declined = false;
        steps.forEach((step, i) => {
          if (step === 'not now') declined ||= past;
          else {
            past = step.reasons.length > 0;
            if (!past) declined = false;
          }
          // Past a trigger it shows exactly when no "Not now" came since the context was below.
          expect(shown[i]).toBe(past && !declined);
        });
      }),
      { numRuns: 2_000 },
    );
  });
});
