/**
 * Makes the app's one FileStore (see workspaceAccess.ts). Held in memory until the
 * IndexedDB store is wired in: then this is the only line that changes.
 */
import type { FileStore } from '../../core/workspace/fileStore';
import { MemoryFileStore } from '../../core/workspace/memoryFileStore';

/** `databaseName`: the database the app runs on (the IndexedDB store will open its own stores there). */
export function createWorkspaceStore(_databaseName: string): FileStore {
  return new MemoryFileStore();
}
