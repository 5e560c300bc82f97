/**
 * Pull (issue 28): the server's changes to this device. `_changes?style=all_docs` from
 * the pull checkpoint lists each changed document with all its leaves; a document whose
 * only leaf is the revision this device last pushed or pulled is skipped without a
 * fetch (the echo of a push). The rest are fetched (fetchRevs.ts), decoded, resolved
 * (resolve.ts), applied locally in one call, and their bookkeeping and the checkpoint
 * written after. A crash before the checkpoint pulls the same page again: applying a
 * record whose stamp is already stored changes nothing.
 */
import type { DocMeta } from '../localReplica';
import type { CouchDoc } from '../syncContract';
import type { SyncRecord } from '../syncRecord';
import { isObject, wrongShape } from './couchClient';
import { errorOf } from './errorSentences';
import { fetchRevs } from './fetchRevs';
import { resolveLeaves } from './resolve';
import { sendDocs } from './sendDocs';
import { localKey, type SyncContext } from './syncContext';
import { addSynced } from './syncCount';

export interface ChangeRow {
  id: string;
  revs: string[];
}

export interface ChangesAnswer {
  rows: ChangeRow[];
  lastSeq: unknown;
  /** Changes left after this page, when the server says (CouchDB 2+). */
  pending?: number;
  /** Rows the server sent that are not changes (counted as skipped). */
  malformed: number;
}

/** The ids that are not records: the clear meta document, design documents, devices. */
const isRecordId = (id: string) => id !== 'baton-meta' && !id.startsWith('_') && !id.startsWith('d:');

/**
 * One page of `_changes` after `since`. Live, it long-polls: the server answers when
 * something changes; PouchDB Server ignores `timeout`, so the wait is also ended here,
 * which gives an empty page.
 */
export async function requestChanges(
  ctx: SyncContext,
  since: unknown,
  live: boolean,
): Promise<ChangesAnswer> {
  const params = new URLSearchParams({ style: 'all_docs', limit: String(ctx.tuning.pullBatch) });
  params.set('since', typeof since === 'string' || typeof since === 'number' ? String(since) : '0');
  let signal = ctx.signal;
  let waited: AbortSignal | undefined;
  if (live) {
    params.set('feed', 'longpoll');
    params.set('timeout', String(ctx.tuning.longpollMs));
    waited = AbortSignal.timeout(ctx.tuning.longpollMs + 2_000);
    signal = AbortSignal.any([ctx.signal, waited]);
  }
  let body: unknown;
  try {
    ({ body } = await ctx.client.request('GET', `_changes?${params}`, {
      signal,
      timeoutMs: ctx.tuning.longpollMs + 30_000,
    }));
  } catch (error) {
    if (waited?.aborted && !ctx.signal.aborted) return { rows: [], lastSeq: since, malformed: 0 };
    throw error;
  }
  return readChanges(body);
}

export function readChanges(body: unknown): ChangesAnswer {
  if (!isObject(body) || !Array.isArray(body.results) || body.last_seq === undefined)
    throw wrongShape('The _changes answer');
  const rows: ChangeRow[] = [];
  let malformed = 0;
  for (const result of body.results) {
    const revs =
      isObject(result) && Array.isArray(result.changes)
        ? result.changes.flatMap((change) =>
            isObject(change) && typeof change.rev === 'string' && /^\d+-\w+$/.test(change.rev)
              ? [change.rev]
              : [],
          )
        : [];
    if (!isObject(result) || typeof result.id !== 'string' || revs.length === 0) malformed += 1;
    else rows.push({ id: result.id, revs });
  }
  const pending = typeof body.pending === 'number' ? body.pending : undefined;
  return { rows, lastSeq: body.last_seq, pending, malformed };
}

export interface PulledPage {
  applied: number;
  /** A device document changed: the device count is stale. */
  devicesChanged: boolean;
}

/** Fetches, resolves and applies the documents of one page of changes. */
export async function applyChanges(ctx: SyncContext, answer: ChangesAnswer): Promise<PulledPage> {
  ctx.counters.skipped += answer.malformed;
  const devicesChanged = answer.rows.some((row) => row.id.startsWith('d:'));
  const rows = answer.rows.filter((row) => isRecordId(row.id));
  if (rows.length === 0) return { applied: 0, devicesChanged };
  const metas = await ctx.local.getMeta(rows.map((row) => row.id));
  const wanted = new Map<string, string[]>();
  for (const row of rows) {
    const dead = row.revs.length > 1 ? await deadLeaves(ctx, row.id) : [];
    const live = row.revs.filter((rev) => !dead.includes(rev));
    if (live.length === 0 || (live.length === 1 && live[0] === metas.get(row.id)?.rev)) continue;
    wanted.set(row.id, live);
  }
  if (wanted.size === 0) return { applied: 0, devicesChanged };
  const fetched = await fetchRevs(ctx, wanted);

  const records: SyncRecord[] = [];
  const send: CouchDoc[] = [];
  const newMetas: DocMeta[] = [];
  for (const docId of wanted.keys()) {
    const leaves = fetched.get(docId) ?? [];
    if (leaves.length === 0) {
      ctx.counters.skipped += 1;
      continue;
    }
    const ended = leaves.filter((leaf) => leaf._deleted === true);
    if (ended.length > 0) await rememberDead(ctx, docId, ended);
    const live = leaves.filter((leaf) => leaf._deleted !== true);
    if (live.length === 0) continue;
    const resolved = await resolveLeaves(ctx, docId, live, metas.get(docId));
    ctx.counters.skipped += resolved.skipped > 0 ? 1 : 0;
    if (resolved.record) records.push(resolved.record);
    send.push(...resolved.send);
    if (resolved.meta) newMetas.push(resolved.meta);
    for (const doc of resolved.send) if (doc._deleted) await rememberDead(ctx, docId, [doc]);
  }
  // The merge goes to the server first: if this device stops before applying it, the
  // next pull finds it there; the other way round it would be applied but never sent.
  await sendDocs(ctx, send);
  let applied = 0;
  if (records.length > 0) {
    try {
      applied = (await ctx.local.applyRemote(records)).applied;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'QuotaExceededError') throw errorOf('quota-device');
      throw error;
    }
  }
  await ctx.local.putMeta(newMetas);
  await addSynced(ctx, newMetas.filter((meta) => !metas.has(meta.docId)).length);
  return { applied, devicesChanged };
}

/**
 * Leaves of a document that are tombstones (a losing branch removed): CouchDB keeps them
 * as leaves, and `_changes` lists them forever; remembering them spares a fetch of them
 * on every later change of the document.
 */
async function deadLeaves(ctx: SyncContext, docId: string): Promise<string[]> {
  return (await ctx.local.getValue<string[]>(localKey(ctx, `dead:${docId}`))) ?? [];
}

async function rememberDead(ctx: SyncContext, docId: string, docs: readonly CouchDoc[]): Promise<void> {
  const known = await deadLeaves(ctx, docId);
  const added = docs.map((doc) => doc._rev as string).filter((rev) => !known.includes(rev));
  if (added.length > 0) await ctx.local.putValue(localKey(ctx, `dead:${docId}`), [...known, ...added]);
}
