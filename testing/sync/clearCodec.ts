/**
 * A DocCodec for the replicator's tests that does not encrypt: the record's JSON is the
 * body as `{ v: 0, clear }`, so a test reads what the server stores. Revisions follow the
 * contract (`<generation>-<hash of parent revision and canonical record>`), so two
 * devices encoding the same record on the same parent make the same revision; decode
 * refuses anything not of this shape or whose id does not match (a forged id).
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../src/sync/couch/headerDoc';
import type { CouchDoc, DecodeResult, DocCodec } from '../../src/sync/syncContract';
import type { SyncRecord } from '../../src/sync/syncRecord';

const PREFIX: Record<SyncRecord['kind'], string> = {
  entry: 'e',
  header: 'h',
  attachment: 'a',
  file: 'f',
  fileChange: 'c',
};

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

function child(
  parentRev: string | undefined,
  content: string,
): { _rev: string; _revisions: CouchDoc['_revisions'] } {
  const generation = parentRev ? Number.parseInt(parentRev, 10) + 1 : 1;
  const id = hash(`${parentRev ?? ''}\n${content}`);
  const ids = parentRev ? [id, parentRev.slice(parentRev.indexOf('-') + 1)] : [id];
  return { _rev: `${generation}-${id}`, _revisions: { start: generation, ids } };
}

export function createClearCodec(): DocCodec {
  const docId = async (record: { kind: SyncRecord['kind']; id: string }) =>
    `${PREFIX[record.kind]}:${record.id}`;
  return {
    docId,
    async encode(record, parentRev) {
      if (record.kind === 'attachment' && !('deleted' in record))
        throw new Error('the clear codec carries no blobs');
      const content = canonicalJson(record);
      return { _id: await docId(record), ...child(parentRev, content), v: 0, clear: JSON.parse(content) };
    },
    async removeLeaf(id, rev) {
      return { _id: id, ...child(rev, 'deleted'), _deleted: true };
    },
    async decode(doc: CouchDoc): Promise<DecodeResult> {
      if (doc.v !== 0 || typeof doc.clear !== 'object' || doc.clear === null)
        return { ok: false, reason: 'not a document of the clear codec' };
      if (JSON.stringify(doc.clear).length > 1_000_000) return { ok: false, reason: 'too large' };
      const record = doc.clear as SyncRecord;
      if (typeof record.id !== 'string' || !(record.kind in PREFIX))
        return { ok: false, reason: 'not a record' };
      if ((await docId(record)) !== doc._id) return { ok: false, reason: 'its id is forged' };
      if (
        record.kind === 'header'
          ? typeof record.header?.fields !== 'object'
          : typeof record.stamp?.rev !== 'number'
      )
        return { ok: false, reason: 'wrong types' };
      return { ok: true, record };
    },
  };
}
