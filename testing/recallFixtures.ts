/**
 * Sessions for the recall tests: a chain grandparent → parent → child with a fact only
 * in the grandparent, among unrelated sessions that talk about nearby things, and an
 * in-memory RecallPort over them (the app's port runs the same index in a worker).
 */
import { EntryIndex, entryDoc } from '../src/core/recall/entryIndex';
import type { RecallPort } from '../src/core/recall/recallPort';
import { searchableEntry } from '../src/core/recall/searchText';
import type { SessionEntry, SessionHeader } from '../src/core/types/entry';
import {
  assistant,
  chain,
  custom,
  type EntryBody,
  toolResult,
  toolResults,
  toolUse,
  user,
} from './entryBuilders';

export interface StoredSession {
  header: SessionHeader;
  entries: SessionEntry[];
}

export function storedSession(
  id: string,
  title: string,
  bodies: readonly EntryBody[],
  extra: Partial<SessionHeader> = {},
): StoredSession {
  // Entry ids are unique across sessions in the app: prefix chain()'s per-session ones.
  const entries = chain(bodies, id).map((entry) => ({
    ...entry,
    id: `${id}-${entry.id}`,
    parentId: entry.parentId === null ? null : `${id}-${entry.parentId}`,
  }));
  const header: SessionHeader = {
    id,
    title,
    createdAt: 1_000,
    updatedAt: 2_000,
    model: 'claude-test-model',
    leafId: entries.at(-1)?.id ?? null,
    children: [],
    ...extra,
  };
  return { header, entries };
}

export const PLANTED_FACT = 'We deployed the billing service to /srv/billing-v2 behind port 9143.';
export const PLANTED_ENTRY_ID = 'gp-e2';

/** The grandparent holds the fact in a reply; the parent and child only summarise. */
export function recallChain(): StoredSession[] {
  const grandparent = storedSession(
    'gp',
    'Ship the billing service',
    [
      user('Get the billing service live, please.'),
      assistant([toolUse('t1', 'run', { command: 'make release' })], 'tool_use'),
      assistant([PLANTED_FACT]),
      toolResults(toolResult('t1', 'release built: billing-2.4.1.tar.gz')),
    ],
    { children: ['p'] },
  );
  const parent = storedSession(
    'p',
    'Ship the billing service · part 2',
    [
      custom('<handoff-context>\n## Goal\nKeep billing running.\n</handoff-context>', 'handoff'),
      user('Now add metrics.'),
    ],
    { parentSession: 'gp', children: ['c'] },
  );
  const child = storedSession(
    'c',
    'Ship the billing service · part 3',
    [custom('<handoff-context>\n## Goal\nMetrics for billing.\n</handoff-context>', 'handoff')],
    { parentSession: 'p' },
  );
  return [grandparent, parent, child];
}

/** Unrelated sessions that share words with the query, so ranking has to work. */
export function noiseSessions(count: number): StoredSession[] {
  return Array.from({ length: count }, (_, i) =>
    storedSession(`n${i}`, `Other work ${i}`, [
      user(`Deployment checklist number ${i} for the web front end.`),
      assistant([`The service ${i} has tests; nothing about ports here, only billing notes ${i}.`]),
      user('Thanks, that is all.'),
    ]),
  );
}

export function memoryRecall(sessions: readonly StoredSession[]): RecallPort & { index: EntryIndex } {
  const index = EntryIndex.empty();
  const texts = new Map<string, string>();
  for (const { entries } of sessions)
    for (const entry of entries) {
      const searchable = searchableEntry(entry);
      if (!searchable) continue;
      index.put(entryDoc(searchable));
      texts.set(searchable.entryId, searchable.text);
    }
  const headers = new Map(sessions.map(({ header }) => [header.id, header]));
  return {
    index,
    header: (id) => headers.get(id),
    search: async (query, sessionIds, limit) =>
      index
        .search({ query, sessionIds: new Set(sessionIds), kinds: new Set(['entry']), limit })
        .map((hit) => ({
          sessionId: hit.sessionId,
          entryId: hit.id,
          role: hit.role === 'title' ? 'user' : hit.role,
          text: texts.get(hit.id) ?? '',
          terms: hit.terms,
        })),
  };
}
