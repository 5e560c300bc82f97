/**
 * The workspace's FileStore over IndexedDB (issue 26). Listings, contents and history are
 * three stores (schema version 5): listing a root reads listings only, an edit rewrites
 * one file's records, and a commit's files and changes land in one transaction with their
 * stamps (fileWrites.ts). Other tabs hear of commits on the database's channel
 * (fileChannel.ts).
 *
 * The state layer makes one per app, after start-up, from its own module (a dynamic
 * import keeps it out of the first load):
 *   const { openFileStore } = await import('../storage/workspace/indexedDbFileStore');
 *   const files = await openFileStore(repository.databaseName);
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
import type { CommittedChangeSet } from '../backend';
import { type BatonDb, openBatonDb } from '../schema';
import { runTransaction } from '../transaction';
import { type FileChannel, openFileChannel } from './fileChannel';
import { commitFiles, deleteRootRecords } from './fileWrites';
import { rootRange } from './workspaceRecordIds';

export interface FileStoreOptions {
  /**
   * Runs inside each commit after every record was written and before it commits; if it
   * throws, nothing of the commit lands. Only fault injection (tests) passes it.
   */
  beforeCommit?: () => void;
  /** The connection is the store's own (openFileStore): close() closes it too. */
  ownsConnection?: boolean;
}

export class IndexedDbFileStore implements FileStore {
  private readonly listeners = new Set<(root: RootKey) => void>();
  private readonly channel: FileChannel;

  constructor(
    private readonly db: BatonDb,
    private readonly options: FileStoreOptions = {},
  ) {
    this.channel = openFileChannel(db.name);
    this.channel.listen((root) => this.tell(root));
  }

  /** Stops hearing other tabs, and closes the connection if it is the store's own. */
  close(): void {
    this.channel.close();
    if (this.options.ownsConnection) this.db.close();
  }

  list(root: RootKey): Promise<FileMeta[]> {
    return this.db.getAll('files', rootRange(root));
  }

  async read(root: RootKey, path: string): Promise<{ meta: FileMeta; body: FileBody } | undefined> {
    const [meta, stored] = await runTransaction(
      this.db,
      ['files', 'fileBodies'],
      'readonly',
      (tx, requests) =>
        Promise.all([
          requests.add(tx.objectStore('files').get([root, path])),
          requests.add(tx.objectStore('fileBodies').get([root, path])),
        ]),
    );
    return meta && stored ? { meta, body: stored.body } : undefined;
  }

  async commit(root: RootKey, writes: readonly FileWrite[], changes: readonly FileChange[]): Promise<void> {
    this.announce(root, await commitFiles(this.db, root, writes, changes, this.options.beforeCommit));
  }

  /** The listings alone are read (never a file's contents). */
  async usage(): Promise<FileUsage> {
    const metas = await this.db.getAll('files');
    return { files: metas.length, bytes: metas.reduce((sum, meta) => sum + meta.size, 0) };
  }

  async history(root: RootKey): Promise<FileChange[]> {
    const stored = await this.db.getAllFromIndex('fileChanges', 'root', rootRange(root));
    return stored.map((record) => record.change);
  }

  async deleteRoot(root: RootKey): Promise<void> {
    this.announce(root, await deleteRootRecords(this.db, root));
  }

  watch(listener: (root: RootKey) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private announce(root: RootKey, committed: CommittedChangeSet | undefined): void {
    if (committed) this.channel.post(committed);
    this.tell(root);
  }

  private tell(root: RootKey): void {
    for (const listener of [...this.listeners]) listener(root);
  }
}

/** A store on a connection the caller holds (and closes). */
export function createFileStore(db: BatonDb, options?: FileStoreOptions): IndexedDbFileStore {
  return new IndexedDbFileStore(db, options);
}

/** A store on a connection of its own to the database `name` (the repository's `databaseName`). */
export async function openFileStore(
  name?: string,
  options?: Omit<FileStoreOptions, 'ownsConnection'>,
): Promise<IndexedDbFileStore> {
  return new IndexedDbFileStore(await openBatonDb(name), { ...options, ownsConnection: true });
}
