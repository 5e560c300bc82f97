/**
 * The runtime's way to the search worker: the search client (and with it the worker and
 * the index) is loaded on the first search, not before, and made once per app.
 */
import type { SearchClient } from './searchClient';

export class SearchAccess {
  private loading: Promise<SearchClient> | undefined;

  /** `databaseName`: the database the app runs on (tests and the bench give it another name). */
  constructor(private readonly databaseName: string) {}

  client(): Promise<SearchClient> {
    if (this.loading) return this.loading;
    const loading = import('./searchClient').then((module) => new module.SearchClient(this.databaseName));
    this.loading = loading;
    // A chunk that failed to load is fetched again by the next search.
    loading.catch(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    return loading;
  }
}
