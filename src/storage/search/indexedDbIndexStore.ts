/** The search index's record in IndexedDB (schema version 3, store `searchIndex`). */
import type { BatonDb } from '../schema';
import type { IndexStore, PersistedIndex } from './searchEngine';

export const SEARCH_INDEX_KEY = 'entries';

export function indexedDbIndexStore(db: BatonDb): IndexStore {
  return {
    load: () => db.get('searchIndex', SEARCH_INDEX_KEY),
    save: async (index: PersistedIndex) => {
      await db.put('searchIndex', index, SEARCH_INDEX_KEY);
    },
  };
}
