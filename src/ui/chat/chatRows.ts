/**
 * What the virtual message list needs to know about entries without rendering them:
 * which ones take a row, how tall a row probably is, and where a session starts.
 */
import { HANDOFF_CUSTOM_TYPE } from '../../core/handoff/handoffMarkers';
import { isCustomMessageEntry, isMessageEntry, type SessionEntry } from '../../core/types/entry';
import { cancelledHandoffs } from './cancelledHandoffs';

/**
 * Whether EntryView draws anything for the entry. Entries it draws nothing for (tool
 * results, hidden custom entries, kinds this version does not know) get no row: an
 * empty row would still take the gap between messages.
 */
export function isShownEntry(entry: SessionEntry): boolean {
  if (isMessageEntry(entry)) return entry.message.role === 'user' || entry.message.role === 'assistant';
  return isCustomMessageEntry(entry) && entry.display;
}

/** The entries that take a row: those EntryView draws, less the replies folded into a cancelled handoff's line. */
export function shownEntries(entries: readonly SessionEntry[]): readonly SessionEntry[] {
  const { folded } = cancelledHandoffs(entries);
  if (folded.size === 0) return entries.filter(isShownEntry);
  return entries.filter((entry) => isShownEntry(entry) && !folded.has(entry.id));
}

/** A session that is only its handoff card is read from the top of the document. */
export function startsAtTop(entries: readonly SessionEntry[]): boolean {
  const first = entries[0];
  return entries.length === 1 && first !== undefined && isCustomMessageEntry(first);
}

// Rough text metrics of the chat column at its usual width (52rem at 15px): good
// enough that the scrollbar and a jump into unmeasured history land near the truth.
const LINE_PX = 22.5;
const CHARS_PER_LINE = 85;
/** A message's padding and border, plus the gap below each row. */
const ROW_CHROME_PX = 32;
const TOOL_LINE_PX = 22;
const HANDOFF_CARD_PX = 640;
const MAX_ESTIMATE_PX = 4000;

const estimates = new WeakMap<SessionEntry, number>();

/**
 * How tall the entry's row probably is, before it has been measured. Entries are
 * immutable, so each estimate is computed once; only text lengths are read (never the
 * text itself), so estimating 100,000 entries stays cheap.
 */
export function estimateRowHeight(entry: SessionEntry): number {
  const known = estimates.get(entry);
  if (known !== undefined) return known;
  const estimate = Math.min(MAX_ESTIMATE_PX, computeEstimate(entry));
  estimates.set(entry, estimate);
  return estimate;
}

function computeEstimate(entry: SessionEntry): number {
  if (isCustomMessageEntry(entry)) {
    if (entry.customType === HANDOFF_CUSTOM_TYPE) return HANDOFF_CARD_PX;
    return ROW_CHROME_PX + linesFor(entry.content.length) * LINE_PX;
  }
  if (!isMessageEntry(entry)) return ROW_CHROME_PX;
  let characters = 0;
  let tools = 0;
  for (const block of entry.message.content) {
    if (block.type === 'text') characters += block.text.length;
    else if (block.type === 'tool_use') tools += 1;
  }
  return ROW_CHROME_PX + linesFor(characters) * LINE_PX + tools * TOOL_LINE_PX;
}

function linesFor(characters: number): number {
  return Math.max(1, Math.ceil(characters / CHARS_PER_LINE));
}
