/**
 * Attached files in the JSONL exchange format: their lines on export, and on import
 * the bytes, the references, the refusals and the renaming of taken ids.
 */
import { describe, expect, it } from 'vitest';
import {
  attachedSession,
  attachmentBytes,
  attachmentRecords,
  attachmentRefs,
  exchangeAttachments,
  IMAGE,
} from '../../../testing/fixtures/attachmentTestFixtures';
import { chainSessions } from '../../../testing/fixtures/exchangeTestFixtures';
import type { AttachmentBlock } from '../types/attachment';
import { isMessageEntry, type SessionEntry } from '../types/entry';
import { withAttachments } from './exchangeAttachments';
import type { SessionData } from './exchangeFormat';
import { chainJsonlPieces, exportBackup, exportChainJsonl, exportSessionJsonl } from './exportJsonl';
import { parseImport } from './importJsonl';

const NONE = { sessions: new Set<string>(), entries: new Set<string>() };

type Json = Record<string, unknown>;

function withFiles(): SessionData {
  return { ...attachedSession(), attachments: exchangeAttachments() };
}

function lines(text: string): Json[] {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Json);
}

function file(records: readonly unknown[]): string {
  return `${records.map((record) => JSON.stringify(record)).join('\n')}\n`;
}

/** The attachment ids named by a session's message blocks, in order. */
function blockIds(entries: readonly SessionEntry[]): string[] {
  return entries.flatMap((entry) =>
    isMessageEntry(entry)
      ? entry.message.content
          .filter((block): block is AttachmentBlock => block.type === 'attachment')
          .map((block) => block.attachment.id)
      : [],
  );
}

describe('export of attached files', () => {
  it('writes each file after the entries, with its reference, session and bytes as base64', () => {
    const { header, entries } = attachedSession();
    const text = exportSessionJsonl(header, entries, { attachments: exchangeAttachments() });
    const [session, ...rest] = lines(text);
    expect(session).toMatchObject({ type: 'session', version: 3, entryCount: 4, attachmentCount: 3 });
    expect(rest.slice(0, 4).map((line) => line.id)).toEqual(['f1', 'f2', 'f3', 'f4']);
    const files = rest.slice(4);
    const bytes = attachmentBytes();
    expect(files).toEqual(
      attachmentRefs().map((ref) => ({
        type: 'attachment',
        sessionId: 's-files',
        attachment: ref,
        data: Buffer.from(bytes.get(ref.id)!).toString('base64'),
      })),
    );
  });

  it('redacts the key in names but never touches the bytes', () => {
    // A "key" made only of base64 characters, and a file whose base64 is exactly it.
    const secret = 'AAAAAAAAAAAAAAAA';
    const session = attachedSession();
    const ref = { ...IMAGE, name: `shot ${secret}.png`, size: 12 };
    const named: SessionData = {
      ...session,
      attachments: [{ ref, sessionId: 's-files', bytes: new Uint8Array(12) }],
    };
    const text = exportChainJsonl([named], { secret });
    const fileLine = lines(text).find((line) => line.type === 'attachment')!;
    expect(fileLine.data).toBe(secret);
    expect(fileLine.attachment).toMatchObject({ name: 'shot [API key removed].png' });
    expect(text.split(secret)).toHaveLength(2);
  });

  it('keeps the bytes apart from the text in the pieces the app writes', () => {
    const pieces = chainJsonlPieces([withFiles()]);
    const base64 = pieces.filter((piece) => typeof piece !== 'string');
    expect(base64).toHaveLength(3);
    // Only the text pieces are scanned for keys: none of them holds a file's bytes.
    const textPieces = pieces.filter((piece): piece is string => typeof piece === 'string');
    const imageBase64 = Buffer.from(attachmentBytes().get(IMAGE.id)!).toString('base64');
    expect(textPieces.some((piece) => piece.includes(imageBase64))).toBe(false);
  });

  it('gathers from stored records only the files the entries attach, and marks the ones gone', async () => {
    const session = attachedSession();
    const records = new Map(attachmentRecords().map((record) => [record.id, record]));
    records.delete('att-pdf');
    const unrelated = { ...attachmentRecords()[0]!, id: 'att-other' };
    records.set(unrelated.id, unrelated);

    const [gathered] = await withAttachments([session], records);
    const files = gathered!.attachments!;
    expect(files.map((item) => item.ref.id)).toEqual(['att-image', 'att-pdf', 'att-text']);
    expect(files[0]!.bytes).toEqual(attachmentBytes().get(IMAGE.id));
    expect(files[1]).toEqual({ ref: attachmentRefs()[1], sessionId: 's-files' });

    const parsed = parseImport(exportChainJsonl([gathered!]), NONE);
    expect(parsed.errors).toEqual([]);
    const pdf = parsed.sessions[0]!.attachments!.find((item) => item.ref.id === 'att-pdf');
    expect(pdf).toEqual({ ref: attachmentRefs()[1], sessionId: 's-files' });
  });

  it('gives a file owned by a session outside the export to the first session attaching it', async () => {
    const session = attachedSession();
    const records = new Map(
      attachmentRecords().map((record) => [record.id, { ...record, sessionId: 'gone' }]),
    );
    const [gathered] = await withAttachments([session], records);
    expect(gathered!.attachments!.map((item) => item.sessionId)).toEqual(['s-files', 's-files', 's-files']);
  });
});

describe('import of attached files', () => {
  it('reads back byte-identical files and the same references, in a session, a chain and a backup', () => {
    const original = withFiles();
    const texts = [
      exportChainJsonl([original]),
      exportChainJsonl([...chainSessions(), original]),
      exportBackup([original], { model: 'm' }, { createdAt: 1 }),
    ];
    for (const text of texts) {
      const parsed = parseImport(text, NONE);
      expect(parsed.errors).toEqual([]);
      const session = parsed.sessions.find((item) => item.header.id === 's-files')!;
      expect(session.entries).toEqual(original.entries);
      expect(session.attachments).toEqual(original.attachments);
    }
  });

  it('still imports a version 1 file (no attachment count, no attachments)', () => {
    const [parent] = chainSessions();
    const header = { type: 'session', version: 1, exportedBy: 'baton', entryCount: parent!.entries.length };
    const parsed = parseImport(file([{ ...header, header: parent!.header }, ...parent!.entries]), NONE);
    expect(parsed.errors).toEqual([]);
    expect(parsed.sessions).toEqual([parent]);
  });

  it('renames taken ids consistently: the file, its session, and the blocks that attach it', () => {
    const text = exportChainJsonl([withFiles()]);
    const first = parseImport(text, NONE);
    // As after importing the same file once already.
    const taken = {
      sessions: new Set(['s-files']),
      entries: new Set(first.sessions[0]!.entries.map((entry) => entry.id)),
      attachments: new Set(attachmentRefs().map((ref) => ref.id)),
    };
    let next = 0;
    const second = parseImport(text, taken, () => `new-${++next}`);
    expect(second.errors).toEqual([]);
    expect(second.renamedAttachmentCount).toBe(3);
    const session = second.sessions[0]!;
    const newSession = second.renamedSessions.get('s-files')!;
    expect(session.header.id).toBe(newSession);

    const files = session.attachments!;
    const newIds = files.map((item) => item.ref.id);
    expect(newIds.some((id) => taken.attachments.has(id))).toBe(false);
    expect(new Set(newIds).size).toBe(3);
    expect(files.every((item) => item.sessionId === newSession)).toBe(true);
    // The first message attaches all three, the third the image again: both follow the map.
    expect(blockIds(session.entries)).toEqual([newIds[0], newIds[1], newIds[2], newIds[0]]);
    // Bytes and every other reference field are unchanged.
    files.forEach((item, i) => {
      expect({ ...item.ref, id: 'x' }).toEqual({ ...attachmentRefs()[i], id: 'x' });
      expect(item.bytes).toEqual(exchangeAttachments()[i]!.bytes);
    });
  });

  it('renames only the file when only its id is taken', () => {
    const text = exportChainJsonl([withFiles()]);
    const taken = {
      sessions: new Set<string>(),
      entries: new Set<string>(),
      attachments: new Set(['att-pdf']),
    };
    const parsed = parseImport(text, taken, () => 'fresh');
    expect(parsed.errors).toEqual([]);
    expect(parsed.renamedAttachmentCount).toBe(1);
    expect(blockIds(parsed.sessions[0]!.entries)).toEqual(['att-image', 'fresh', 'att-text', 'att-image']);
    expect(parsed.sessions[0]!.attachments!.map((item) => item.ref.id)).toEqual([
      'att-image',
      'fresh',
      'att-text',
    ]);
  });
});

describe('import refuses damaged attached files with their line', () => {
  /** The exported session's lines: 1 session, 2-5 entries, 6-8 the image, PDF and text file. */
  function exported(): Json[] {
    return lines(exportChainJsonl([withFiles()]));
  }

  function errorsOf(records: readonly unknown[]) {
    const parsed = parseImport(file(records), NONE);
    expect(parsed.sessions).toEqual([]);
    return parsed.errors;
  }

  const cases: Array<[string, (records: Json[]) => void, number, RegExp]> = [
    [
      'bad base64',
      (r) => {
        r[5]!.data = `${r[5]!.data as string}!`;
      },
      6,
      /"att-image".*not valid base64/,
    ],
    [
      'base64 with a line break',
      (r) => {
        r[6]!.data = 'QUJD\nRA==';
      },
      7,
      /not valid base64/,
    ],
    [
      'bytes cut short',
      (r) => {
        r[6]!.data = (r[6]!.data as string).slice(0, 40);
      },
      7,
      /holds 30 bytes but its reference says 1000/,
    ],
    [
      'an unknown media type',
      (r) => {
        (r[5]!.attachment as Json).mediaType = 'image/bmp';
      },
      6,
      /unknown media type "image\/bmp"/,
    ],
    [
      'a media type of another kind',
      (r) => {
        (r[6]!.attachment as Json).mediaType = 'image/png';
      },
      7,
      /unknown media type "image\/png" for a file of kind pdf/,
    ],
    [
      'an unknown kind',
      (r) => {
        (r[7]!.attachment as Json).kind = 'video';
      },
      8,
      /unknown kind "video"/,
    ],
    ['no data', (r) => void delete r[7]!.data, 8, /"att-text" has no "data"/],
    [
      'data on a missing file',
      (r) => {
        r[7]!.missing = true;
      },
      8,
      /marked missing but has "data"/,
    ],
    ['no attachment object', (r) => void delete r[5]!.attachment, 6, /no "attachment" object/],
    [
      'a file of another session',
      (r) => {
        r[5]!.sessionId = 'elsewhere';
      },
      6,
      /belongs to session "elsewhere", but it follows the session line of "s-files"/,
    ],
    [
      'an entry attaching a file not in the file',
      (r) => void r.splice(6, 1),
      2,
      /Entry "f1" attaches the file "att-pdf", which is not in this file/,
    ],
    [
      'a damaged attachment block',
      (r) => {
        ((r[1]!.message as Json).content as Json[])[0] = {
          type: 'attachment',
          attachment: { id: 'att-image' },
        };
      },
      2,
      /Entry "f1" has a damaged attachment block/,
    ],
  ];

  it.each(cases)('%s', (_name, damage, line, message) => {
    const records = exported();
    // A removed line would otherwise also be reported as a count mismatch.
    const before = records.length;
    damage(records);
    if (records.length !== before) (records[0] as Json).attachmentCount = records.length - 5;
    const errors = errorsOf(records);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.line).toBe(line);
    expect(errors[0]!.message).toMatch(message);
  });

  it('refuses a file cut short among its attachment lines, on the session line', () => {
    const records = exported().slice(0, 7);
    const errors = errorsOf(records);
    expect(errors[0]).toEqual({
      line: 1,
      message: 'Session "s-files" says 3 attached files follow, but 2 do; the file may be cut short.',
    });
  });

  it('refuses a file attached twice, a file before any session, and a version 2 line without a count', () => {
    const twice = exported();
    twice.push(twice[5]!);
    (twice[0] as Json).attachmentCount = 4;
    expect(errorsOf(twice)).toEqual([
      { line: 9, message: expect.stringMatching(/"att-image" appears twice.*line 6/) },
    ]);

    const before = exported();
    expect(errorsOf([before[5], ...before])[0]).toEqual({
      line: 1,
      message: 'An attached file comes before any session line.',
    });

    const uncounted = exported();
    delete (uncounted[0] as Json).attachmentCount;
    expect(errorsOf(uncounted)).toEqual([
      {
        line: 1,
        message: 'The session line does not say how many attached files follow ("attachmentCount").',
      },
    ]);
  });
});
