/**
 * The codec's documents against a real CouchDB-protocol server (PouchDB Server, or
 * BATON_COUCH_URL): pushed with `new_edits: false` as the replicator pushes them, read
 * back as the server sends them, decoded to the same records; deterministic revisions
 * meeting as one; removeLeaf ending a conflict; and nothing of a planted secret in what
 * the server stores.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CouchServer, startCouchServer } from '../../../testing/couch/couchServer';
import {
  comparable,
  entryRecord,
  everyKind,
  headerRecord,
} from '../../../testing/fixtures/syncRecordFixtures';
import { createMeta } from '../crypto/metaDoc';
import type { CouchDoc } from '../syncContract';
import { createDocCodec } from './docCodec';

const SECRET = 'Violet-Harbor meets at dawn';
const { keys } = await createMeta('couch codec tests', 1_000);
const codec = createDocCodec(keys);

let server: CouchServer;
let db: string;
let databases = 0;

beforeAll(async () => {
  server = await startCouchServer();
}, 60_000);
afterAll(() => server?.close());
// A database of its own for each test: what one pushes never meets another's documents.
beforeEach(async () => {
  databases += 1;
  db = `codec-${Date.now()}-${databases}`;
  await server.createDatabase(db);
});

async function admin(path: string, init?: RequestInit): Promise<unknown> {
  const response = await server.adminFetch(`/${db}${path}`, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

async function push(docs: CouchDoc[]): Promise<void> {
  const result = (await admin('/_bulk_docs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ docs, new_edits: false }),
  })) as Array<{ error?: string }>;
  // With new_edits: false the server answers only for documents it refused.
  expect(result.filter((row) => row.error)).toEqual([]);
}

const get = (id: string, query = 'attachments=true') =>
  admin(`/${encodeURIComponent(id)}?${query}`) as Promise<CouchDoc>;

describe('the codec against a CouchDB-protocol server', () => {
  it('pushes every kind with new_edits: false and decodes what the server sends back', async () => {
    // One header of the two (both are the same session's document).
    const records = everyKind(SECRET).filter((record) => record.kind !== 'header' || record.header.deleted);
    const docs = await Promise.all(records.map((record) => codec.encode(record)));
    await push(docs);
    for (const [index, record] of records.entries()) {
      const stored = await get(docs[index]?._id ?? '');
      expect(stored._rev).toBe(docs[index]?._rev);
      const result = await codec.decode(stored);
      if (!result.ok) throw new Error(`${record.kind}: ${result.reason}`);
      expect(await comparable(result.record)).toEqual(await comparable(record));
    }
  });

  it('keeps no plaintext of a planted secret on the server', async () => {
    const records = everyKind(SECRET).filter((record) => record.kind !== 'header' || !record.header.deleted);
    await push(await Promise.all(records.map((record) => codec.encode(record))));
    const all = JSON.stringify(await admin('/_all_docs?include_docs=true&attachments=true'));
    expect(all).not.toContain('Violet-Harbor');
    expect(all).not.toContain('/notes/');
    const rows = (await admin('/_all_docs?include_docs=true&attachments=true')) as {
      rows: Array<{ doc: CouchDoc }>;
    };
    for (const { doc } of rows.rows) {
      for (const base64 of [doc.data, doc._attachments?.blob?.data]) {
        if (typeof base64 === 'string')
          expect(Buffer.from(base64, 'base64').toString('latin1')).not.toContain(SECRET);
      }
    }
  });

  it('takes the same record encoded on two devices on the same parent as one revision, not a conflict', async () => {
    const first = await codec.encode(headerRecord('Plan', 5_000_000));
    await push([first]);
    // Two devices make the same merge on the same parent: each encodes it on its own.
    const onA = await codec.encode(headerRecord('Plan, merged', 5_000_001), first._rev);
    const onB = await createDocCodec(keys).encode(headerRecord('Plan, merged', 5_000_001), first._rev);
    await push([onA]);
    await push([onB]);
    const stored = await get(first._id, 'conflicts=true');
    expect(stored._rev).toBe(onA._rev);
    expect(stored._conflicts).toBeUndefined();
  });

  it('ends a conflicting branch with removeLeaf', async () => {
    const base = await codec.encode(entryRecord('entry-c', 'base', 6_000_000));
    await push([base]);
    const a = await codec.encode(entryRecord('entry-c', 'from A', 6_000_001), base._rev);
    const b = await codec.encode(entryRecord('entry-c', 'from B', 6_000_002), base._rev);
    await push([a, b]);
    const conflicted = await get(base._id, 'conflicts=true');
    expect(conflicted._conflicts).toHaveLength(1);
    const loser = conflicted._rev === a._rev ? b : a;
    await push([await codec.removeLeaf(base._id, loser._rev ?? '')]);
    const resolved = await get(base._id, 'conflicts=true');
    expect(resolved._conflicts).toBeUndefined();
    expect(resolved._rev).not.toBe(loser._rev);
  });
});
