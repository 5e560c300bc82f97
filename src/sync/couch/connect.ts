/**
 * Starting sync with a server (issue 28): the checks a user waits for after "Start sync",
 * each failing with its sentence. The database is read (and created when missing, if
 * this user may); the clear `baton-meta` document is read (and created on the first
 * device: another device creating it at the same moment makes a 409, and its document
 * is the one used); the passphrase is checked against it, so a wrong one stops here,
 * before anything is merged; and this device's `d:<id>` document is written (its name
 * encrypted by documents/deviceDoc.ts, with when it was last seen).
 */
import { createMeta, META_DOC_ID, type UnlockOptions, unlockMeta } from '../crypto/metaDoc';
import { deviceDocId, encodeDevice } from '../documents/deviceDoc';
import type { SyncKeys } from '../syncContract';
import type { SyncSettings } from '../syncStatus';
import { type CouchClient, CouchHttpError, createCouchClient, isObject } from './couchClient';
import { errorOf } from './errorSentences';

export interface ThisDevice {
  id: string;
  name: string;
}

export interface ConnectOptions extends UnlockOptions {
  /** PBKDF2 iterations for a new meta document (tests use few; production the default). */
  iterations?: number;
  signal?: AbortSignal;
}

export async function connectToServer(
  settings: SyncSettings,
  passphrase: string,
  fetchFn: typeof fetch,
  device: ThisDevice,
  options: ConnectOptions = {},
): Promise<SyncKeys> {
  const client = createCouchClient(settings, fetchFn);
  const { signal } = options;
  await ensureDatabase(client, signal);
  const keys = await unlockOrCreate(client, passphrase, options);
  await writeDevice(client, keys, device, signal);
  return keys;
}

async function ensureDatabase(client: CouchClient, signal: AbortSignal | undefined): Promise<void> {
  const { status, body } = await client.request('GET', '', { signal, accept: [404] });
  if (status === 200) {
    if (!isObject(body) || typeof body.db_name !== 'string')
      throw errorOf('bad-server', 'the database answer');
    return;
  }
  try {
    await client.request('PUT', '', { signal, accept: [412] });
  } catch (error) {
    if (error instanceof CouchHttpError && [401, 403, 404].includes(error.status)) {
      throw error.status === 401 ? error : errorOf('missing-database');
    }
    throw error;
  }
}

async function unlockOrCreate(
  client: CouchClient,
  passphrase: string,
  options: ConnectOptions,
): Promise<SyncKeys> {
  const { signal } = options;
  const existing = await client.request('GET', META_DOC_ID, { signal, accept: [404] });
  if (existing.status !== 404) return unlockMeta(existing.body, passphrase, options);
  const { meta, keys } = await createMeta(passphrase, options.iterations);
  const put = await client.request('PUT', META_DOC_ID, { body: meta, signal, accept: [409] });
  if (put.status !== 409) return keys;
  // Another device set the database up at the same moment: its salt is the one to use.
  const winner = await client.request('GET', META_DOC_ID, { signal });
  return unlockMeta(winner.body, passphrase, options);
}

async function writeDevice(
  client: CouchClient,
  keys: SyncKeys,
  device: ThisDevice,
  signal: AbortSignal | undefined,
): Promise<void> {
  const path = encodeURIComponent(deviceDocId(device.id));
  const current = await client.request('GET', path, { signal, accept: [404] });
  const rev = current.status === 200 && isObject(current.body) ? current.body._rev : undefined;
  const doc = await encodeDevice(
    keys,
    device.id,
    { name: device.name, lastSeen: Date.now() },
    typeof rev === 'string' ? rev : undefined,
  );
  // Its revision is Baton's (new_edits: false): another tab writing it at once makes a
  // second leaf of the same device, which the device count does not mind.
  await client.request('POST', '_bulk_docs', { body: { docs: [doc], new_edits: false }, signal });
}
