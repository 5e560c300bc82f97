/**
 * One document's leaves from the server made into one record (issue 28). Entries and
 * files: the record with the latest stamp. Headers: every leaf's HeaderDoc merged, and
 * this device's own pending header with them. When the server holds several leaves (two
 * devices wrote while apart) the result is sent as the child of the winning leaf and the
 * other leaves are ended with tombstones (the losing revisions removed). Revisions are a
 * hash of parent and content, so two devices resolving the same conflict at once send
 * the same revisions, and the server ends with one leaf either way.
 */

import { compareStamps } from '../../storage/revision';
import type { DocMeta } from '../localReplica';
import type { CouchDoc } from '../syncContract';
import type { HeaderDoc, SyncRecord } from '../syncRecord';
import {
  headerDocFromLocal,
  mergeHeaderDocs,
  sameHeaderDoc,
  sessionHeaderOf,
  tombstoneHeaderDoc,
} from './headerDoc';
import { type SyncContext, sameStamp } from './syncContext';

export interface Resolved {
  /** The record to apply here; undefined when no leaf could be read (all skipped). */
  record?: SyncRecord;
  /** Documents to send: the merge and the tombstones of the losing leaves. */
  send: CouchDoc[];
  meta?: DocMeta;
  /** Leaves that could not be decoded. */
  skipped: number;
}

/** CouchDB's winner among leaves: the longest history, then the larger revision. */
export function winnerFirst(a: CouchDoc, b: CouchDoc): number {
  const generation = (doc: CouchDoc) => Number.parseInt(doc._rev ?? '0', 10) || 0;
  const byGeneration = generation(b) - generation(a);
  if (byGeneration !== 0) return byGeneration;
  return (a._rev ?? '') < (b._rev ?? '') ? 1 : (a._rev ?? '') > (b._rev ?? '') ? -1 : 0;
}

export async function resolveLeaves(
  ctx: SyncContext,
  docId: string,
  leaves: readonly CouchDoc[],
  meta: DocMeta | undefined,
): Promise<Resolved> {
  const decoded = await Promise.all(
    leaves.map(async (leaf) => ({ leaf, result: await ctx.codec.decode(leaf) })),
  );
  const good = decoded
    .flatMap(({ leaf, result }) => (result.ok ? [{ leaf, record: result.record }] : []))
    .sort((a, b) => winnerFirst(a.leaf, b.leaf));
  const skipped = leaves.length - good.length;
  const winner = good[0];
  if (!winner) return { send: [], skipped };

  let record: SyncRecord;
  let changed: boolean;
  if (winner.record.kind === 'header') {
    const headers = good.flatMap(({ record: one }) => (one.kind === 'header' ? [one.header] : []));
    let merged = headers.reduce(mergeHeaderDocs);
    const pending = await localPendingHeader(ctx, winner.record.id, meta);
    if (pending) merged = mergeHeaderDocs(merged, pending);
    record = { kind: 'header', id: winner.record.id, sessionId: winner.record.id, header: merged };
    changed = !sameHeaderDoc(merged, winner.record.header);
  } else {
    record = good.reduce((latest, next) =>
      compareStamps(stampOf(next.record), stampOf(latest.record)) > 0 ? next : latest,
    ).record;
    changed = record !== winner.record;
  }

  const send: CouchDoc[] = [];
  let rev = winner.leaf._rev as string;
  if (changed || leaves.length > 1) {
    const merged = await ctx.codec.encode(record, rev);
    rev = merged._rev as string;
    send.push(merged);
    for (const leaf of leaves) {
      if (leaf !== winner.leaf) send.push(await ctx.codec.removeLeaf(docId, leaf._rev as string));
    }
  }
  const stamp = record.kind === 'header' ? sessionHeaderOf(record.header).stamp : record.stamp;
  return {
    record,
    send,
    skipped,
    meta: { docId, rev, stamp, ...(record.kind === 'header' && { header: record.header }) },
  };
}

function stampOf(record: SyncRecord) {
  return record.kind === 'header' ? sessionHeaderOf(record.header).stamp : record.stamp;
}

/**
 * This device's header as a HeaderDoc when it changed since the last sync (a push still
 * to come), so the merge keeps it; undefined when it did not change or is not here.
 */
async function localPendingHeader(
  ctx: SyncContext,
  sessionId: string,
  meta: DocMeta | undefined,
): Promise<HeaderDoc | undefined> {
  const [stored] = await ctx.local.read([{ kind: 'header', id: sessionId, sessionId }]);
  if (stored?.kind !== 'header' || sameStamp(meta?.stamp, stored.stamp)) return undefined;
  return 'deleted' in stored
    ? tombstoneHeaderDoc(sessionId, stored.stamp, meta?.header)
    : headerDocFromLocal(stored.value, stored.stamp, meta?.header);
}
