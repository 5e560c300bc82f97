/**
 * The lines of an entry worth showing for a query: the line where most query words
 * match, with a few lines around it. A long line (prose without breaks) is cut to a
 * window around its first match so one paragraph cannot fill the budget.
 */
import { processTerm } from './terms';

export const CONTEXT_LINES = 2;
const MAX_LINE = 400;

function lineScore(line: string, terms: ReadonlySet<string>): number {
  let score = 0;
  for (const word of line.split(/[^\p{L}\p{N}_]+/u)) {
    const term = processTerm(word);
    if (term !== null && terms.has(term)) score++;
    else if (term !== null) for (const t of terms) if (term.startsWith(t) && t.length >= 4) score += 0.5;
  }
  return score;
}

function cutLine(line: string, terms: ReadonlySet<string>): string {
  if (line.length <= MAX_LINE) return line;
  const lower = line.toLowerCase();
  let at = -1;
  for (const term of terms) {
    const found = lower.indexOf(term);
    if (found >= 0 && (at < 0 || found < at)) at = found;
  }
  const start = Math.max(0, at - MAX_LINE / 2);
  const piece = line.slice(start, start + MAX_LINE);
  return `${start > 0 ? '…' : ''}${piece}${start + MAX_LINE < line.length ? '…' : ''}`;
}

function bestLineIndex(lines: readonly string[], terms: ReadonlySet<string>): number {
  let best = 0;
  let bestScore = -1;
  for (const [i, line] of lines.entries()) {
    const score = lineScore(line, terms);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

/** The one line that matches best, cut around its match: for a list of hits. */
export function bestLineOf(text: string, matched: readonly string[]): string {
  const terms = new Set(matched);
  const lines = text.split('\n');
  return cutLine(lines[bestLineIndex(lines, terms)] ?? '', terms);
}

export function excerptOf(text: string, matched: readonly string[]): string {
  const terms = new Set(matched);
  const lines = text.split('\n');
  const best = bestLineIndex(lines, terms);
  const from = Math.max(0, best - CONTEXT_LINES);
  const to = Math.min(lines.length, best + CONTEXT_LINES + 1);
  const shown = lines.slice(from, to).map((line) => cutLine(line, terms));
  return `${from > 0 ? '…\n' : ''}${shown.join('\n')}${to < lines.length ? '\n…' : ''}`;
}
