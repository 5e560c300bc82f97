import { useMemo } from 'react';
import { priceScheduleFor } from '../../core/pricing/priceSchedule';
import { type CostEstimate, sessionCost } from '../../core/pricing/sessionCost';
import { addReply } from '../../core/usage/sessionUsage';
import { useBaton, useBatonShallow } from '../../state/store/useBaton';

/**
 * The open session's estimated cost so far, the reply being written included; null
 * while the whole session is still being read. The finished replies' sums come from the
 * store, kept as replies end; only the streaming reply is added here, and only when its
 * usage numbers change (compared field by field), not on every frame of its text.
 */
export function useSessionCost(): CostEstimate | null {
  const sessionUsage = useBaton((s) => s.sessionUsage);
  const overrides = useBaton((s) => s.settings.priceOverrides);
  const streamingModel = useBaton((s) => s.streaming?.message.model);
  const streamingUsage = useBatonShallow((s) => s.streaming?.message.usage);
  return useMemo(() => {
    if (!sessionUsage) return null;
    const usage = streamingUsage
      ? addReply(sessionUsage, {
          role: 'assistant',
          content: [],
          model: streamingModel,
          usage: streamingUsage,
        })
      : sessionUsage;
    // The schedule, not a flat price: the chain's total prices the same replies so.
    return sessionCost(usage, (model) => priceScheduleFor(model, overrides));
  }, [sessionUsage, streamingModel, streamingUsage, overrides]);
}
