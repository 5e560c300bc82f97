/** The stored sessions as the search engine reads them: read-only, nothing repaired or written. */
import { restoreHeader } from '../../core/session/restoreRecords';
import type { SessionHeader } from '../../core/types/entry';
import type { BatonDb } from '../schema';
import type { SessionRepository } from '../sessionRepository';
import type { SearchSource } from './searchEngine';

export function repositorySource(repository: SessionRepository, db: BatonDb): SearchSource {
  return {
    headers: async () => (await repository.loadHeaders()).headers,
    // One read transaction: the headers updated since (by the updatedAt index), the named ones, and the count.
    async changedHeaders(since, named) {
      const tx = db.transaction('sessions', 'readonly');
      const [count, newer, ...asked] = await Promise.all([
        tx.store.count(),
        tx.store.index('updatedAt').getAll(IDBKeyRange.lowerBound(since)),
        ...named.map((id) => tx.store.get(id)),
      ]);
      const changed: SessionHeader[] = [];
      for (const raw of [...newer, ...asked]) {
        if (raw === undefined) continue;
        const restored = restoreHeader(raw);
        if (restored.ok) changed.push(restored.value);
      }
      // A named session with no readable header is left out, as a full read would leave it out.
      const readable = new Set(changed.map((header) => header.id));
      const gone = named.filter((id) => !readable.has(id));
      return { changed, gone, count };
    },
    // Another tab may still be writing a reply: leave it unfinished, do not mark it interrupted.
    entries: async (sessionId) =>
      (await repository.loadEntries(sessionId, { markInterrupted: false })).entries,
    entriesById: (refs) => repository.getEntries(refs),
  };
}
