/**
 * Telling other tabs that a file tree changed. A commit's summary (the change feed's
 * CommittedChangeSet: kinds and ids, never contents) is posted on the BroadcastChannel
 * named for the database: for the app's database that is the 'baton' channel the tabs
 * already share (followOtherTabs), whose listeners ignore records that are no session's.
 * Each store posts and listens on a channel object of its own, so a second connection in
 * the same tab (an import) is heard too. Storage stays the truth: a lost message costs
 * freshness, never a file.
 */
import type { RootKey } from '../../core/workspace/fileStore';
import type { CommittedChangeSet } from '../backend';
import { rootOfRecord } from './workspaceRecordIds';

/** The roots a committed change set (or a tab message claiming to be one) touched. */
export function rootsOf(data: unknown): RootKey[] {
  if (typeof data !== 'object' || data === null) return [];
  const { put, deleted } = data as Partial<Record<keyof CommittedChangeSet, unknown>>; // Checked below.
  const roots = new Set<RootKey>();
  for (const list of [put, deleted]) {
    if (!Array.isArray(list)) continue;
    for (const item of list as unknown[]) {
      if (typeof item !== 'object' || item === null) continue;
      const { kind, id } = item as Record<string, unknown>; // Checked here.
      if (typeof kind !== 'string' || typeof id !== 'string') continue;
      const root = rootOfRecord({ kind, id });
      if (root !== undefined) roots.add(root);
    }
  }
  return [...roots];
}

export interface FileChannel {
  post(change: CommittedChangeSet): void;
  /** Calls `heard` with each root another connection's commit touched. */
  listen(heard: (root: RootKey) => void): void;
  close(): void;
}

export function openFileChannel(dbName: string): FileChannel {
  if (typeof BroadcastChannel === 'undefined') return { post() {}, listen() {}, close() {} };
  const channel = new BroadcastChannel(dbName);
  return {
    post: (change) => channel.postMessage(change),
    listen(heard) {
      channel.onmessage = (event: MessageEvent<unknown>) => {
        for (const root of rootsOf(event.data)) heard(root);
      };
    },
    close: () => channel.close(),
  };
}

/** Posts one commit made outside a store (an import) and closes the channel. */
export function announceFileCommit(dbName: string, change: CommittedChangeSet | undefined): void {
  if (change === undefined || rootsOf(change).length === 0) return;
  const channel = openFileChannel(dbName);
  channel.post(change);
  channel.close();
}
