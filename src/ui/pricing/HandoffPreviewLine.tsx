import { useMemo } from 'react';
import { nextTurnInput } from '../../core/pricing/branchCost';
import { costFigures } from '../../core/pricing/costFigures';
import { handoffSizesOf } from '../../core/pricing/handoffSizes';
import { selectCurrentModel, selectSessionThinking } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import { cachedFacts, contextMeterView } from '../contextMeter';
import { handoffPreviewText } from './priceText';
import './pricing.css';

/**
 * Above the Hand off popover's focus field: what a turn costs here and after the
 * handoff, and what the handoff itself costs. Hidden for a model without a price.
 */
export function HandoffPreviewLine() {
  const entries = useBaton((s) => s.entries);
  const settings = useBaton((s) => s.settings);
  const model = useBaton(selectCurrentModel);
  const thinking = useBaton(selectSessionThinking);
  const text = useMemo(() => {
    const meter = contextMeterView(entries, settings, model);
    const facts = cachedFacts(entries);
    // The document turn thinks as the session's replies do; its budget is the most it may.
    const thinkingTokens = thinking.enabled ? thinking.budgetTokens : 0;
    const { handoff } = costFigures({
      model,
      prices: settings.priceOverrides,
      next: nextTurnInput(facts, meter.used, meter.exact, handoffSizesOf(facts, thinkingTokens)),
    });
    return handoff && meter.measured ? handoffPreviewText(handoff) : undefined;
  }, [entries, settings, model, thinking]);
  if (!text) return null;
  return (
    <p className="handoff-preview" data-testid="handoff-preview">
      {text}
    </p>
  );
}
