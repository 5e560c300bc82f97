/** The meter's and the preview's sentences (docs/handoff.md, "What continuing and handing off cost"). */
import type { HandoffPreview, NextTurnCost } from '../../core/pricing/costFigures';
import { formatUsd } from '../../core/usage/formatCost';

/** "next turn ≈ $0.42, $0.05 if cached"; no "≈" when the input is the API's own count. */
export function nextTurnText(cost: NextTurnCost): string {
  const approx = cost.exact ? '' : '≈ ';
  const whole = `next turn ${approx}${formatUsd(cost.uncached)}`;
  // Nothing cached yet: both figures are the same, one is enough.
  return cost.cached < cost.uncached ? `${whole}, ${formatUsd(cost.cached)} if cached` : whole;
}

export function handoffPreviewText(preview: HandoffPreview): string {
  return [
    `Continuing here: ≈ ${formatUsd(preview.continuing)} per turn`,
    `After handoff: ≈ ${formatUsd(preview.afterHandoff)} per turn`,
    `The handoff itself: ≈ ${formatUsd(preview.handoff)}`,
  ].join(' · ');
}
