/**
 * A FileStore held in memory: for unit tests of the executor, the state and the panel,
 * and for anything that needs a file tree without IndexedDB. Commits are atomic here as
 * in storage: a commit's records are checked before anything is applied.
 */
import type { FileBody, FileChange, FileMeta, FileStore, FileUsage, FileWrite, RootKey } from './fileStore';

interface HeldFile {
  meta: FileMeta;
  body: FileBody;
}

export class MemoryFileStore implements FileStore {
  private readonly files = new Map<RootKey, Map<string, HeldFile>>();
  private readonly changes = new Map<RootKey, Map<string, FileChange>>();
  private readonly listeners = new Set<(root: RootKey) => void>();
  /** Set by a test to make the next commits fail (a full quota, say) before anything is written. */
  failCommits: Error | undefined;

  async list(root: RootKey): Promise<FileMeta[]> {
    return [...(this.files.get(root)?.values() ?? [])].map((file) => ({ ...file.meta }));
  }

  async read(root: RootKey, path: string): Promise<{ meta: FileMeta; body: FileBody } | undefined> {
    const file = this.files.get(root)?.get(path);
    return file && { meta: { ...file.meta }, body: file.body };
  }

  async commit(root: RootKey, writes: readonly FileWrite[], changes: readonly FileChange[]): Promise<void> {
    if (this.failCommits) throw this.failCommits;
    const files = mapOf(this.files, root);
    for (const write of writes) {
      if ('delete' in write) files.delete(write.path);
      else files.set(write.path, { meta: { ...write.meta }, body: write.body });
    }
    const history = mapOf(this.changes, root);
    for (const change of changes) history.set(change.id, structuredClone(change));
    for (const listener of this.listeners) listener(root);
  }

  async usage(): Promise<FileUsage> {
    const metas = [...this.files.values()].flatMap((files) => [...files.values()].map((file) => file.meta));
    return { files: metas.length, bytes: metas.reduce((sum, meta) => sum + meta.size, 0) };
  }

  async history(root: RootKey): Promise<FileChange[]> {
    return [...(this.changes.get(root)?.values() ?? [])]
      .map((change) => structuredClone(change))
      .sort((a, b) => a.at - b.at);
  }

  async deleteRoot(root: RootKey): Promise<void> {
    this.files.delete(root);
    this.changes.delete(root);
    for (const listener of this.listeners) listener(root);
  }

  watch(listener: (root: RootKey) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function mapOf<V>(maps: Map<RootKey, Map<string, V>>, root: RootKey): Map<string, V> {
  let map = maps.get(root);
  if (!map) {
    map = new Map();
    maps.set(root, map);
  }
  return map;
}
