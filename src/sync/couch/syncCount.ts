/**
 * The "12,345 entries" of the status: how many documents this device holds in sync with
 * the server, counted as their bookkeeping is first written (push and pull both).
 */
import { localKey, type SyncContext } from './syncContext';

export async function addSynced(ctx: SyncContext, added: number): Promise<void> {
  if (added === 0) return;
  await ctx.local.putValue(localKey(ctx, 'count'), (await syncedCount(ctx)) + added);
}

export async function syncedCount(ctx: SyncContext): Promise<number> {
  return (await ctx.local.getValue<number>(localKey(ctx, 'count'))) ?? 0;
}
