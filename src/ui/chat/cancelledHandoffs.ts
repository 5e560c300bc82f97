/**
 * A handoff the user cancelled leaves one quiet line in the transcript instead of its
 * long instruction and half-written document (issue 24, item 8). Requests and the meter
 * already leave such attempts out (core/handoff/handoffAttempts); this is what the chat
 * shows of them: the instruction's row becomes the line, the attempt's replies fold into it.
 */
import { opensWithInstruction } from '../../core/handoff/handoffAttempts';
import { isMessageEntry, type SessionEntry } from '../../core/types/entry';
import { textOf } from '../../core/types/messageText';

export interface CancelledHandoffs {
  /** The partial document of each cancelled attempt, by its instruction's entry id. */
  partialByInstruction: ReadonlyMap<string, string>;
  /** The attempts' replies (and answers to their tool calls), which have no row of their own, by the id of the line they fold into. */
  folded: ReadonlyMap<string, string>;
}

const NONE: CancelledHandoffs = { partialByInstruction: new Map(), folded: new Map() };
// Entries arrays are replaced, never changed: one pass per branch, however many rows ask.
const found = new WeakMap<readonly SessionEntry[], CancelledHandoffs>();

export function cancelledHandoffs(entries: readonly SessionEntry[]): CancelledHandoffs {
  let result = found.get(entries);
  if (!result) {
    result = scan(entries);
    found.set(entries, result);
  }
  return result;
}

function scan(entries: readonly SessionEntry[]): CancelledHandoffs {
  let partialByInstruction: Map<string, string> | undefined;
  let folded: Map<string, string> | undefined;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    // Read on every change of the branch: the first block only, never the joined text.
    if (!entry || !isMessageEntry(entry) || !opensWithInstruction(entry.message)) continue;
    // The attempt: the model's replies and the answers to its tool calls, up to the user's next turn.
    const parts: SessionEntry[] = [];
    let end = i + 1;
    for (; end < entries.length; end++) {
      const next = entries[end];
      if (!next || !isMessageEntry(next)) continue;
      if (next.message.role === 'user') break;
      parts.push(next);
    }
    // Stopped by the user (Esc, Cancel). A failed attempt keeps its reply, which says what went wrong.
    const replies = parts.flatMap((part) =>
      isMessageEntry(part) && part.message.role === 'assistant' ? [part.message] : [],
    );
    if (replies.some((reply) => reply.stopReason === 'aborted')) {
      partialByInstruction ??= new Map();
      folded ??= new Map();
      partialByInstruction.set(entry.id, replies.map(textOf).join('\n\n').trim());
      for (const part of parts) folded.set(part.id, entry.id);
    }
    i = end - 1;
  }
  return partialByInstruction && folded ? { partialByInstruction, folded } : NONE;
}

/** The row that shows an entry: its own, or for a folded reply its cancelled handoff's line (a search hit in it lands there). */
export function rowIdOf(entries: readonly SessionEntry[], entryId: string): string {
  return cancelledHandoffs(entries).folded.get(entryId) ?? entryId;
}
