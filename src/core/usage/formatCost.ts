/**
 * Money and token totals as the status line and the usage panel write them. Small sums
 * get more decimals so a cheap session does not read "$0.00": about two significant
 * digits below a dollar, cents above.
 */
import { groupThousands } from '../groupThousands';
import type { CostEstimate } from '../pricing/sessionCost';
import { totalTokens } from './sessionUsage';

/** Below this a cost is written "< $0.0001": more digits would only be noise. */
const SMALLEST = 0.0001;

/** 1234.5 → "$1,234.50"; 0.5 → "$0.50"; 0.0423 → "$0.042"; 0.00042 → "$0.0004". */
export function formatUsd(dollars: number): string {
  if (dollars === 0) return '$0.00';
  if (dollars < SMALLEST) return `< $${SMALLEST}`;
  // Two significant digits below a dollar (0.042 → 3 decimals), at least cents, at most 4.
  const decimals = dollars >= 1 ? 2 : Math.min(4, Math.max(2, 1 - Math.floor(Math.log10(dollars))));
  const [whole = '0', fraction = ''] = dollars.toFixed(decimals).split('.');
  return `$${groupThousands(Number(whole))}.${fraction}`;
}

export function formatTokenCount(tokens: number): string {
  return `${groupThousands(tokens)} ${tokens === 1 ? 'token' : 'tokens'}`;
}

/**
 * The session's cost in a few characters: "$0.042"; "≥ $0.042" when some tokens have no
 * price (the true cost is higher by an unknown amount); the token total when no price is
 * known at all.
 */
export function costSummary(estimate: CostEstimate): string {
  if (estimate.cost === undefined) return formatTokenCount(totalTokens(estimate.usage));
  return estimate.partial ? `≥ ${formatUsd(estimate.cost)}` : formatUsd(estimate.cost);
}
