import { useDeferredValue, useEffect, useMemo, useSyncExternalStore } from 'react';
import { estimateTextTokens } from '../../core/context/estimateTokens';
import { nextTurnInput } from '../../core/pricing/branchCost';
import { costFigures } from '../../core/pricing/costFigures';
import { selectCurrentModel } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import { type ContextMeterView, cachedFacts } from '../contextMeter';
import { countedInput, subscribeCountedInput } from './inputCount';
import { nextTurnText } from './priceText';
import { watchLargeInput } from './watchLargeInput';

/**
 * Beside the meter: what the next turn costs at this context, with what is in the
 * message box. Hidden for a model without a price (nothing is guessed).
 */
export function NextTurnPrice({ meter }: { meter: ContextMeterView }) {
  const entries = useBaton((s) => s.entries);
  const settings = useBaton((s) => s.settings);
  // Deferred: the figure follows the typing without holding a keystroke up.
  const text = useDeferredValue(useBaton((s) => s.composerText));
  const counted = useSyncExternalStore(subscribeCountedInput, countedInput);
  useEffect(() => watchLargeInput(), []);
  const model = useBaton(selectCurrentModel);

  // What the box adds: the API's count when it has counted exactly this text, else an estimate.
  const added = useMemo(() => {
    if (text === '') return { tokens: 0, exact: true };
    if (counted?.text === text && counted.model === model) return { tokens: counted.tokens, exact: true };
    return { tokens: estimateTextTokens(text), exact: false };
  }, [text, counted, model]);

  const cost = useMemo(() => {
    if (!meter.nextTurn || added.tokens === 0) return meter.nextTurn;
    return costFigures({
      model,
      prices: settings.priceOverrides,
      next: nextTurnInput(cachedFacts(entries), meter.used + added.tokens, meter.exact && added.exact),
    }).nextTurn;
  }, [meter, added, model, settings.priceOverrides, entries]);

  if (!cost) return null;
  return (
    <span className="next-turn-price" data-testid="next-turn-price">
      {nextTurnText(cost)}
    </span>
  );
}
