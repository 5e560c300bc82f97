/**
 * Fault injection for the file store, for tests only, beside the backend's
 * (faultyBackend.ts): the same hooks, read at each commit. While `failWrites` is above 0,
 * each commit fails with a QuotaExceededError, counting down, as a full disk would: inside
 * the transaction, after every record was written, so the test sees that none of them
 * lands. The state layer passes this to openFileStore only when a test set the hooks
 * (see src/state/app/testHooks.ts).
 */
import type { FaultHooks } from '../faultyBackend';
import type { FileStoreOptions } from './indexedDbFileStore';

export function fileStoreFaults(hooks: () => FaultHooks | undefined): FileStoreOptions {
  return {
    beforeCommit: () => {
      const current = hooks();
      const left = current?.failWrites ?? 0;
      if (!current || left <= 0) return;
      current.failWrites = left - 1;
      throw new DOMException('The quota has been exceeded (test).', 'QuotaExceededError');
    },
  };
}
