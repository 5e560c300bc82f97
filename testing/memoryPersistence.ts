/**
 * The storage port in memory, for unit tests of the session's parts: every call is
 * recorded in order, and the handoff commit can be made to fail.
 */

import type { AttachmentRecord } from '../src/core/attachments/attachmentTypes';
import type { HandoffCommit, SessionPersistence } from '../src/core/session/persistence';
import type { SessionEntry, SessionHeader } from '../src/core/types/entry';

export type PersistenceCall =
  | { kind: 'entry'; entry: SessionEntry }
  | { kind: 'header'; header: SessionHeader }
  | { kind: 'attachment'; record: AttachmentRecord }
  | { kind: 'flush' }
  | { kind: 'commit'; commit: HandoffCommit }
  | { kind: 'active'; sessionId: string };

export interface MemoryPersistence extends SessionPersistence {
  calls: PersistenceCall[];
  /** The next commitHandoff rejects with this error. */
  failNextCommit(error: Error): void;
}

export function memoryPersistence(): MemoryPersistence {
  const calls: PersistenceCall[] = [];
  let commitFailure: Error | undefined;
  return {
    calls,
    failNextCommit: (error) => {
      commitFailure = error;
    },
    saveEntry: (entry) => calls.push({ kind: 'entry', entry }),
    saveHeader: (header) => calls.push({ kind: 'header', header }),
    saveAttachment: (record) => calls.push({ kind: 'attachment', record }),
    flush: async () => {
      calls.push({ kind: 'flush' });
    },
    commitHandoff: async (commit) => {
      const failure = commitFailure;
      commitFailure = undefined;
      if (failure) throw failure;
      calls.push({ kind: 'commit', commit });
    },
    setActiveSession: async (sessionId) => {
      calls.push({ kind: 'active', sessionId });
    },
  };
}

/** Zero-padded so that ids sort in creation order. */
export function counter(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}-${String(++n).padStart(3, '0')}`;
}
