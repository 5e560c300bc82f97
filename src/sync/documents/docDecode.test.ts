/**
 * What decode refuses: everything a faulty or malicious server could send. Each case
 * must come back `{ ok: false }` with a reason, never a throw and never a record.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attachmentRecord,
  binaryFileRecord,
  entryRecord,
  fileChangeRecord,
  headerRecord,
  someBytes,
  textFileRecord,
} from '../../../testing/fixtures/syncRecordFixtures';
import { encryptJson } from '../crypto/cipher';
import { createMeta } from '../crypto/metaDoc';
import type { CouchDoc, DecodeResult } from '../syncContract';
import { createDocCodec, MAX_BLOB_BYTES, MAX_BODY_CHARS } from './docCodec';

const { keys } = await createMeta('decode tests', 1_000);
const codec = createDocCodec(keys);
const { keys: otherKeys } = await createMeta('decode tests', 1_000);

afterEach(() => {
  vi.restoreAllMocks();
});

/** A document with `payload` as its encrypted body (valid encryption, any content). */
async function sealed(id: string, payload: unknown, extra: Partial<CouchDoc> = {}): Promise<CouchDoc> {
  return { _id: id, _rev: '1-00', v: 1, ...(await encryptJson(keys, payload)), ...extra };
}

function expectSkipped(result: DecodeResult, reason?: string | RegExp): void {
  if (result.ok) throw new Error(`decoded a ${result.record.kind} it should have skipped`);
  expect(result.reason).toEqual(expect.any(String));
  if (reason !== undefined) expect(result.reason).toMatch(reason);
}

/** base64 with one bit of byte `at` flipped. */
function flip(base64: string, at: number): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[at] = (bytes[at] ?? 0) ^ 1;
  return bytes.toString('base64');
}

describe('decode skips what is not a document of ours', () => {
  it('skips junk of every shape without throwing', async () => {
    const junk: unknown[] = [
      null,
      undefined,
      42,
      'e:x',
      [],
      {},
      { _id: 7 },
      { _id: 'e:x' },
      { _id: 'e:x', v: 1 },
      { _id: 'e:x', v: 1, iv: 5, data: 'AAAA' },
      { _id: 'e:x', v: 1, iv: 'AAAA', data: 'AAAA' },
      { _id: 'e:x', v: 1, iv: 'AAAAAAAAAAAAAAAA', data: '!!!!' },
      { _id: 'e:x', v: '1', iv: 'AAAAAAAAAAAAAAAA', data: 'AAAA' },
    ];
    for (const doc of junk) expectSkipped(await codec.decode(doc as CouchDoc));
  });

  it('skips a newer body format, a deleted document, the meta document, device documents and unknown ids', async () => {
    const doc = await codec.encode(entryRecord('e1', 'hi'));
    expectSkipped(await codec.decode({ ...doc, v: 2 }), 'body format 2 is unknown');
    expectSkipped(await codec.decode({ _id: 'e:e1', _rev: '2-ab', _deleted: true }), 'deleted document');
    expectSkipped(await codec.decode({ ...doc, _id: 'baton-meta' }), 'not a record document');
    expectSkipped(await codec.decode({ ...doc, _id: 'd:device-a' }), 'not a record document');
    expectSkipped(await codec.decode({ ...doc, _id: 'x:e1' }), 'not a record document');
    expectSkipped(await codec.decode({ ...doc, _id: '_design/evil' }), 'not a record document');
  });

  it('skips a changed ciphertext, a changed IV and a body under another key', async () => {
    const doc = await codec.encode(entryRecord('e1', 'hi'));
    expect((await codec.decode(doc)).ok).toBe(true);
    expectSkipped(await codec.decode({ ...doc, data: flip(doc.data as string, 5) }), 'body does not decrypt');
    expectSkipped(await codec.decode({ ...doc, iv: flip(doc.iv as string, 0) }), 'body does not decrypt');
    const foreign = await createDocCodec(otherKeys).encode(entryRecord('e1', 'hi'));
    expectSkipped(await codec.decode(foreign), 'body does not decrypt');
  });

  it('skips a body that decrypts to something other than JSON of a record', async () => {
    expectSkipped(await codec.decode(await sealed('e:e1', 'just a string')), 'body is not a record');
    expectSkipped(await codec.decode(await sealed('e:e1', { record: null })), 'record is not an object');
  });
});

describe('decode skips forged ids', () => {
  it('skips a body moved to another id, of the same kind or another', async () => {
    const doc = await codec.encode(entryRecord('e1', 'hi'));
    expectSkipped(await codec.decode({ ...doc, _id: 'e:e2' }), 'document id does not match its record');
    expectSkipped(await codec.decode({ ...doc, _id: 'h:e1' }), 'document id does not match its record');
    const file = await codec.encode(textFileRecord('/a.md', 'a'));
    const otherFile = await codec.encode(textFileRecord('/b.md', 'b'));
    expectSkipped(
      await codec.decode({ ...file, _id: otherFile._id }),
      'document id does not match its record',
    );
  });

  it('skips records whose own ids disagree', async () => {
    const entry = entryRecord('e1', 'hi');
    const wrongInside = { ...entry, value: { ...(entry as { value: object }).value, id: 'e2' } };
    expectSkipped(
      await codec.decode(await sealed('e:e1', { record: wrongInside })),
      'entry ids do not match',
    );
    const header = headerRecord('T');
    expectSkipped(
      await codec.decode(await sealed('h:session-1', { record: { ...header, sessionId: 'x' } })),
      /header/,
    );
    const file = textFileRecord('/a.md', 'a') as { id: string };
    const moved = { ...file, path: '/b.md' };
    expectSkipped(
      await codec.decode(await sealed(await codec.docId(file as never), { record: moved })),
      /file/,
    );
    const change = fileChangeRecord('c1', '/a.md', 'x') as { id: string };
    const renamed = { ...change, id: `${change.id}2` };
    expectSkipped(
      await codec.decode(await sealed(await codec.docId(renamed as never), { record: renamed })),
      'file change ids do not match',
    );
  });
});

describe('decode skips wrong types', () => {
  it('skips each malformed field of a record', async () => {
    const entry = entryRecord('e1', 'hi') as unknown as Record<string, unknown> & {
      value: Record<string, unknown>;
    };
    const header = headerRecord('T') as unknown as Record<string, unknown> & {
      header: Record<string, unknown>;
    };
    const fields = (header.header as { fields: Record<string, { stamp: unknown }> }).fields;
    const titleStamp = fields.title?.stamp;
    const cases: Array<[string, unknown]> = [
      ['e:e1', { ...entry, kind: 'mystery' }],
      ['e:e1', { ...entry, stamp: { device: 'a', rev: '5' } }],
      ['e:e1', { ...entry, stamp: { device: 'a', rev: 1.5 } }],
      ['e:e1', { ...entry, stamp: { device: 3, rev: 5 } }],
      ['e:e1', { ...entry, stamp: undefined }],
      ['e:e1', { ...entry, value: 'text' }],
      ['e:e1', { ...entry, value: { ...entry.value, timestamp: 'now' } }],
      ['e:e1', { ...entry, value: { ...entry.value, parentId: 5 } }],
      ['e:e1', { ...entry, deleted: 'yes' }],
      ['h:session-1', { ...header, header: { ...header.header, children: [1] } }],
      [
        'h:session-1',
        {
          ...header,
          header: { ...header.header, fields: { ...fields, title: { value: 7, stamp: titleStamp } } },
        },
      ],
      ['h:session-1', { ...header, header: { ...header.header, fields: { ...fields, pinned: undefined } } }],
      ['h:session-1', { ...header, header: { ...header.header, deleted: { device: 'a' } } }],
    ];
    for (const [id, record] of cases) {
      expectSkipped(await codec.decode(await sealed(id, { record })));
    }
  });

  it('skips a blob-carrying record without its blob, or a blob where none belongs', async () => {
    const attachment = await codec.encode(attachmentRecord('a1', 'a.txt', someBytes(10)));
    const { _attachments, ...bare } = attachment;
    expectSkipped(await codec.decode(bare), 'blob attachment missing');
    expectSkipped(
      await codec.decode({
        ...attachment,
        _attachments: { blob: { content_type: 'application/octet-stream', stub: true } },
      }),
      'blob not sent inline',
    );
    const entry = await codec.encode(entryRecord('e1', 'hi'));
    expectSkipped(await codec.decode({ ...entry, _attachments }), 'unexpected blob');
  });

  it('skips a changed blob, and a blob swapped in from another document', async () => {
    const a = await codec.encode(attachmentRecord('a1', 'a.txt', someBytes(100, 1)));
    const b = await codec.encode(attachmentRecord('a1', 'a.txt', someBytes(100, 2)));
    const blobOf = (doc: CouchDoc) => doc._attachments?.blob?.data ?? '';
    const changed = { blob: { content_type: 'application/octet-stream', data: flip(blobOf(a), 40) } };
    expectSkipped(await codec.decode({ ...a, _attachments: changed }), 'blob does not decrypt');
    expectSkipped(
      await codec.decode({ ...a, _attachments: b._attachments }),
      'blob does not match its record',
    );
    const binary = await codec.encode(binaryFileRecord('/x.png', someBytes(50)));
    const notBase64 = { blob: { content_type: 'application/octet-stream', data: 'not base64' } };
    expectSkipped(await codec.decode({ ...binary, _attachments: notBase64 }), 'blob is not base64');
  });
});

describe('decode refuses huge documents before decrypting them', () => {
  it('skips a body over 16 MB', async () => {
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt');
    const doc = await codec.encode(entryRecord('e1', 'hi'));
    const huge = { ...doc, data: 'A'.repeat(MAX_BODY_CHARS + 4) };
    expectSkipped(await codec.decode(huge), 'body over 16 MB');
    expect(decrypt).not.toHaveBeenCalled();
  });

  it('skips an attachment over 64 MB, by its length or its size, without decrypting it', async () => {
    const doc = await codec.encode(attachmentRecord('a1', 'a.txt', someBytes(10)));
    const blob = doc._attachments?.blob;
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt');
    const long = {
      blob: { ...blob, content_type: 'application/octet-stream', length: MAX_BLOB_BYTES + 1000 },
    };
    expectSkipped(await codec.decode({ ...doc, _attachments: long }), 'blob over 64 MB');
    const huge = {
      blob: { content_type: 'application/octet-stream', data: 'A'.repeat((MAX_BLOB_BYTES / 3) * 4 + 100) },
    };
    expectSkipped(await codec.decode({ ...doc, _attachments: huge }), 'blob over 64 MB');
    // The body decrypts (it is small); the blob is never tried.
    expect(decrypt).toHaveBeenCalledTimes(2);
    const claims = await sealed(
      'a:a1',
      {
        record: { ...attachmentRecord('a1', 'a.txt', someBytes(1)), data: undefined },
        blob: { sha256: '0'.repeat(64), size: MAX_BLOB_BYTES + 1, type: '' },
      },
      { _attachments: doc._attachments },
    );
    expectSkipped(await codec.decode(claims), 'blob over 64 MB');
  });
});
