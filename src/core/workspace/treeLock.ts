/**
 * One operation at a time per tree: every command and user operation reads files, then
 * commits what it computed from them, and two interleaved would each commit over the
 * other's reading (a panel edit during a tool's str_replace). Keyed by store and root,
 * so it holds however many FileTree objects name the same tree. Other tabs are the
 * store's business (its commits are atomic; the panel re-reads on watch).
 */
import type { FileStore, RootKey } from './fileStore';

const queues = new WeakMap<FileStore, Map<RootKey, Promise<unknown>>>();

export function serialized<T>(store: FileStore, key: RootKey, run: () => Promise<T>): Promise<T> {
  let byRoot = queues.get(store);
  if (!byRoot) {
    byRoot = new Map();
    queues.set(store, byRoot);
  }
  const previous = byRoot.get(key) ?? Promise.resolve();
  const next = previous.then(run, run);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  byRoot.set(key, settled);
  void settled.then(() => {
    if (byRoot.get(key) === settled) byRoot.delete(key);
  });
  return next;
}
