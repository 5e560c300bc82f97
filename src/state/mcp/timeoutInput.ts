/**
 * The field Timeout (seconds) of the Add MCP server and Edit forms: what it shows for a
 * stored timeout, and what typed text means. Whole seconds from 1 to 3600: a call that
 * may wait longer than an hour is one the user would rather stop with Esc, and parts of
 * a second are not a setting anyone means. Kept apart from the form so the rule for bad
 * input is tested without a browser; the hub checks the same bounds (serverInput.ts).
 *
 * Imports nothing: the Settings chunk takes it, and a module it shared with the chunk
 * start-up loads (serverRecords.ts) would be split into a chunk of its own, one more
 * name in the first load's preload list. So the default is written here as well, and a
 * test holds it equal to serverRecords' DEFAULT_TOOL_TIMEOUT_MS.
 */

export const DEFAULT_TIMEOUT_SECONDS = 60;
export const MIN_TIMEOUT_SECONDS = 1;
export const MAX_TIMEOUT_SECONDS = 3600;

export type ParsedTimeout = { ok: true; timeoutMs: number } | { ok: false; message: string };

/** The field's text for a stored timeout (the default when there is none). */
export function timeoutText(timeoutMs: number = DEFAULT_TIMEOUT_SECONDS * 1000): string {
  return String(Math.round(timeoutMs / 1000));
}

/** "60", " 90 ": seconds. Not "1.5", "1e3", "-1", "60s" or an empty field: each gets the sentence. */
export function parseTimeoutSeconds(text: string): ParsedTimeout {
  const trimmed = text.trim();
  const seconds = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!(seconds >= MIN_TIMEOUT_SECONDS && seconds <= MAX_TIMEOUT_SECONDS)) {
    return {
      ok: false,
      message: `Timeout (seconds) takes a whole number of seconds from ${MIN_TIMEOUT_SECONDS} to ${MAX_TIMEOUT_SECONDS} (an hour), such as ${timeoutText()}.`,
    };
  }
  return { ok: true, timeoutMs: seconds * 1000 };
}
