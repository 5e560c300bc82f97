/**
 * The token numbers on the handoff card: the old context (recorded at switch time) and
 * the new one, estimated from the wrapper until the new session's first reply reports
 * its real usage.
 */
import { contextTokensUsed } from '../../core/context/contextWindow';
import { groupThousands } from '../../core/groupThousands';
import { isMessageEntry, type SessionEntry } from '../../core/types/entry';

/** About four characters a token: the usual rule of thumb for English text and code. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The context the first finished reply of the session reported, if there is one yet. */
export function firstReplyTokens(entries: readonly SessionEntry[]): number | undefined {
  for (const entry of entries) {
    if (!isMessageEntry(entry) || entry.message.role !== 'assistant') continue;
    const { usage, stopReason } = entry.message;
    if (usage && stopReason !== 'streaming') return contextTokensUsed(usage);
  }
  return undefined;
}

export function formatTokens(tokens: number): string {
  return groupThousands(tokens);
}
