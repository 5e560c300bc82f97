import { useEffect, useState } from 'react';
import type { ChainCost } from '../../core/pricing/chainCost';
import { selectCurrentModel } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';

/**
 * The open session's chain cost (itself and its ancestors) when it was started by a
 * handoff; null otherwise or while it is read. Read again after each reply (the
 * session's usage changes), from storage, in a chunk loaded only for such sessions.
 */
export function useChainCost(): ChainCost | null {
  const id = useBaton((s) => s.activeSessionId);
  const parent = useBaton((s) => s.sessions.find((header) => header.id === s.activeSessionId)?.parentSession);
  const usage = useBaton((s) => s.sessionUsage);
  const prices = useBaton((s) => s.settings.priceOverrides);
  const model = useBaton(selectCurrentModel);
  const [cost, setCost] = useState<{ id: string; cost: ChainCost } | null>(null);

  useEffect(() => {
    if (!id || !parent || !usage) return;
    let current = true;
    void import('./chainTotals')
      .then(({ loadChainCost }) => loadChainCost(id, model, prices))
      .then((found) => {
        if (current && found) setCost({ id, cost: found });
      })
      .catch((error: unknown) => console.warn('The chain cost could not be read.', error));
    return () => {
      current = false;
    };
  }, [id, parent, usage, prices, model]);

  return parent && cost?.id === id ? cost.cost : null;
}
