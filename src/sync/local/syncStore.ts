/**
 * Sync's bookkeeping in the `sync` object store (schema version 6): what this device knows
 * of each server document (`doc:<docId>`), replication checkpoints and other values
 * (`value:<key>`), and the settings with the derived keys (`config`). None of it is a
 * record of the app's: it is never stamped, never in the change feed, never exported or
 * backed up, and Forget this server clears all of it.
 */
import type { BatonDb } from '../../storage/schema';
import type { DocMeta } from '../localReplica';
import type { SyncKeys } from '../syncContract';
import type { SyncSettings } from '../syncStatus';

/** What Start sync keeps on this device; `running` says whether sync is on (Stop keeps the rest). */
export interface SyncConfig {
  settings: SyncSettings;
  /** Non-extractable CryptoKeys: IndexedDB stores them, nothing can read their bytes. */
  keys?: SyncKeys;
  running: boolean;
}

export const CONFIG_KEY = 'config';

export function docKey(docId: string): string {
  return `doc:${docId}`;
}

export function valueKey(key: string): string {
  return `value:${key}`;
}

export async function readSyncConfig(db: BatonDb): Promise<SyncConfig | undefined> {
  const stored: unknown = await db.get('sync', CONFIG_KEY);
  return isSyncConfig(stored) ? stored : undefined;
}

export async function writeSyncConfig(db: BatonDb, config: SyncConfig): Promise<void> {
  await db.put('sync', config, CONFIG_KEY);
}

/** Forget this server: the settings, the keys, every checkpoint and every document's bookkeeping. */
export async function clearSyncStore(db: BatonDb): Promise<void> {
  await db.clear('sync');
}

export async function readDocMetas(db: BatonDb, docIds: readonly string[]): Promise<Map<string, DocMeta>> {
  const tx = db.transaction('sync', 'readonly');
  const stored = await Promise.all(docIds.map((id) => tx.store.get(docKey(id))));
  const metas = new Map<string, DocMeta>();
  docIds.forEach((id, index) => {
    // Written by writeDocMetas alone; checked only as far as the replicator relies on it.
    const meta = stored[index] as DocMeta | undefined;
    if (meta && typeof meta.rev === 'string') metas.set(id, meta);
  });
  return metas;
}

export async function writeDocMetas(db: BatonDb, metas: readonly DocMeta[]): Promise<void> {
  const tx = db.transaction('sync', 'readwrite');
  await Promise.all([...metas.map((meta) => tx.store.put(meta, docKey(meta.docId))), tx.done]);
}

function isSyncConfig(value: unknown): value is SyncConfig {
  if (typeof value !== 'object' || value === null) return false;
  const { settings, running } = value as Partial<Record<keyof SyncConfig, unknown>>; // Checked here.
  if (typeof running !== 'boolean' || typeof settings !== 'object' || settings === null) return false;
  const { url, username, password } = settings as Partial<Record<keyof SyncSettings, unknown>>;
  return typeof url === 'string' && typeof username === 'string' && typeof password === 'string';
}
