/** The stored sessions as the search engine reads them: read-only, nothing repaired or written. */
import type { SessionRepository } from '../sessionRepository';
import type { SearchSource } from './searchEngine';

export function repositorySource(repository: SessionRepository): SearchSource {
  return {
    headers: async () => (await repository.loadHeaders()).headers,
    // Another tab may still be writing a reply: leave it unfinished, do not mark it interrupted.
    entries: async (sessionId) =>
      (await repository.loadEntries(sessionId, { markInterrupted: false })).entries,
    entriesById: (refs) => repository.getEntries(refs),
  };
}
