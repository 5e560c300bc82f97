import { useState } from 'react';
import { contextOverflowSentence } from '../core/context/lengthRefusal';
import { startHandoff } from '../state/actions/actions';
import { selectCurrentModel, selectHandoffActive } from '../state/store/selectors';
import { useBaton } from '../state/store/useBaton';
import { bannerAfter, bannerShown, dismissBanner, NO_BANNER } from './contextBannerState';
import { type ContextMeterView, contextMeterView } from './contextMeter';
import { nextTurnText } from './pricing/priceText';

/**
 * Past the user's triggers, suggests a handoff with one click: once per crossing
 * (contextBannerState.ts), so "Not now" keeps it away however much the context grows,
 * until the context has been below the triggers and crosses them again.
 */
export function ContextBanner() {
  const settings = useBaton((s) => s.settings);
  const entries = useBaton((s) => s.entries);
  const model = useBaton(selectCurrentModel);
  const sessionId = useBaton((s) => s.activeSessionId);
  const isStreaming = useBaton((s) => s.isStreaming);
  const handoffActive = useBaton(selectHandoffActive);
  const [kept, keep] = useState(NO_BANNER);
  const meter = contextMeterView(entries, settings, model);
  // Every context the open session shows is judged, so a drop below the triggers is seen
  // (React's way to keep what earlier renders saw: set during render, only on a change).
  const banner = bannerAfter(kept, sessionId, meter.reasons);
  if (banner !== kept) keep(banner);

  // "Do nothing" in Settings: no banner (the meter still shows the fill).
  const hidden = settings.autoHandoff === 'off' || !bannerShown(banner) || handoffActive;
  if (hidden) return null;
  return (
    <section className="context-banner" aria-label="Context almost full">
      <p>
        {bannerReason(meter)} Hand off to a new session to carry the important context forward and leave the
        rest behind.
      </p>
      <div className="context-banner-actions">
        <button
          type="button"
          className="primary"
          disabled={isStreaming}
          onClick={() => void startHandoff('')}
        >
          Hand off now
        </button>
        <button type="button" onClick={() => keep(dismissBanner(banner))}>
          Not now
        </button>
      </div>
    </section>
  );
}

/** Why the banner is up, in the words of the trigger that fired first (the fullest reason wins). */
function bannerReason(meter: ContextMeterView): string {
  if (meter.full) return contextOverflowSentence({ tokens: meter.used, limit: meter.window });
  const usage = `This session uses ${meter.percent}% of the model's context (${meter.label} tokens).`;
  if (meter.reasons.includes('percent') || !meter.nextTurn) return usage;
  if (meter.reasons.includes('turnCost'))
    return `Each turn now costs more than the limit you set: ${nextTurnText(meter.nextTurn)}.`;
  return usage;
}
