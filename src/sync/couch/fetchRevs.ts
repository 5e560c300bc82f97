/**
 * Fetching given revisions of documents (issue 28): `_bulk_get?revs=true&attachments=true`
 * in one request per batch where the server has it (CouchDB 2.0+, PouchDB Server), else
 * one `GET <id>?open_revs=[…]` per document (CouchDB 1.x). Only answers that are
 * documents of the asked id and a revision are kept; anything else from the server is
 * dropped here and counted by the caller as skipped.
 */
import type { CouchDoc } from '../syncContract';
import { CouchHttpError, isObject, wrongShape } from './couchClient';
import type { SyncContext } from './syncContext';

const PER_REQUEST = 100;

/** The documents of the asked revisions by id (a revision the server lacks is absent). */
export async function fetchRevs(
  ctx: SyncContext,
  wanted: ReadonlyMap<string, readonly string[]>,
): Promise<Map<string, CouchDoc[]>> {
  const found = new Map<string, CouchDoc[]>();
  const add = (id: string, value: unknown) => {
    if (!isObject(value) || value._id !== id || typeof value._rev !== 'string') return;
    if (!(wanted.get(id) ?? []).includes(value._rev)) return;
    const list = found.get(id) ?? [];
    if (!list.some((doc) => doc._rev === value._rev)) list.push(value as CouchDoc);
    found.set(id, list);
  };
  const pairs = [...wanted].flatMap(([id, revs]) => revs.map((rev) => ({ id, rev })));
  for (let start = 0; start < pairs.length && !ctx.noBulkGet; start += PER_REQUEST) {
    const batch = pairs.slice(start, start + PER_REQUEST);
    try {
      const { body } = await ctx.client.request('POST', '_bulk_get?revs=true&attachments=true', {
        body: { docs: batch },
        signal: ctx.signal,
      });
      readBulkGet(body, add);
    } catch (error) {
      if (!(error instanceof CouchHttpError) || ![400, 404, 405, 501].includes(error.status)) throw error;
      ctx.noBulkGet = true;
    }
  }
  if (ctx.noBulkGet) {
    for (const [id, revs] of wanted) {
      if (revs.every((rev) => found.get(id)?.some((doc) => doc._rev === rev))) continue;
      const query = `open_revs=${encodeURIComponent(JSON.stringify(revs))}&revs=true&attachments=true`;
      const { body } = await ctx.client.request('GET', `${encodeURIComponent(id)}?${query}`, {
        signal: ctx.signal,
        accept: [404],
      });
      if (!Array.isArray(body)) continue;
      for (const item of body) if (isObject(item)) add(id, item.ok);
    }
  }
  return found;
}

function readBulkGet(body: unknown, add: (id: string, doc: unknown) => void): void {
  if (!isObject(body) || !Array.isArray(body.results)) throw wrongShape('The _bulk_get answer');
  for (const result of body.results) {
    if (!isObject(result) || typeof result.id !== 'string' || !Array.isArray(result.docs)) continue;
    for (const item of result.docs) if (isObject(item)) add(result.id, item.ok);
  }
}
