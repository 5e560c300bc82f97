/**
 * Sending documents whose revisions Baton made (issue 28): `_bulk_docs` with
 * `new_edits: false`, so the server stores each revision as given (sending one twice is
 * a no-op, which makes a push resumable after a crash at any point). Batches keep under
 * the server's limits (count and size); a 413 halves the batch until one document alone
 * is refused, which is the server's quota speaking.
 */
import type { CouchDoc } from '../syncContract';
import { CouchHttpError, isObject, wrongShape } from './couchClient';
import { errorOf } from './errorSentences';
import type { SyncContext } from './syncContext';

/** Splits `docs` into batches within the tuning's count and size. */
export function batchesOf(docs: readonly CouchDoc[], maxDocs: number, maxChars: number): CouchDoc[][] {
  const batches: CouchDoc[][] = [];
  let batch: CouchDoc[] = [];
  let size = 0;
  for (const doc of docs) {
    const length = JSON.stringify(doc).length;
    if (batch.length > 0 && (batch.length >= maxDocs || size + length > maxChars)) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(doc);
    size += length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** Which of `docs` the server lacks (`_revs_diff`): the rest need not be sent again. */
export async function missingDocs(ctx: SyncContext, docs: readonly CouchDoc[]): Promise<CouchDoc[]> {
  if (docs.length === 0) return [];
  const ask: Record<string, string[]> = {};
  for (const doc of docs) {
    const revs = ask[doc._id] ?? [];
    revs.push(doc._rev as string);
    ask[doc._id] = revs;
  }
  const { body } = await ctx.client.request('POST', '_revs_diff', { body: ask, signal: ctx.signal });
  if (!isObject(body)) throw wrongShape('The _revs_diff answer');
  return docs.filter((doc) => {
    const entry = body[doc._id];
    return isObject(entry) && Array.isArray(entry.missing) && entry.missing.includes(doc._rev);
  });
}

export async function sendDocs(ctx: SyncContext, docs: readonly CouchDoc[]): Promise<void> {
  const { maxDocsPerRequest, maxRequestChars } = ctx.tuning;
  for (const batch of batchesOf(docs, maxDocsPerRequest, maxRequestChars)) await sendBatch(ctx, batch);
}

async function sendBatch(ctx: SyncContext, batch: CouchDoc[]): Promise<void> {
  let body: unknown;
  try {
    ({ body } = await ctx.client.request('POST', '_bulk_docs', {
      body: { docs: batch, new_edits: false },
      signal: ctx.signal,
    }));
  } catch (error) {
    if (error instanceof CouchHttpError && error.status === 413 && batch.length > 1) {
      const half = Math.ceil(batch.length / 2);
      await sendBatch(ctx, batch.slice(0, half));
      await sendBatch(ctx, batch.slice(half));
      return;
    }
    throw error;
  }
  if (!Array.isArray(body)) throw wrongShape('The _bulk_docs answer');
  for (const item of body) {
    if (!isObject(item) || item.error === undefined) continue;
    const reason = `${String(item.error)}${typeof item.reason === 'string' ? `: ${item.reason}` : ''}`;
    if (item.error === 'forbidden' || item.error === 'unauthorized') {
      throw /quota|exceed/i.test(reason) ? errorOf('quota-server', reason) : errorOf('forbidden');
    }
    throw errorOf('server', `a document was refused (${reason})`);
  }
}
