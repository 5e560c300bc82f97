/**
 * The LocalReplica on the app's own database (issue 28): the records are Baton's stores,
 * read and written through storage's own paths; sync keeps only its bookkeeping beside
 * them, in the `sync` store (syncStore.ts). What a pull writes is announced to the tabs
 * exactly as a tab announces its own commits, so every open tab shows it.
 */
import type { ChangesPage, CommittedChangeSet } from '../../storage/backend';
import { readChanges } from '../../storage/changeFeed';
import { DEVICE_ID_KEY, storedDeviceId } from '../../storage/changeRecorder';
import type { RecordSummary } from '../../storage/records';
import type { BatonDb } from '../../storage/schema';
import { TAB_CHANNEL_NAME } from '../../storage/sessionChanges';
import { stampUnstamped } from '../../storage/stampUnstamped';
import type { ApplyRemoteResult, DocMeta, LocalReplica } from '../localReplica';
import type { LocalRecord, SyncRecord } from '../syncRecord';
import { type ApplyRemoteOptions, applyRemoteRecords } from './applyRemoteRecords';
import { readLocalRecords } from './readLocalRecords';
import { readDocMetas, valueKey, writeDocMetas } from './syncStore';

export interface ReplicaOptions extends ApplyRemoteOptions {
  /**
   * Tells the other tabs (and this one) of what a pull committed. By default it is posted
   * on the tab channel and on the database's file channel (one and the same for the app's
   * database): followOtherTabs and the file stores hear it as any other tab's commit.
   */
  announce?: (committed: CommittedChangeSet) => void;
}

/** Sync store value: the records from before stamps were put in the feed. */
const OLDER_RECORDS_STAMPED = 'olderRecordsStamped';

export class IndexedDbReplica implements LocalReplica {
  private device: Promise<string> | undefined;

  constructor(
    private readonly db: BatonDb,
    private readonly options: ReplicaOptions = {},
  ) {}

  deviceId(): Promise<string> {
    this.device ??= readOrMakeDeviceId(this.db);
    return this.device;
  }

  changes(since: number, limit: number): Promise<ChangesPage> {
    return readChanges(this.db, since, limit);
  }

  read(refs: readonly RecordSummary[]): Promise<Array<LocalRecord | undefined>> {
    return readLocalRecords(this.db, refs);
  }

  async applyRemote(records: readonly SyncRecord[]): Promise<ApplyRemoteResult> {
    const { applied, refused, committed } = await applyRemoteRecords(this.db, records, this.options);
    if (committed) this.announce(committed);
    return { applied, refused };
  }

  /**
   * Before the first sync from this database: records stored before stamps existed enter
   * the change feed (stampUnstamped), or the push, which reads the feed, would never send
   * them. Once done, a mark in the sync store says so, and later starts skip the walk.
   */
  async stampOlderRecords(): Promise<number> {
    if (await this.getValue<boolean>(OLDER_RECORDS_STAMPED)) return 0;
    const { stamped, committed } = await stampUnstamped(this.db);
    if (committed) this.announce(committed);
    await this.putValue(OLDER_RECORDS_STAMPED, true);
    return stamped;
  }

  private announce(committed: CommittedChangeSet): void {
    if (this.options.announce) this.options.announce(committed);
    else announceToTabs(this.db.name, committed);
  }

  getMeta(docIds: readonly string[]): Promise<Map<string, DocMeta>> {
    return readDocMetas(this.db, docIds);
  }

  putMeta(metas: readonly DocMeta[]): Promise<void> {
    return writeDocMetas(this.db, metas);
  }

  async getValue<T>(key: string): Promise<T | undefined> {
    // The caller names what it stored under its key (as StorageReads.getSetting does).
    return (await this.db.get('sync', valueKey(key))) as T | undefined;
  }

  async putValue(key: string, value: unknown): Promise<void> {
    await this.db.put('sync', value, valueKey(key));
  }
}

/** The device id the change recorder stamps with, made here the same way if no write made it yet. */
async function readOrMakeDeviceId(db: BatonDb): Promise<string> {
  const tx = db.transaction('settings', 'readwrite');
  let device = storedDeviceId(await tx.store.get(DEVICE_ID_KEY));
  if (device === undefined) {
    device = crypto.randomUUID();
    await tx.store.put(device, DEVICE_ID_KEY);
  }
  await tx.done;
  return device;
}

/** Posts a commit where the tabs and the file stores listen (once, where both are one channel). */
export function announceToTabs(dbName: string, committed: CommittedChangeSet): void {
  if (typeof BroadcastChannel === 'undefined') return;
  for (const name of new Set([TAB_CHANNEL_NAME, dbName])) {
    const channel = new BroadcastChannel(name);
    channel.postMessage(committed);
    channel.close();
  }
}
