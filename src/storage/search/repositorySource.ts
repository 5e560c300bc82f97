/** The stored sessions as the search engine reads them: read-only, nothing repaired or written. */
import { restoreHeader } from '../../core/session/restoreRecords';
import type { SessionHeader } from '../../core/types/entry';
import { CHANGES_PER_PAGE } from '../changeFeed';
import type { BatonDb } from '../schema';
import type { SessionRepository } from '../sessionRepository';
import type { SearchSource } from './searchEngine';

export function repositorySource(repository: SessionRepository, db: BatonDb): SearchSource {
  return {
    headers: async () => (await repository.loadHeaders()).headers,
    async feedCheckpoint() {
      const newest = await db
        .transaction('stamps', 'readonly')
        .store.index('seq')
        .openKeyCursor(null, 'prev');
      return typeof newest?.key === 'number' ? newest.key : 0;
    },
    // The feed after `since`, page by page: which sessions' headers (or entries) were
    // written or deleted; then those headers, read by id in one transaction.
    async headerChanges(since, limit) {
      const sessions = new Set<string>();
      let checkpoint = since;
      let read = 0;
      for (;;) {
        const page = await repository.changes(checkpoint);
        for (const change of page.changes) {
          const sessionId = change.kind === 'header' ? change.id : change.sessionId;
          if (sessionId !== undefined) sessions.add(sessionId);
        }
        read += page.changes.length;
        if (read > limit) return undefined;
        checkpoint = page.checkpoint;
        if (page.changes.length < CHANGES_PER_PAGE) break;
      }
      const ids = [...sessions];
      const tx = db.transaction('sessions', 'readonly');
      const stored = await Promise.all(ids.map((id) => tx.store.get(id)));
      const changed: SessionHeader[] = [];
      const gone: string[] = [];
      stored.forEach((raw, i) => {
        const restored = raw === undefined ? undefined : restoreHeader(raw);
        // A session with no readable header is left out, as a full read would leave it out.
        if (restored?.ok) changed.push(restored.value);
        else gone.push(ids[i] ?? '');
      });
      return { changed, gone, checkpoint };
    },
    // Another tab may still be writing a reply: leave it unfinished, do not mark it interrupted.
    entries: async (sessionId) =>
      (await repository.loadEntries(sessionId, { markInterrupted: false })).entries,
    entriesById: (refs) => repository.getEntries(refs),
  };
}
