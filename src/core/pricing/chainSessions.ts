/**
 * A stored session as chainCost takes it: every reply it paid for (all branches) and,
 * for a session started by a handoff, the sizes that handoff changed.
 */
import { estimateTextTokens } from '../context/estimateTokens';
import { readHandoffDetails } from '../handoff/handoffDetails';
import { HANDOFF_CUSTOM_TYPE } from '../handoff/handoffMarkers';
import { isCustomMessageEntry, isMessageEntry, type SessionEntry } from '../types/entry';
import type { ChainSession, ChainTurn } from './chainCost';
import { handoffBaseTokens } from './handoffSizes';

export function chainSessionOf(entries: Iterable<SessionEntry>, fallbackModel: string): ChainSession {
  const turns: ChainTurn[] = [];
  let handoff: ChainSession['handoff'];
  for (const entry of entries) {
    if (isCustomMessageEntry(entry) && entry.customType === HANDOFF_CUSTOM_TYPE && !handoff) {
      const { tokensBefore } = readHandoffDetails(entry.details);
      // The parent's size is what its last reply reported; without it no saving can be told.
      if (tokensBefore !== undefined)
        handoff = {
          parentContext: tokensBefore,
          startContext: handoffBaseTokens() + estimateTextTokens(entry.content),
        };
      continue;
    }
    if (!isMessageEntry(entry)) continue;
    const { message } = entry;
    if (message.role !== 'assistant' || !message.usage || message.stopReason === 'streaming') continue;
    turns.push({ model: message.model ?? fallbackModel, usage: message.usage });
  }
  return { turns, ...(handoff && { handoff }) };
}
