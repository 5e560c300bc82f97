/**
 * Start-up (issue 28): if sync was on when this profile was last used, its worker is made
 * again, after the first paint and in a chunk of its own (startEngine imports this
 * module dynamically), so the first load carries nothing of sync. A profile that never
 * synced reads one key and makes no worker.
 */

import { openBatonDb } from '../../storage/schema';
import { readSyncConfig } from '../../sync/local/syncStore';
import { getSyncController } from './syncController';

export async function startSyncIfOn(databaseName: string): Promise<boolean> {
  const db = await openBatonDb(databaseName);
  let running: boolean;
  try {
    running = (await readSyncConfig(db))?.running === true;
  } finally {
    db.close();
  }
  if (running) (await getSyncController()).wake();
  return running;
}
