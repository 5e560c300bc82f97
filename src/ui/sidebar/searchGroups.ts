/** Search hits grouped by session, in the order of each session's best hit. */
import type { IndexHit } from '../../core/recall/entryIndex';
import { bestLineOf } from '../../core/recall/excerpt';
import { queryLimitNote } from '../../core/recall/queryLimits';
import { processTerm } from '../../core/recall/terms';

/** What of a long query was searched, in a sentence (undefined when all of it was). */
export function searchNote(query: string): string | undefined {
  return queryLimitNote(query, 'your');
}

/** A piece of an excerpt, marked when it is a word the query matched. */
export interface ExcerptPart {
  text: string;
  match: boolean;
}

export interface SearchGroup {
  sessionId: string;
  title: string;
  /** The session's title itself matched. */
  titleHit: boolean;
  messages: Array<{ entryId: string; snippet: string; parts: ExcerptPart[]; role: IndexHit['role'] }>;
}

const SNIPPET = 140;
/** A stem this long also marks the longer words it starts, as the index matched them. */
const PREFIX_STEM = 4;

function snippetOf(hit: IndexHit): string {
  const line = bestLineOf(hit.text, hit.terms).trim();
  return line.length > SNIPPET ? `${line.slice(0, SNIPPET - 1)}…` : line;
}

/** The excerpt split at the words the query matched (the index's stems, so "plans" marks for "plan"). */
export function highlightParts(text: string, terms: readonly string[]): ExcerptPart[] {
  const wanted = new Set(terms);
  const parts: ExcerptPart[] = [];
  const push = (piece: string, match: boolean) => {
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += piece;
    else parts.push({ text: piece, match });
  };
  for (const piece of text.split(/([\p{L}\p{N}_]+)/u)) {
    if (piece === '') continue;
    const term = processTerm(piece);
    const match =
      term !== null &&
      (wanted.has(term) || [...wanted].some((t) => t.length >= PREFIX_STEM && term.startsWith(t)));
    push(piece, match);
  }
  return parts;
}

/** Case, spacing, punctuation and a cut's ellipsis do not make two excerpts different. */
function sameness(snippet: string): string {
  return snippet
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `snippet` says what an excerpt already shown says (equal, or one inside the other). */
function nearDuplicate(key: string, shown: readonly string[]): boolean {
  return shown.some(
    (other) => other === key || (key.length > 0 && (other.includes(key) || key.includes(other))),
  );
}

export function groupHits(
  hits: readonly IndexHit[],
  titleOf: (sessionId: string) => string | undefined,
): SearchGroup[] {
  const groups = new Map<string, SearchGroup & { shown: string[] }>();
  for (const hit of hits) {
    const title = titleOf(hit.sessionId);
    // A hit in a session gone since the index last caught up is not shown.
    if (title === undefined) continue;
    let group = groups.get(hit.sessionId);
    if (!group) {
      group = { sessionId: hit.sessionId, title, titleHit: false, messages: [], shown: [] };
      groups.set(hit.sessionId, group);
    }
    if (hit.kind === 'title') {
      group.titleHit = true;
      continue;
    }
    // One excerpt per message, and none that repeats another of the session (a retried
    // question, a reply quoted back): the best-ranked one is kept.
    const snippet = snippetOf(hit);
    const key = sameness(snippet);
    if (group.messages.some((m) => m.entryId === hit.id) || nearDuplicate(key, group.shown)) continue;
    group.shown.push(key);
    group.messages.push({
      entryId: hit.id,
      snippet,
      parts: highlightParts(snippet, hit.terms),
      role: hit.role,
    });
  }
  return [...groups.values()].map(({ shown: _shown, ...group }) => group);
}
