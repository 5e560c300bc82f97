/**
 * How a tool's input or result reads as text, and when it is long enough to start
 * collapsed: shared by the tool cards and the permission cards, which load apart.
 */

/** Past this, a part is long: the card starts collapsed to its first line. */
const SHORT_CHARS = 160;
const SHORT_LINES = 4;

export function isLong(text: string): boolean {
  return text.length > SHORT_CHARS || text.split('\n', SHORT_LINES + 1).length > SHORT_LINES;
}

/** A tool's input or result as text: strings as they are, anything else as indented JSON. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    // A value JSON cannot write (never from the API): still a sentence, not a crash.
    return String(value);
  }
}
