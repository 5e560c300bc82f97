/**
 * SessionRepository's write path, in a chunk of its own: start-up paints from reads alone,
 * so the writes (change sets, their stamps, the repairs) load after the first paint
 * rather than with the page's initial JavaScript (issue 31, bench P5). The repository
 * loads this before its first write (loadRepositoryWrites). The change feed's reads come
 * with it: only the search index and sync read the feed, after the first paint.
 */
export { applyChangeSet } from './applyChangeSet';
export { readChanges } from './changeFeed';
export { markInterrupted, removeOrphans, rewriteEverything } from './storeRepairs';
