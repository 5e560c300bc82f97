/**
 * Push (issue 28): this device's changes to the server. Reads the local change feed from
 * the push checkpoint, leaves out what the server already has (a change whose stamp is
 * the one last synced for its document: the echo of a pull, or a push that landed before
 * a crash), encodes each record as the child of the revision last synced, and sends them
 * with `_bulk_docs` (new_edits: false). After each batch: the documents' bookkeeping,
 * then the checkpoint. A crash anywhere resends at most one batch, which is a no-op.
 */
import type { FeedChange } from '../../storage/backend';
import type { DocMeta } from '../localReplica';
import type { CouchDoc } from '../syncContract';
import type { LocalRecord, SyncRecord } from '../syncRecord';
import type { Checkpoint } from './checkpoints';
import { headerDocFromLocal, sameHeaderDoc, tombstoneHeaderDoc } from './headerDoc';
import { missingDocs, sendDocs } from './sendDocs';
import { type SyncContext, sameStamp } from './syncContext';
import { addSynced } from './syncCount';

/** The most changes listed at once to know the total for "Uploading N of M". */
const MAX_LISTED = 1_000_000;

export interface PushResult {
  /** Documents sent. */
  sent: number;
}

/**
 * Pushes everything after the checkpoint. `live`: a nudge in steady state, where the
 * `_revs_diff` round trip is skipped (the revisions are new, and sending one the server
 * has is a no-op); a catch-up asks first, so a resumed push does not upload again.
 */
export async function push(ctx: SyncContext, checkpoint: Checkpoint, live: boolean): Promise<PushResult> {
  const since = Number((await checkpoint.load()) ?? 0) || 0;
  const { changes } = await ctx.local.changes(since, MAX_LISTED);
  let sent = 0;
  for (let start = 0; start < changes.length; start += ctx.tuning.pushBatch) {
    const slice = changes.slice(start, start + ctx.tuning.pushBatch);
    if (!live) await ctx.beforeBatch();
    sent += await pushSlice(ctx, slice, live);
    await checkpoint.save(
      safeCheckpoint(slice, changes[start + slice.length], since),
      !live && start + slice.length >= changes.length,
    );
    if (!live) ctx.report({ phase: 'uploading', done: start + slice.length, total: changes.length });
  }
  return { sent };
}

/**
 * The checkpoint after a batch: its last change's seq, or one less when the next batch
 * goes on with the same change set (one seq). A checkpoint inside a change set would skip
 * the rest of it after a crash; one before it re-reads what was sent, which the documents'
 * bookkeeping then leaves out.
 */
export function safeCheckpoint(
  slice: readonly FeedChange[],
  next: FeedChange | undefined,
  since: number,
): number {
  const last = slice[slice.length - 1]?.seq;
  if (last === undefined) return since;
  return next !== undefined && next.seq === last ? Math.max(since, last - 1) : last;
}

async function pushSlice(ctx: SyncContext, slice: readonly FeedChange[], live: boolean): Promise<number> {
  const synced = slice.filter((change) => change.kind !== 'setting');
  const docIds = await Promise.all(
    synced.map((change) => ctx.codec.docId({ kind: change.kind as SyncRecord['kind'], id: change.id })),
  );
  const metas = await ctx.local.getMeta(docIds);
  const listed = synced.map((change, index) => {
    const docId = docIds[index] as string;
    return { change, docId, meta: metas.get(docId) };
  });
  // A catch-up checks with the server what the bookkeeping says it holds: a database
  // recreated or restored from a backup since lacks it, and is sent it again.
  const echoes = listed.filter(({ change, meta }) => sameStamp(meta?.stamp, change));
  const lost = live || echoes.length === 0 ? new Set<string>() : await lostEchoes(ctx, echoes);
  const todo = listed.filter(({ change, docId, meta }) => !sameStamp(meta?.stamp, change) || lost.has(docId));
  if (todo.length === 0) return 0;
  const stored = await ctx.local.read(todo.map(({ change }) => change));
  const docs: CouchDoc[] = [];
  const newMetas: DocMeta[] = [];
  for (const [index, { docId, meta }] of todo.entries()) {
    const record = stored[index];
    if (!record) continue;
    const built = toSyncRecord(record, meta, lost.has(docId));
    if (!built) {
      // A header whose HeaderDoc did not change (a merge written back): only the stamp moves.
      if (meta) newMetas.push({ ...meta, stamp: record.stamp });
      continue;
    }
    const doc = await ctx.codec.encode(built, meta?.rev);
    docs.push(doc);
    newMetas.push({
      docId,
      rev: doc._rev as string,
      stamp: record.stamp,
      ...(built.kind === 'header' && { header: built.header }),
    });
  }
  const toSend = live ? docs : await missingDocs(ctx, docs);
  await sendDocs(ctx, toSend);
  await ctx.local.putMeta(newMetas);
  await addSynced(ctx, newMetas.filter((meta) => !metas.has(meta.docId)).length);
  return toSend.length;
}

/** The ids of documents whose last synced revision the server does not have. */
async function lostEchoes(
  ctx: SyncContext,
  echoes: ReadonlyArray<{ docId: string; meta?: DocMeta }>,
): Promise<Set<string>> {
  const asked = echoes.flatMap(({ docId, meta }) => (meta ? [{ _id: docId, _rev: meta.rev }] : []));
  return new Set((await missingDocs(ctx, asked)).map((doc) => doc._id));
}

/**
 * The record to send for a stored one; undefined when the header adds nothing to the one
 * last synced (unless `resend`: the server lost that one).
 */
function toSyncRecord(
  record: LocalRecord,
  meta: DocMeta | undefined,
  resend: boolean,
): SyncRecord | undefined {
  if (record.kind !== 'header') return record;
  const header =
    'deleted' in record
      ? tombstoneHeaderDoc(record.id, record.stamp, meta?.header)
      : headerDocFromLocal(record.value, record.stamp, meta?.header);
  if (!resend && meta?.header && sameHeaderDoc(header, meta.header)) return undefined;
  return { kind: 'header', id: record.id, sessionId: record.sessionId, header };
}
