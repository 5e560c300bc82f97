/**
 * Placeholder until the sync engine's branch is merged (issue 28): the Settings → Sync
 * section imports this module's getSyncController. The engine's branch replaces the file.
 */
import type { SyncController } from '../../sync/syncContract';

export async function getSyncController(): Promise<SyncController> {
  throw new Error('not yet');
}
