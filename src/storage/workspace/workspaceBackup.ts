/**
 * Workspaces in backups and exports (issue 26): read whole for an export, and stored by
 * an import in the import's own transaction (importSessions.ts), so sessions and their
 * files land together or not at all.
 *
 * An import never overwrites, as for sessions. A root the database already has (memory
 * always may) is merged into: files it lacks are added, files it has are kept. A file of
 * the import at a path already taken is the same file when its listing agrees (size, time,
 * kind and type; a backup imported twice) and is then left out; otherwise it is added
 * beside it as `name (imported).ext` (then `(imported 2)`, …; one of those holding the
 * same file, from an earlier import, counts as the file being here), and its changes
 * follow it.
 * A change whose id is stored already is left out. Nothing the database holds is removed.
 */

import type { IDBPObjectStore } from 'idb';
import type { ExchangeFileBody, WorkspaceData } from '../../core/exchange/exchangeFormat';
import type { FileChange, FileMeta, RootKey } from '../../core/workspace/fileStore';
import type { ChangeRecorder } from '../changeRecorder';
import type { BatonDb, BatonDbSchema, FileChangeRecord } from '../schema';
import { type BatonStoreName, type RequestGroup, runTransaction } from '../transaction';
import { changeRecord, fileRecord, rootRange } from './workspaceRecordIds';

export const WORKSPACE_STORES = ['files', 'fileBodies', 'fileChanges'] as const;

/**
 * Every file tree (or the ones named), files with their bytes and history oldest first,
 * from one consistent read. Roots without files or history are left out.
 */
export async function snapshotWorkspaces(db: BatonDb, roots?: readonly RootKey[]): Promise<WorkspaceData[]> {
  const ranges = roots ? roots.map(rootRange) : [null];
  const read = await runTransaction(db, WORKSPACE_STORES, 'readonly', (tx, requests) =>
    Promise.all(
      ranges.map((range) =>
        Promise.all([
          requests.add(tx.objectStore('files').getAll(range)),
          requests.add(tx.objectStore('fileBodies').getAll(range)),
          requests.add(tx.objectStore('fileChanges').index('root').getAll(range)),
        ]),
      ),
    ),
  );
  const byRoot = new Map<RootKey, WorkspaceData>();
  const of = (root: RootKey) => {
    let data = byRoot.get(root);
    if (!data) {
      data = { root, files: [], changes: [] };
      byRoot.set(root, data);
    }
    return data;
  };
  for (const [metas, bodies, changes] of read) {
    const bodyOf = new Map(bodies.map((record) => [`${record.root}\u0000${record.path}`, record.body]));
    for (const meta of metas) {
      const body = bodyOf.get(`${meta.root}\u0000${meta.path}`);
      if (!body) continue; // A listing without contents (damage) has nothing to carry.
      // Read one file at a time: a workspace may hold many large ones.
      const carried: ExchangeFileBody = body.binary
        ? { binary: true, bytes: new Uint8Array(await body.blob.arrayBuffer()) }
        : body;
      of(meta.root).files.push({ meta, body: carried });
    }
    for (const record of changes) of(record.root).changes.push(record.change);
  }
  return [...byRoot.values()];
}

type WriteStore<Name extends BatonStoreName> = IDBPObjectStore<
  BatonDbSchema,
  ArrayLike<BatonStoreName>,
  Name,
  'readwrite'
>;

/** The workspace stores of an import's transaction. */
export interface WorkspaceStores {
  files: WriteStore<'files'>;
  fileBodies: WriteStore<'fileBodies'>;
  fileChanges: WriteStore<'fileChanges'>;
}

/** What an import stores of each workspace, decided from what the database holds. */
export interface WorkspacePlan {
  root: RootKey;
  files: Array<{ meta: FileMeta; body: ExchangeFileBody }>;
  changes: FileChange[];
}

/** Reads what the imported roots hold already and decides what to add (see the file comment). */
export async function planWorkspaceImport(
  { files, fileChanges: history }: WorkspaceStores,
  requests: RequestGroup,
  workspaces: readonly WorkspaceData[],
): Promise<WorkspacePlan[]> {
  const stored = await Promise.all(
    workspaces.map((workspace) =>
      Promise.all([
        requests.add(files.getAll(rootRange(workspace.root))),
        Promise.all(workspace.changes.map((change) => requests.add(history.getKey(change.id)))),
      ]),
    ),
  );
  return workspaces.map((workspace, at) => {
    const [metas, changeKeys] = stored[at] ?? [[], []];
    const taken = new Map(metas.map((meta) => [meta.path, meta]));
    const moved = new Map<string, string>();
    const planned: WorkspacePlan = { root: workspace.root, files: [], changes: [] };
    for (const file of workspace.files) {
      const path = placeFor(file.meta, taken);
      if (path !== file.meta.path) moved.set(file.meta.path, path);
      if (taken.has(path)) continue; // The same file is here already (this backup imported before).
      const meta = { ...file.meta, root: workspace.root, path };
      taken.set(path, meta);
      planned.files.push({ meta, body: file.body });
    }
    workspace.changes.forEach((change, index) => {
      if (changeKeys[index] !== undefined) return;
      planned.changes.push({ ...change, root: workspace.root, path: moved.get(change.path) ?? change.path });
    });
    return planned;
  });
}

/** Adds what the plan holds, stamped; add, never put: a record taken meanwhile fails the import. */
export function writeWorkspaceImport(
  { files, fileBodies: bodies, fileChanges: history }: WorkspaceStores,
  requests: RequestGroup,
  recorder: ChangeRecorder,
  plans: readonly WorkspacePlan[],
): void {
  for (const { root, files: planned, changes } of plans) {
    for (const { meta, body } of planned) {
      requests.add(files.add(meta));
      const stored = body.binary
        ? { binary: true as const, blob: new Blob([body.bytes], { type: meta.mediaType }) }
        : body;
      requests.add(bodies.add({ root, path: meta.path, body: stored }));
      recorder.put(fileRecord(root, meta.path));
    }
    changes.forEach((change, index) => {
      // Imported history keeps its own order; seq 0 puts it before anything committed here in the same millisecond.
      const record: FileChangeRecord = { root, order: [change.at, 0, index], change };
      requests.add(history.add(record));
      recorder.put(changeRecord(root, change.id));
    });
  }
}

function sameListing(a: FileMeta, b: FileMeta): boolean {
  return (
    a.size === b.size && a.modifiedAt === b.modifiedAt && a.binary === b.binary && a.mediaType === b.mediaType
  );
}

/**
 * Where an imported file goes: its own path if free, else the first of `name (imported).ext`,
 * `name (imported 2).ext`, … that is free. A path holding the same file (same listing) is
 * where it already is, so an import made twice adds nothing the second time.
 */
function placeFor(file: FileMeta, taken: ReadonlyMap<string, FileMeta>): string {
  const slash = file.path.lastIndexOf('/');
  const name = file.path.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 0; ; n++) {
    const path =
      n === 0
        ? file.path
        : `${file.path.slice(0, slash + 1)}${stem} (imported${n === 1 ? '' : ` ${n}`})${ext}`;
    const there = taken.get(path);
    if (!there || sameListing(there, file)) return path;
  }
}
