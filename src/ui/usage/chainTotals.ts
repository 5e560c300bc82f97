/**
 * The chain's total and what its handoffs saved, for the cost line of a session in a
 * handoff chain: this session and its ancestors read from storage (all their branches:
 * each reply was paid for). Loaded only for sessions in a chain (SessionCost).
 */

import { type ChainCost, chainCost } from '../../core/pricing/chainCost';
import { chainSessionOf } from '../../core/pricing/chainSessions';
import { priceScheduleFor } from '../../core/pricing/priceSchedule';
import type { SessionHeader } from '../../core/types/entry';
import type { PriceOverrides } from '../../core/usage/modelPrice';
import { getRuntime, hasRuntime } from '../../state/app/runtime';
import { get } from '../../state/store/storeAccess';

/** Oldest first: the root of the chain down to `id`. Stops at a loop or a missing parent. */
export function lineageOf(id: string, headers: readonly SessionHeader[]): string[] {
  const byId = new Map(headers.map((header) => [header.id, header]));
  const ids: string[] = [];
  let next: string | undefined = id;
  while (next !== undefined && byId.has(next) && !ids.includes(next)) {
    ids.unshift(next);
    next = byId.get(next)?.parentSession;
  }
  return ids;
}

/** The chain ending at session `id`, read from storage. */
export async function loadChainCost(
  id: string,
  fallbackModel: string,
  prices: PriceOverrides,
): Promise<ChainCost | undefined> {
  if (!hasRuntime()) return undefined;
  const { repository } = getRuntime();
  const ids = lineageOf(id, get().sessions);
  const sessions = [];
  for (const id of ids) {
    const { entries } = await repository.loadEntries(id, { markInterrupted: false });
    sessions.push(chainSessionOf(entries, fallbackModel));
  }
  return chainCost(sessions, (model) => priceScheduleFor(model, prices));
}
