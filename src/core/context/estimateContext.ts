/**
 * How many tokens the next request of a session would carry, for the meter: the last
 * size the API reported (a reply's usage, or the count in a length refusal) plus an
 * estimate of what was added since. Before any report, the whole branch and the system
 * prompt are estimated, so a fresh handoff session counts its document from the start.
 */
import type { ApiContentBlock } from '../types/agentMessage';
import type { ContextOverflow } from '../types/contextOverflow';
import { isCustomMessageEntry, isMessageEntry, type SessionEntry } from '../types/entry';
import type { Message } from '../types/message';
import { contextTokensUsed } from './contextWindow';
import { estimateBlockTokens, estimateTextTokens } from './estimateTokens';
import { overflowOf } from './lengthRefusal';

export interface ContextEstimate {
  /** Tokens of the next request, as far as they are known. */
  used: number;
  /** The conversation no longer fits: the sizes the API named, if any. */
  overflow?: ContextOverflow;
  /** Some of `used` was reported by the API (else it is all estimate). */
  reported: boolean;
}

export function estimateContext(branch: readonly SessionEntry[], systemPrompt: string): ContextEstimate {
  let added = 0;
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (!entry) continue;
    const anchor = isMessageEntry(entry) ? reportedSize(entry.message) : undefined;
    if (anchor) return { ...anchor, used: anchor.used + added, reported: true };
    added += entryTokens(entry);
  }
  return { used: added === 0 ? 0 : added + estimateTextTokens(systemPrompt), reported: false };
}

/** What a finished reply tells about the size of the conversation up to and including it. */
function reportedSize(message: Message): { used: number; overflow?: ContextOverflow } | undefined {
  if (message.role !== 'assistant' || message.stopReason === 'streaming') return undefined;
  const used = message.usage ? contextTokensUsed(message.usage) : 0;
  const overflow = overflowOf(message);
  if (overflow) return { used: overflow.tokens ?? used, overflow };
  return used > 0 ? { used } : undefined;
}

function entryTokens(entry: SessionEntry): number {
  if (isCustomMessageEntry(entry)) return estimateTextTokens(entry.content);
  if (!isMessageEntry(entry)) return 0;
  let sum = 0;
  // Our content blocks have the wire shapes of the request's blocks.
  for (const block of entry.message.content) sum += estimateBlockTokens(block as ApiContentBlock);
  return sum;
}
