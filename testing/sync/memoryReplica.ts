/**
 * An in-memory LocalReplica (issue 28) for the replicator's tests: a faithful small
 * version of the port. Records carry stamps from a hybrid logical clock; every write
 * goes to a change feed with a sequence number; applyRemote keeps the newer stamp,
 * moves the clock past what it takes in, merges headers as the HeaderDoc says, and
 * refuses records of sessions deleted here (deletion wins).
 */
import type { SessionEntry, SessionHeader } from '../../src/core/types/entry';
import type { ChangesPage, FeedChange } from '../../src/storage/backend';
import type { RecordSummary } from '../../src/storage/records';
import { compareStamps, nextRevision, type Stamp } from '../../src/storage/revision';
import { sessionHeaderOf } from '../../src/sync/couch/headerDoc';
import { canonicalJson } from '../../src/sync/documents/canonicalJson';
import type { ApplyRemoteResult, DocMeta, LocalReplica } from '../../src/sync/localReplica';
import type { LocalRecord, SyncRecord } from '../../src/sync/syncRecord';

interface Stored {
  record: LocalRecord;
  seq: number;
}

export interface MemoryReplica extends LocalReplica {
  /** The app's writes: each stamped with this device and the next revision. */
  putEntry(entry: SessionEntry): Stamp;
  putHeader(header: SessionHeader): Stamp;
  deleteSession(sessionId: string): Stamp;
  header(sessionId: string): SessionHeader | undefined;
  /** Live entries of a session, by id. */
  entries(sessionId: string): SessionEntry[];
  /** Makes the next applyRemote throw this (quota full during a pull). */
  failNextApply(error: Error): void;
}

const keyOf = (kind: string, id: string) => `${kind}\u0000${id}`;

export function createMemoryReplica(device: string): MemoryReplica {
  const records = new Map<string, Stored>();
  const metas = new Map<string, DocMeta>();
  const values = new Map<string, unknown>();
  const deletedSessions = new Set<string>();
  let seq = 0;
  let clock = 0;
  let failure: Error | undefined;

  const stampNow = (): Stamp => {
    clock = nextRevision(clock, Date.now());
    return { device, rev: clock };
  };
  const store = (record: LocalRecord) => {
    seq += 1;
    records.set(keyOf(record.kind, record.id), { record: structuredClone(record), seq });
  };
  const storedStamp = (kind: string, id: string) => records.get(keyOf(kind, id))?.record.stamp;
  const removeSession = (sessionId: string, stamp: Stamp) => {
    deletedSessions.add(sessionId);
    for (const [key, stored] of records) {
      if (
        stored.record.kind !== 'header' &&
        'sessionId' in stored.record &&
        stored.record.sessionId === sessionId
      )
        records.delete(key);
    }
    store({ kind: 'header', id: sessionId, sessionId, stamp, deleted: true });
  };

  const applyOne = (record: SyncRecord, result: ApplyRemoteResult) => {
    if (record.kind === 'header') {
      const { value, stamp } = sessionHeaderOf(record.header);
      clock = Math.max(clock, stamp.rev);
      if (deletedSessions.has(record.id)) return;
      if (record.header.deleted) {
        removeSession(record.id, stamp);
        result.applied += 1;
        return;
      }
      const stored = records.get(keyOf('header', record.id))?.record;
      const current = stored && stored.kind === 'header' && !('deleted' in stored) ? stored.value : undefined;
      if (current && canonicalJson(current) === canonicalJson(value)) return;
      // The merged header is written even when its latest stamp is older than the one
      // stored: it may carry a field from elsewhere that this device never had.
      const keep = stored && compareStamps(stored.stamp, stamp) > 0 ? stored.stamp : stamp;
      store({ kind: 'header', id: record.id, sessionId: record.id, stamp: keep, value });
      result.applied += 1;
      return;
    }
    clock = Math.max(clock, record.stamp.rev);
    const sessionId = 'sessionId' in record ? record.sessionId : undefined;
    if (sessionId !== undefined && deletedSessions.has(sessionId)) {
      result.refused += 1;
      return;
    }
    const stored = storedStamp(record.kind, record.id);
    if (stored && compareStamps(stored, record.stamp) >= 0) return;
    store(record as LocalRecord);
    result.applied += 1;
  };

  return {
    async deviceId() {
      return device;
    },
    async changes(since, limit): Promise<ChangesPage> {
      const changes: FeedChange[] = [...records.values()]
        .filter((stored) => stored.seq > since)
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit)
        .map(({ record, seq: at }) => ({
          kind: record.kind,
          id: record.id,
          ...('sessionId' in record && record.sessionId !== undefined && { sessionId: record.sessionId }),
          device: record.stamp.device,
          rev: record.stamp.rev,
          seq: at,
          deleted: 'deleted' in record && record.deleted === true,
        }));
      return { changes, checkpoint: changes.at(-1)?.seq ?? since };
    },
    async read(refs: readonly RecordSummary[]) {
      return refs.map((ref) => {
        const stored = records.get(keyOf(ref.kind, ref.id));
        return stored ? structuredClone(stored.record) : undefined;
      });
    },
    async applyRemote(incoming) {
      if (failure) {
        const error = failure;
        failure = undefined;
        throw error;
      }
      const result: ApplyRemoteResult = { applied: 0, refused: 0 };
      for (const record of incoming) applyOne(structuredClone(record), result);
      return result;
    },
    async getMeta(docIds) {
      const found = new Map<string, DocMeta>();
      for (const id of docIds) {
        const meta = metas.get(id);
        if (meta) found.set(id, structuredClone(meta));
      }
      return found;
    },
    async putMeta(list) {
      for (const meta of list) metas.set(meta.docId, structuredClone(meta));
    },
    async getValue<T>(key: string) {
      return structuredClone(values.get(key)) as T | undefined;
    },
    async putValue(key, value) {
      values.set(key, structuredClone(value));
    },
    putEntry(entry) {
      if (deletedSessions.has(entry.sessionId)) throw new Error(`session ${entry.sessionId} is deleted`);
      const stamp = stampNow();
      store({ kind: 'entry', id: entry.id, sessionId: entry.sessionId, stamp, value: entry });
      return stamp;
    },
    putHeader(header) {
      if (deletedSessions.has(header.id)) throw new Error(`session ${header.id} is deleted`);
      const stamp = stampNow();
      store({ kind: 'header', id: header.id, sessionId: header.id, stamp, value: header });
      return stamp;
    },
    deleteSession(sessionId) {
      const stamp = stampNow();
      removeSession(sessionId, stamp);
      return stamp;
    },
    header(sessionId) {
      const stored = records.get(keyOf('header', sessionId))?.record;
      return stored && stored.kind === 'header' && !('deleted' in stored)
        ? structuredClone(stored.value)
        : undefined;
    },
    entries(sessionId) {
      return [...records.values()]
        .map((stored) => stored.record)
        .filter(
          (record) => record.kind === 'entry' && !('deleted' in record) && record.sessionId === sessionId,
        )
        .map((record) => structuredClone((record as { value: SessionEntry }).value))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
    },
    failNextApply(error) {
      failure = error;
    },
  };
}
