import { describe, expect, it } from 'vitest';
import {
  attachmentRecord,
  comparable,
  entryRecord,
  everyKind,
  headerRecord,
  textFileRecord,
} from '../../../testing/fixtures/syncRecordFixtures';
import { createMeta } from '../crypto/metaDoc';
import type { CouchDoc } from '../syncContract';
import { createDocCodec } from './docCodec';
import { docKindOf } from './docIds';

const { keys } = await createMeta('codec tests', 1_000);
const codec = createDocCodec(keys);
const SECRET = 'Violet-Harbor meets at dawn';

describe('createDocCodec: encode then decode', () => {
  it('gives back every kind of record as it was, blobs byte for byte', async () => {
    for (const record of everyKind(SECRET)) {
      const doc = await codec.encode(record);
      // As the server would send it back: JSON, nothing shared with what was encoded.
      const result = await codec.decode(JSON.parse(JSON.stringify(doc)) as CouchDoc);
      if (!result.ok) throw new Error(`${record.kind} ${record.id}: ${result.reason}`);
      expect(await comparable(result.record)).toEqual(await comparable(record));
    }
  });

  it('names documents by the scheme: entries, headers and attachments in clear, files and changes by HMAC', async () => {
    const ids = await Promise.all(everyKind(SECRET).map((record) => codec.docId(record)));
    expect(ids.slice(0, 4)).toEqual(['e:entry-1', 'h:session-1', 'h:session-1', 'a:att-1']);
    for (const id of ids.slice(4, 7)) expect(id).toMatch(/^[fc]:[0-9a-f]{64}$/);
    expect(ids[4]?.startsWith('f:')).toBe(true);
    expect(ids[6]?.startsWith('c:')).toBe(true);
    for (const record of everyKind(SECRET)) {
      expect((await codec.encode(record))._id).toBe(await codec.docId(record));
    }
  });

  it('lays a document out as { v: 1, iv, data } with the blob as an octet-stream attachment', async () => {
    const entry = await codec.encode(entryRecord('entry-1', 'hi'));
    expect(Object.keys(entry).sort()).toEqual(['_id', '_rev', '_revisions', 'data', 'iv', 'v']);
    expect(entry.v).toBe(1);
    expect(Buffer.from(entry.iv as string, 'base64')).toHaveLength(12);
    const attachment = await codec.encode(attachmentRecord('att-1', 'a.txt', new Uint8Array([1, 2, 3])));
    expect(attachment._attachments).toEqual({
      blob: { content_type: 'application/octet-stream', data: expect.any(String) },
    });
    // The IV, the three bytes, the tag.
    expect(Buffer.from(attachment._attachments?.blob?.data ?? '', 'base64')).toHaveLength(12 + 3 + 16);
  });

  it('keeps no plaintext of a planted secret in what reaches the server, nor a file path in an f: id', async () => {
    for (const record of everyKind(SECRET)) {
      const doc = await codec.encode(record);
      const wire = JSON.stringify(doc);
      // Base64 would hide a plaintext from a plain search: look in the decoded bytes too.
      const body = Buffer.from(String(doc.data), 'base64').toString('latin1');
      const blob = Buffer.from(doc._attachments?.blob?.data ?? '', 'base64').toString('latin1');
      for (const text of [wire, body, blob]) {
        expect(text).not.toContain(SECRET);
        // Its most telling part, alone (longer than chance would write in base64 or in random bytes).
        expect(text).not.toContain('Violet-Harbor');
      }
      // Paths: the folder and the extension ('.' is outside base64, so only a path could put it here).
      expect(wire).not.toContain('/notes/');
      expect(wire).not.toContain('/images/');
      expect(wire).not.toContain('.');
    }
  });
});

describe('createDocCodec: revisions', () => {
  it('makes a first revision 1-<32 hex> with its _revisions, and a child one generation on', async () => {
    const record = entryRecord('entry-1', 'hello');
    const first = await codec.encode(record);
    expect(first._rev).toMatch(/^1-[0-9a-f]{32}$/);
    const hash = first._rev?.slice(2);
    expect(first._revisions).toEqual({ start: 1, ids: [hash] });
    const child = await codec.encode(entryRecord('entry-1', 'hello, edited'), first._rev);
    expect(child._rev).toMatch(/^2-[0-9a-f]{32}$/);
    expect(child._revisions).toEqual({ start: 2, ids: [child._rev?.slice(2), hash] });
    const far = await codec.encode(record, '41-967a00dff5e02add41819138abb3284d');
    expect(far._rev).toMatch(/^42-/);
    expect(far._revisions?.ids[1]).toBe('967a00dff5e02add41819138abb3284d');
  });

  it('gives the same record on the same parent the same revision (with a fresh IV), anything else another', async () => {
    const record = headerRecord('Title');
    const a = await codec.encode(record, '3-abc');
    const b = await codec.encode(headerRecord('Title'), '3-abc');
    expect(b._rev).toBe(a._rev);
    expect(b.iv).not.toBe(a.iv);
    expect((await codec.encode(record, '3-abd'))._rev).not.toBe(a._rev);
    expect((await codec.encode(record))._rev).not.toBe(a._rev);
    expect((await codec.encode(headerRecord('Title.'), '3-abc'))._rev).not.toBe(a._rev);
    expect((await codec.encode(headerRecord('Title', 1_000_001), '3-abc'))._rev).not.toBe(a._rev);
    // Keys from another passphrase or salt hash differently: a revision says nothing of the content.
    const { keys: other } = await createMeta('codec tests', 1_000);
    expect((await createDocCodec(other).encode(record, '3-abc'))._rev).not.toBe(a._rev);
  });

  it('hashes a blob by its bytes: other bytes, another revision; the same bytes, the same one', async () => {
    const a = await codec.encode(attachmentRecord('att-1', 'a.txt', new Uint8Array([1, 2, 3])));
    const same = await codec.encode(attachmentRecord('att-1', 'a.txt', new Uint8Array([1, 2, 3])));
    const other = await codec.encode(attachmentRecord('att-1', 'a.txt', new Uint8Array([1, 2, 4])));
    expect(same._rev).toBe(a._rev);
    expect(other._rev).not.toBe(a._rev);
  });

  it('refuses a parent that is not a revision', async () => {
    await expect(codec.encode(entryRecord('e', 'x'), 'nope')).rejects.toThrow(RangeError);
    await expect(codec.encode(entryRecord('e', 'x'), '0-abc')).rejects.toThrow(RangeError);
  });

  it('removes a leaf with a deterministic deletion one generation on', async () => {
    const removal = await codec.removeLeaf('h:session-1', '7-0123456789abcdef0123456789abcdef');
    expect(removal).toEqual({
      _id: 'h:session-1',
      _rev: expect.stringMatching(/^8-[0-9a-f]{32}$/),
      _deleted: true,
      _revisions: { start: 8, ids: [removal._rev?.slice(2), '0123456789abcdef0123456789abcdef'] },
    });
    expect(await codec.removeLeaf('h:session-1', '7-0123456789abcdef0123456789abcdef')).toEqual(removal);
    expect((await codec.removeLeaf('h:session-1', '7-0123456789abcdef0123456789abcdee'))._rev).not.toBe(
      removal._rev,
    );
    expect((await codec.removeLeaf('h:session-2', '7-0123456789abcdef0123456789abcdef'))._rev).not.toBe(
      removal._rev,
    );
  });
});

describe('createDocCodec: ids of private names', () => {
  it('gives a file the same f: id on every encode, another path another id', async () => {
    const a = await codec.docId(textFileRecord('/notes/plan.md', 'x'));
    expect(await codec.docId(textFileRecord('/notes/plan.md', 'other text'))).toBe(a);
    expect(await codec.docId(textFileRecord('/notes/plan2.md', 'x'))).not.toBe(a);
  });
});

describe('docKindOf', () => {
  it('reads what a document id names from its prefix', () => {
    expect(docKindOf('e:x')).toBe('entry');
    expect(docKindOf('h:x')).toBe('header');
    expect(docKindOf('a:x')).toBe('attachment');
    expect(docKindOf(`f:${'0'.repeat(64)}`)).toBe('file');
    expect(docKindOf(`c:${'0'.repeat(64)}`)).toBe('fileChange');
    expect(docKindOf('d:device-a')).toBe('device');
    expect(docKindOf('baton-meta')).toBe('meta');
    expect(docKindOf('_design/x')).toBeUndefined();
    expect(docKindOf('entry-1')).toBeUndefined();
  });
});
