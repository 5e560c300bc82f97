/**
 * Very long plain text, cut into pieces that the browser can lay out one at a time: each
 * piece is a block with `content-visibility: auto` (longText.css), so only the pieces on
 * screen are laid out. A piece ends after a newline where one is near enough, so that
 * the cut does not show; a line longer than a piece is cut inside, and shows a line break
 * there. Pure: no DOM.
 */
import { chunkEnd } from './longRuns';

/** Texts up to this long are one piece: drawn exactly as before. */
export const PIECE_CHARS = 10_000;

/** `text` in pieces of at most `max` characters; they join to `text`. */
export function splitPieces(text: string, max = PIECE_CHARS): string[] {
  if (text.length <= max) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > max) {
    const newline = text.lastIndexOf('\n', start + max - 1);
    const end = newline >= start + max / 2 ? newline + 1 : chunkEnd(text, start, start + max);
    pieces.push(text.slice(start, end));
    start = end;
  }
  pieces.push(text.slice(start));
  return pieces;
}

/** About how many lines `piece` takes at a usual width: the space it is given until it is laid out. */
export function estimateLines(piece: string, charsPerLine = 90): number {
  let lines = 0;
  let from = 0;
  for (let newline = piece.indexOf('\n'); newline !== -1; newline = piece.indexOf('\n', from)) {
    lines += Math.max(1, Math.ceil((newline - from) / charsPerLine));
    from = newline + 1;
  }
  return lines + Math.ceil((piece.length - from) / charsPerLine);
}
