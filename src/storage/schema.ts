/**
 * The IndexedDB layout and its versioned upgrades. Sessions and entries are stored one
 * record each so that a write never rewrites a whole conversation, and a damaged record
 * costs one entry, not a session (or every session).
 */
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb';
import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import type { SessionEntry, SessionHeader } from '../core/types/entry';
import type { FileBody, FileChange, FileMeta, RootKey } from '../core/workspace/fileStore';
import type { RecordKind } from './records';
import type { Revision } from './revision';
import type { PersistedIndex } from './search/searchEngine';

export const DB_NAME = 'baton';

/** Bump by one for every layout change and add the matching step to applySchemaStep. */
export const SCHEMA_VERSION = 6;

export interface BatonDbSchema extends DBSchema {
  sessions: {
    key: string;
    value: SessionHeader;
    indexes: { updatedAt: number };
  };
  entries: {
    key: string;
    value: SessionEntry;
    indexes: {
      sessionId: string;
      /** A session's entries in time order, for reading them in order or newest first. */
      sessionId_timestamp: [string, number];
    };
  };
  /**
   * Attached files (version 2): the bytes as a Blob with their reference, by id. Apart
   * from the entries so that reading a session never reads its files.
   */
  attachments: {
    key: string;
    value: AttachmentRecord;
    indexes: { sessionId: string };
  };
  /**
   * The full-text search index (version 3) with the entries it covers, under one key
   * (SEARCH_INDEX_KEY). Derived data: losing it costs a rebuild, never a message.
   */
  searchIndex: {
    key: string;
    value: PersistedIndex;
  };
  /** Key-value pairs with out-of-line keys; values are anything structured clone accepts. */
  settings: {
    key: string;
    value: unknown;
  };
  /**
   * Every record's stamp (version 4): who wrote it last, its revision, and the change set
   * (`seq`) it was last written or deleted in. Kept beside the records, not in them, so
   * records stay exactly what the app stores and exports, and settings (plain values)
   * have stamps too. Keyed by [sessionId, kind, id] (sessionId '' for settings) so that a
   * deleted session's stamps go in one request, leaving its header's as the tombstone; a
   * record deleted on its own keeps its stamp as a tombstone. The `seq` index is the
   * change feed; `record` finds a stamp by kind and id.
   */
  stamps: {
    key: [string, RecordKind, string];
    value: StampRecord;
    indexes: { seq: number; record: [RecordKind, string] };
  };
  /**
   * Workspace files (version 5, issue 26): each file's listing, keyed by [root, path], so
   * a root's files are one key range and listing them reads no contents.
   */
  files: {
    key: [RootKey, string];
    value: FileMeta;
  };
  /** Each file's contents, apart from its listing and from every other file: an edit rewrites one record. */
  fileBodies: {
    key: [RootKey, string];
    value: FileBodyRecord;
  };
  /**
   * Every change to a file, by change id; the `root` index gives a root's history in
   * time order (ties in the order they were committed).
   */
  fileChanges: {
    key: string;
    value: FileChangeRecord;
    indexes: { root: [RootKey, FileChangeRecord['order']] };
  };
  /**
   * Sync's own bookkeeping (version 6, issue 28), out-of-line string keys: what this
   * device knows of each server document (`doc:<docId>`), replication checkpoints and
   * other values (`value:<key>`), and the sync settings with the derived CryptoKeys
   * (`config`). Never stamped, never in the change feed, never exported or backed up
   * (those read their own stores by name); src/sync/local owns the values' shapes.
   */
  sync: {
    key: string;
    value: unknown;
  };
}

/** A file's contents as stored; see the `fileBodies` store. */
export interface FileBodyRecord {
  root: RootKey;
  path: string;
  body: FileBody;
}

/** A change as stored; see the `fileChanges` store. */
export interface FileChangeRecord {
  root: RootKey;
  /**
   * Its place in history: its time, then the change feed's seq of the commit that first
   * wrote it and its place in that commit (changes made in one millisecond stay in order).
   */
  order: [number, number, number];
  change: FileChange;
}

/** One record's stamp; see the `stamps` store. */
export interface StampRecord {
  /** The session the record belongs to; '' for settings. */
  sessionId: string;
  kind: RecordKind;
  id: string;
  device: string;
  rev: Revision;
  seq: number;
  deleted?: true;
}

export type BatonDb = IDBPDatabase<BatonDbSchema>;

export type UpgradeTransaction = IDBPTransaction<BatonDbSchema, StoreNames<BatonDbSchema>[], 'versionchange'>;

/**
 * Runs every step from `oldVersion` up to `newVersion`, so a database that is several
 * versions behind walks through each layout in turn. Called by openDB's `upgrade`.
 */
export function upgradeSchema(
  db: BatonDb,
  oldVersion: number,
  newVersion: number | null,
  tx: UpgradeTransaction,
): void {
  // If a step throws, the upgrade aborts and openDB rejects with the error; the
  // transaction's own `done` rejects as well and would otherwise go unheard.
  tx.done.catch(() => {});
  const target = newVersion ?? SCHEMA_VERSION;
  for (let version = oldVersion + 1; version <= target; version++) {
    applySchemaStep(version, db, tx);
  }
}

function applySchemaStep(version: number, db: BatonDb, _tx: UpgradeTransaction): void {
  switch (version) {
    case 1: {
      const sessions = db.createObjectStore('sessions', { keyPath: 'id' });
      sessions.createIndex('updatedAt', 'updatedAt');
      const entries = db.createObjectStore('entries', { keyPath: 'id' });
      entries.createIndex('sessionId', 'sessionId');
      entries.createIndex('sessionId_timestamp', ['sessionId', 'timestamp']);
      db.createObjectStore('settings');
      return;
    }
    case 2: {
      // Version 1 had no attachments: nothing to migrate, a new store only.
      const attachments = db.createObjectStore('attachments', { keyPath: 'id' });
      attachments.createIndex('sessionId', 'sessionId');
      return;
    }
    case 3: {
      // Nothing to migrate: the index is built from the entries on first use.
      db.createObjectStore('searchIndex');
      return;
    }
    case 4: {
      // Nothing to migrate: records stored before stamps read as unstamped (revision 0).
      const stamps = db.createObjectStore('stamps', { keyPath: ['sessionId', 'kind', 'id'] });
      stamps.createIndex('seq', 'seq');
      stamps.createIndex('record', ['kind', 'id']);
      return;
    }
    case 5: {
      // Nothing to migrate: no workspace existed before.
      db.createObjectStore('files', { keyPath: ['root', 'path'] });
      db.createObjectStore('fileBodies', { keyPath: ['root', 'path'] });
      db.createObjectStore('fileChanges', { keyPath: 'change.id' }).createIndex('root', ['root', 'order']);
      return;
    }
    case 6: {
      // Nothing to migrate: sync starts with no bookkeeping.
      db.createObjectStore('sync');
      return;
    }
    // case 7: change the layout here, migrating records through `_tx` if needed.
    default:
      // Throwing aborts the versionchange transaction, so the database stays as it was.
      throw new Error(`No schema upgrade step to version ${version}`);
  }
}

export function openBatonDb(name: string = DB_NAME): Promise<BatonDb> {
  const opened: Promise<BatonDb> = openDB<BatonDbSchema>(name, SCHEMA_VERSION, {
    upgrade: upgradeSchema,
    // A newer Baton in another tab wants to upgrade: let it, rather than blocking it
    // forever. Our later calls then fail loudly (InvalidStateError) instead of writing
    // records in a layout the other tab no longer reads.
    blocking: () => {
      void opened.then((db) => db.close());
    },
  });
  return opened;
}
