/**
 * Long unbroken runs of text, cut into chunks for display. Chromium lays out a run of
 * letters that the font kerns (a row of "A") in time that grows with the square of the
 * run's length when it has to wrap it: each line break reshapes the rest of the run.
 * 300,000 "A" took 16 s. Drawn as chunks of at most RUN_CHUNK_CHARS, each in its own
 * element with kerning and ligatures off (see longText.css), the same run takes tens of
 * milliseconds, and the text itself is unchanged: only elements are added around it, so
 * reading, selecting and copying it give the original.
 *
 * Pure: no DOM.
 */

/** A run of at least this many characters without whitespace is drawn in chunks. */
export const LONG_RUN_CHARS = 200;
/** The longest chunk of a long run. */
export const RUN_CHUNK_CHARS = 1000;

/** A part of a text: either ordinary text, or one chunk of a long run. */
export interface TextRun {
  readonly text: string;
  readonly long: boolean;
}

/** Whitespace: where a line may break anyway, so a run ends there. */
const RUN = new RegExp(`[^ \\t\\n\\r\\f]{${LONG_RUN_CHARS},}`, 'g');

/** True if `text` has a run that splitLongRuns would cut. Linear, with no allocation for short texts. */
export function hasLongRun(text: string): boolean {
  if (text.length < LONG_RUN_CHARS) return false;
  RUN.lastIndex = 0;
  return RUN.test(text);
}

/** A character a cut must not come before: the second half of a surrogate pair, a combining mark, a joiner. */
const CLINGS = /^[\uDC00-\uDFFF\p{M}\u200C\u200D]/u;

/**
 * Where to end a chunk that would end at `end` (within `text`, after `start`): moved back
 * over characters that belong to the one before them, and over what `keepWhole` says may
 * not be cut (an HTML entity), but never by more than half a chunk.
 */
export function chunkEnd(
  text: string,
  start: number,
  end: number,
  keepWhole?: (text: string, at: number) => number,
): number {
  const floor = start + Math.floor((end - start) / 2);
  let at = end;
  while (at > floor && CLINGS.test(text.slice(at, at + 2))) at--;
  const whole = keepWhole?.(text, at) ?? at;
  return whole > floor ? whole : at;
}

/** `run` cut into chunks of at most RUN_CHUNK_CHARS; see chunkEnd for `keepWhole`. */
export function chunkRun(run: string, keepWhole?: (text: string, at: number) => number): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (run.length - start > RUN_CHUNK_CHARS) {
    const end = chunkEnd(run, start, start + RUN_CHUNK_CHARS, keepWhole);
    chunks.push(run.slice(start, end));
    start = end;
  }
  chunks.push(run.slice(start));
  return chunks;
}

/** `text` as ordinary parts and chunks of long runs, in order; their texts join to `text`. */
export function splitLongRuns(text: string): TextRun[] {
  if (!hasLongRun(text)) return [{ text, long: false }];
  const runs: TextRun[] = [];
  let last = 0;
  RUN.lastIndex = 0;
  for (const match of text.matchAll(RUN)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), long: false });
    for (const chunk of chunkRun(match[0])) runs.push({ text: chunk, long: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), long: false });
  return runs;
}
