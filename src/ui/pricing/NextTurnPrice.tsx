import { useDeferredValue, useEffect, useMemo, useSyncExternalStore } from 'react';
import { attachmentTokens } from '../../core/attachments/attachmentTokens';
import { estimateTextTokens } from '../../core/context/estimateTokens';
import { nextTurnInput } from '../../core/pricing/branchCost';
import { costFigures } from '../../core/pricing/costFigures';
import { selectOutgoingAttachments } from '../../state/slices/attachments/selectors';
import { selectCurrentModel } from '../../state/store/selectors';
import { useBaton, useBatonShallow } from '../../state/store/useBaton';
import { type ContextMeterView, cachedFacts } from '../contextMeter';
import { countedInput, inputKey, subscribeCountedInput } from './inputCount';
import { nextTurnText } from './priceText';
import { watchLargeInput } from './watchLargeInput';

/**
 * Beside the meter: what the next turn costs at this context, with what is in the
 * composer (its text and files). Hidden for a model without a price (nothing is guessed).
 */
export function NextTurnPrice({ meter }: { meter: ContextMeterView }) {
  const entries = useBaton((s) => s.entries);
  const settings = useBaton((s) => s.settings);
  // Deferred: the figure follows the typing without holding a keystroke up.
  const text = useDeferredValue(useBaton((s) => s.composerText));
  const attachments = useBatonShallow(selectOutgoingAttachments);
  const counted = useSyncExternalStore(subscribeCountedInput, countedInput);
  useEffect(() => watchLargeInput(), []);
  const model = useBaton(selectCurrentModel);

  // What the composer adds (its files and text): the API's count when it has counted
  // exactly these, else an estimate.
  const added = useMemo(() => {
    if (text === '' && attachments.length === 0) return { tokens: 0, exact: true };
    if (counted?.key === inputKey(text, attachments) && counted.model === model)
      return { tokens: counted.tokens, exact: true };
    const files = attachments.reduce((sum, file) => sum + attachmentTokens(file), 0);
    return { tokens: files + estimateTextTokens(text), exact: false };
  }, [text, attachments, counted, model]);

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
