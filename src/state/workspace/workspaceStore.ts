/**
 * Makes the app's one FileStore (see workspaceAccess.ts): the IndexedDB store, its
 * connection opened on first use, not at start-up. The trees need a store at once, so
 * this one answers for it: each call waits for the opening, and a failed opening is
 * tried again at the next call rather than kept as the answer.
 *
 * Imported statically, in the agent chunk: a dynamic import here made the bundler split
 * the storage modules it shares with the first load into chunks of their own, and the
 * first load grew by their overhead (half a KB).
 */
import type {
  FileBody,
  FileChange,
  FileMeta,
  FileStore,
  FileUsage,
  FileWrite,
  RootKey,
} from '../../core/workspace/fileStore';
import { fileStoreFaults } from '../../storage/workspace/fileFaults';
import { openFileStore } from '../../storage/workspace/indexedDbFileStore';
import { testFaultHooks } from '../app/testHooks';

export function createWorkspaceStore(databaseName: string): FileStore {
  // A test's write faults (failWrites) reach file commits too, inside their transaction.
  const faults = testFaultHooks();
  return new OpenedOnUse(() => openFileStore(databaseName, faults && fileStoreFaults(faults)));
}

/** A FileStore that opens the real one at its first call. */
export class OpenedOnUse implements FileStore {
  private opening: Promise<FileStore> | undefined;
  private readonly listeners = new Set<(root: RootKey) => void>();

  constructor(private readonly open: () => Promise<FileStore>) {}

  private store(): Promise<FileStore> {
    if (this.opening) return this.opening;
    const opening = this.open().then((store) => {
      // Heard from the start: a watcher who came before the opening misses nothing after it.
      store.watch((root) => {
        for (const listener of [...this.listeners]) listener(root);
      });
      return store;
    });
    this.opening = opening;
    opening.catch(() => {
      if (this.opening === opening) this.opening = undefined;
    });
    return opening;
  }

  async list(root: RootKey): Promise<FileMeta[]> {
    return (await this.store()).list(root);
  }

  async read(root: RootKey, path: string): Promise<{ meta: FileMeta; body: FileBody } | undefined> {
    return (await this.store()).read(root, path);
  }

  async usage(): Promise<FileUsage> {
    return (await this.store()).usage();
  }

  async commit(root: RootKey, writes: readonly FileWrite[], changes: readonly FileChange[]): Promise<void> {
    return (await this.store()).commit(root, writes, changes);
  }

  async history(root: RootKey): Promise<FileChange[]> {
    return (await this.store()).history(root);
  }

  async deleteRoot(root: RootKey): Promise<void> {
    return (await this.store()).deleteRoot(root);
  }

  /** Closes the store's connection, if it was opened (an app or test shutting down). */
  async close(): Promise<void> {
    const opening = this.opening;
    this.opening = undefined;
    const store = await opening?.catch(() => undefined);
    if (store && 'close' in store && typeof store.close === 'function') store.close();
  }

  watch(listener: (root: RootKey) => void): () => void {
    this.listeners.add(listener);
    // Other tabs' commits are heard only once the store is open: opened now, not at the first call.
    void this.store().catch(() => undefined);
    return () => this.listeners.delete(listener);
  }
}
