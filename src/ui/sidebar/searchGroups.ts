/** Search hits grouped by session, in the order of each session's best hit. */
import type { IndexHit } from '../../core/recall/entryIndex';
import { bestLineOf } from '../../core/recall/excerpt';
import { queryLimitNote } from '../../core/recall/queryLimits';

/** What of a long query was searched, in a sentence (undefined when all of it was). */
export function searchNote(query: string): string | undefined {
  return queryLimitNote(query, 'your');
}

export interface SearchGroup {
  sessionId: string;
  title: string;
  /** The session's title itself matched. */
  titleHit: boolean;
  messages: Array<{ entryId: string; snippet: string; role: IndexHit['role'] }>;
}

const SNIPPET = 140;

function snippetOf(hit: IndexHit): string {
  const line = bestLineOf(hit.text, hit.terms).trim();
  return line.length > SNIPPET ? `${line.slice(0, SNIPPET - 1)}…` : line;
}

export function groupHits(
  hits: readonly IndexHit[],
  titleOf: (sessionId: string) => string | undefined,
): SearchGroup[] {
  const groups = new Map<string, SearchGroup>();
  for (const hit of hits) {
    const title = titleOf(hit.sessionId);
    // A hit in a session gone since the index last caught up is not shown.
    if (title === undefined) continue;
    let group = groups.get(hit.sessionId);
    if (!group) {
      group = { sessionId: hit.sessionId, title, titleHit: false, messages: [] };
      groups.set(hit.sessionId, group);
    }
    if (hit.kind === 'title') group.titleHit = true;
    else group.messages.push({ entryId: hit.id, snippet: snippetOf(hit), role: hit.role });
  }
  return [...groups.values()];
}
