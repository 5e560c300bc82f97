/** The chain's part of the cost line: "chain $0.40 · saved $0.12" (docs/handoff.md). */
import type { ChainCost } from '../../core/pricing/chainCost';
import { formatUsd } from '../../core/usage/formatCost';

export function chainCostText(chain: ChainCost): string | undefined {
  if (chain.total === undefined) return undefined;
  const total = `chain ${chain.partial ? '≥ ' : ''}${formatUsd(chain.total)}`;
  if (chain.saved === undefined) return total;
  // A handoff from a session smaller than the new one's start costs more, and says so.
  const saved =
    chain.saved >= 0 ? `saved ${formatUsd(chain.saved)}` : `handoffs cost ${formatUsd(-chain.saved)} more`;
  return `${total} · ${saved}`;
}
