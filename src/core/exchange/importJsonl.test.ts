import { describe, expect, it } from 'vitest';
import { chainSessions, childSession, parentSession } from '../../../testing/fixtures/exchangeTestFixtures';
import type { SessionEntry, SessionHeader } from '../types/entry';
import type { SessionData } from './exchangeFormat';
import { exportBackup, exportChainJsonl, exportSessionJsonl } from './exportJsonl';
import { MAX_REPORTED_IMPORT_ERRORS, parseImport } from './importJsonl';

const NONE = { sessions: new Set<string>(), entries: new Set<string>() };

/** Ids `new-1`, `new-2`, ... so remapped results are predictable. */
function counterIds(): () => string {
  let next = 0;
  return () => `new-${++next}`;
}

function sessionLine(header: SessionHeader, entryCount: number, extra: Record<string, unknown> = {}) {
  return { type: 'session', version: 1, exportedBy: 'baton', entryCount, header, ...extra };
}

function file(...lines: unknown[]): string {
  return lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n');
}

const header = (id: string, overrides: Partial<SessionHeader> = {}): SessionHeader => ({
  id,
  title: `Session ${id}`,
  createdAt: 1,
  updatedAt: 2,
  model: 'm',
  leafId: null,
  children: [],
  ...overrides,
});

const entry = (sessionId: string, id: string, parentId: string | null = null): SessionEntry => ({
  id,
  parentId,
  sessionId,
  timestamp: 5,
  type: 'message',
  message: { role: 'user', content: [{ type: 'text', text: id }] },
});

/** The single error of a file that should have exactly one. */
function onlyError(text: string) {
  const parsed = parseImport(text, NONE);
  expect(parsed.sessions).toEqual([]);
  expect(parsed.errors).toHaveLength(1);
  return parsed.errors[0]!;
}

describe('parseImport: round trip', () => {
  it('reads back a chain export exactly, lineage and unknown entry kinds included', () => {
    const sessions = chainSessions();
    const parsed = parseImport(exportChainJsonl(sessions), NONE);
    expect(parsed.errors).toEqual([]);
    expect(parsed.kind).toBe('sessions');
    expect(parsed.sessions).toEqual(sessions);
    expect(parsed.renamedSessions.size).toBe(0);
    expect(parsed.renamedEntryCount).toBe(0);
    const unknown = parsed.sessions[1]?.entries.find((item) => item.id === 'c4');
    expect(unknown).toEqual({
      id: 'c4',
      parentId: 'c3',
      sessionId: 'c',
      timestamp: 13,
      type: 'future_kind',
      payload: { nested: [1, 'two'] },
    });
  });

  it('reads a backup: its sessions and its settings, never an API key', () => {
    const text = exportBackup(
      chainSessions(),
      { model: 'claude-test', apiKey: 'sk-ant-xxxxxxxxxxxx' },
      { createdAt: 7 },
    );
    const parsed = parseImport(text, NONE);
    expect(parsed.errors).toEqual([]);
    expect(parsed.kind).toBe('backup');
    expect(parsed.sessions).toEqual(chainSessions());
    expect(parsed.settings).toEqual({ model: 'claude-test' });

    // A hand-made backup that does carry a key: the key is not taken in.
    const handMade = file(
      { type: 'backup', version: 1, exportedBy: 'x', createdAt: 1, sessionCount: 0 },
      { type: 'settings', settings: { apiKey: 'sk-ant-yyyyyyyyyyyy', model: 'm' } },
    );
    expect(parseImport(handMade, NONE).settings).toEqual({ model: 'm' });
  });

  it('accepts CRLF line ends, a byte-order mark and blank lines', () => {
    const text = `\uFEFF${exportSessionJsonl(parentSession().header, parentSession().entries).replaceAll('\n', '\r\n')}\r\n\r\n`;
    const parsed = parseImport(text, NONE);
    expect(parsed.errors).toEqual([]);
    expect(parsed.sessions).toEqual([parentSession()]);
  });
});

describe('parseImport: ids that are taken', () => {
  it('gives every clashing id a new one and makes every reference follow', () => {
    const original = chainSessions();
    const existing = {
      sessions: new Set(['p', 'c']),
      entries: new Set(original.flatMap((session) => session.entries.map((item) => item.id))),
    };
    const parsed = parseImport(exportChainJsonl(original), existing, counterIds());
    expect(parsed.errors).toEqual([]);
    const [parent, child] = parsed.sessions as [SessionData, SessionData];

    const newIds = [
      parent.header.id,
      child.header.id,
      ...parsed.sessions.flatMap((s) => s.entries.map((e) => e.id)),
    ];
    for (const id of newIds) expect(existing.sessions.has(id) || existing.entries.has(id)).toBe(false);
    expect(new Set(newIds).size).toBe(newIds.length);
    expect(parsed.renamedSessions).toEqual(
      new Map([
        ['p', parent.header.id],
        ['c', child.header.id],
      ]),
    );
    expect(parsed.renamedEntryCount).toBe(existing.entries.size);

    // Lineage, both ways, between the new ids.
    expect(parent.header.children).toEqual([child.header.id]);
    expect(child.header.parentSession).toBe(parent.header.id);
    const handoff = child.entries[0] as SessionEntry & { details: { parentSession: string } };
    expect(handoff.details.parentSession).toBe(parent.header.id);

    // Each session's tree has the same shape under the new ids, and nothing else changed.
    original.forEach((session, index) => {
      const renamed = parsed.sessions[index]!;
      const oldToNew = new Map(session.entries.map((item, i) => [item.id, renamed.entries[i]!.id]));
      expect(renamed.header.leafId).toBe(oldToNew.get(session.header.leafId!));
      renamed.entries.forEach((item, i) => {
        const before = session.entries[i]!;
        expect(item.sessionId).toBe(renamed.header.id);
        expect(item.parentId).toBe(before.parentId === null ? null : oldToNew.get(before.parentId));
        // Apart from the links (and the handoff's link to its parent), the entry is as it was.
        const unlinked = (e: SessionEntry) => ({ ...e, id: '', parentId: '', sessionId: '' });
        const details = (before as { details?: { parentSession?: string } }).details;
        const expected =
          details?.parentSession === 'p'
            ? { ...unlinked(before), details: { ...details, parentSession: parent.header.id } }
            : unlinked(before);
        expect(unlinked(item)).toEqual(expected);
      });
      expect({ ...renamed.header, id: '', leafId: '', children: [], parentSession: '' }).toEqual({
        ...session.header,
        id: '',
        leafId: '',
        children: [],
        parentSession: '',
      });
    });
  });

  it('renames only what clashes; links into the renamed session follow it', () => {
    const parsed = parseImport(
      exportChainJsonl(chainSessions()),
      { sessions: new Set(['c']), entries: new Set() },
      counterIds(),
    );
    const [parent, child] = parsed.sessions as [SessionData, SessionData];
    expect(parent.header.id).toBe('p');
    expect(child.header.id).toBe('new-1');
    expect(parent.header.children).toEqual(['new-1']);
    expect(child.header.parentSession).toBe('p');
    expect(child.entries.map((item) => item.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(child.entries.every((item) => item.sessionId === 'new-1')).toBe(true);
  });

  it('keeps links to sessions outside the file as they are', () => {
    const { header: childHeader, entries } = childSession();
    const parsed = parseImport(
      exportSessionJsonl({ ...childHeader, children: ['elsewhere'] }, entries),
      { sessions: new Set(['c', 'p']), entries: new Set() },
      counterIds(),
    );
    const child = parsed.sessions[0]!;
    expect(child.header.id).toBe('new-1');
    expect(child.header.parentSession).toBe('p');
    expect(child.header.children).toEqual(['elsewhere']);
  });

  it('never hands out an id that is taken, even if the generator offers one', () => {
    const offers = ['c', 'p', 'fresh'];
    const parsed = parseImport(
      exportChainJsonl(chainSessions()),
      { sessions: new Set(['c']), entries: new Set() },
      () => offers.shift() ?? 'exhausted',
    );
    expect(parsed.sessions[1]?.header.id).toBe('fresh');
  });
});

describe('parseImport: errors name the line and the problem', () => {
  const s1 = header('s1', { leafId: 'e1' });
  const ok = [sessionLine(s1, 1), entry('s1', 'e1')];

  const cases: Array<[string, string, number, RegExp]> = [
    ['not JSON', file(...ok, sessionLine(header('s2'), 1), '{"type": "message",'), 4, /not valid JSON/],
    ['not an object', file(...ok, sessionLine(header('s2'), 1), '[1, 2]'), 4, /not a JSON object/],
    ['no type', file(sessionLine(s1, 1), { ...entry('s1', 'e1'), type: undefined }), 2, /no "type"/],
    ['entry before any header', file(entry('s1', 'e1'), ...ok), 1, /before any session line/],
    [
      'entry of another session',
      file(sessionLine(s1, 2), entry('s1', 'e1'), entry('s2', 'e2')),
      3,
      /belongs to session "s2".*"s1"/,
    ],
    [
      'entry without a timestamp',
      file(sessionLine(s1, 1), { ...entry('s1', 'e1'), timestamp: 'x' }),
      2,
      /timestamp/,
    ],
    [
      'entry with a damaged message',
      file(sessionLine(s1, 1), { ...entry('s1', 'e1'), message: 'hi' }),
      2,
      /message is damaged/,
    ],
    [
      'header without a title',
      file(sessionLine({ ...s1, title: undefined } as never, 1), entry('s1', 'e1')),
      1,
      /title was missing/,
    ],
    [
      'session line without a header',
      file({ type: 'session', version: 1, entryCount: 0 }),
      1,
      /no "header" object/,
    ],
    [
      'duplicate session id',
      file(...ok, sessionLine(header('s1'), 0)),
      3,
      /Session "s1" appears twice.*line 1/,
    ],
    [
      'duplicate entry id',
      file(sessionLine(s1, 2), entry('s1', 'e1'), entry('s1', 'e1')),
      3,
      /Entry "e1" appears twice.*line 2/,
    ],
    [
      'parent that points nowhere',
      file(sessionLine(s1, 2), entry('s1', 'e1'), entry('s1', 'e2', 'ghost')),
      3,
      /parent "ghost" is not an entry/,
    ],
    [
      'parent in another session',
      file(...ok, sessionLine(header('s2'), 1), entry('s2', 'e2', 'e1')),
      4,
      /parent "e1" is not an entry of session "s2"/,
    ],
    [
      'leaf that points nowhere',
      file(sessionLine({ ...s1, leafId: 'nope' }, 1), entry('s1', 'e1')),
      1,
      /current entry "nope"/,
    ],
    ['parent cycle', file(sessionLine(s1, 2), entry('s1', 'e1', 'e2'), entry('s1', 'e2', 'e1')), 2, /loops/],
    [
      'fewer entries than promised',
      file(sessionLine(s1, 3), entry('s1', 'e1')),
      1,
      /says 3 entries follow, but 1 do/,
    ],
    [
      'format version from the future',
      file(sessionLine(s1, 1, { version: 4 }), entry('s1', 'e1')),
      1,
      /newer Baton.*version 4/,
    ],
    [
      'no format version',
      file(sessionLine(s1, 1, { version: undefined }), entry('s1', 'e1')),
      1,
      /no valid format "version"/,
    ],
    [
      'backup line not first',
      file(...ok, { type: 'backup', version: 1, createdAt: 1, sessionCount: 1 }),
      3,
      /only be the first line/,
    ],
    [
      'backup with fewer sessions than promised',
      file({ type: 'backup', version: 1, createdAt: 1, sessionCount: 2 }, ...ok),
      1,
      /2 session\(s\) but the file has 1/,
    ],
    [
      'settings outside a backup',
      file({ type: 'settings', settings: {} }, ...ok),
      1,
      /settings line may only follow the backup line/,
    ],
    [
      'settings that are not an object',
      file({ type: 'backup', version: 1, createdAt: 1, sessionCount: 0 }, { type: 'settings', settings: 3 }),
      2,
      /no "settings" object/,
    ],
    ['an empty file', '\n  \n', 1, /empty/],
    [
      'no session at all',
      file({ type: 'something' }).replace('something', 'session"}').slice(0, 0) ||
        '{"type":"message","id":"x"}',
      1,
      /before any session line/,
    ],
  ];

  for (const [kind, text, line, message] of cases) {
    it(`${kind}: line ${line}`, () => {
      const error = onlyError(text);
      expect(error.line).toBe(line);
      expect(error.message).toMatch(message);
    });
  }

  it('a file with one bad line imports nothing, however many good lines it has', () => {
    const sessions = chainSessions();
    const lines = exportChainJsonl(sessions).split('\n');
    lines[5] = lines[5]!.replace('"timestamp":', '"timestamp_":');
    const parsed = parseImport(lines.join('\n'), NONE);
    expect(parsed.sessions).toEqual([]);
    expect(parsed.errors.map((error) => error.line)).toEqual([6]);
  });

  it('lists at most 20 errors, in line order, and counts them all', () => {
    const lines = [sessionLine(header('s1'), 31), ...Array.from({ length: 30 }, () => 'garbage'), '[]'];
    const parsed = parseImport(file(...lines), NONE);
    expect(parsed.errors).toHaveLength(MAX_REPORTED_IMPORT_ERRORS);
    expect(parsed.errorCount).toBe(31);
    expect(parsed.errors.map((error) => error.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
  });
});

describe('parseImport: hostile content stays inert data', () => {
  it('keeps markup and __proto__ fields as plain data and pollutes nothing', () => {
    const title = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const text = [
      `{"type":"session","version":1,"exportedBy":"baton","entryCount":1,"header":{"id":"s1","title":${JSON.stringify(title)},"createdAt":1,"updatedAt":1,"model":"m","leafId":"e1","children":[],"__proto__":{"polluted":true}}}`,
      '{"type":"custom_message","id":"e1","parentId":null,"sessionId":"s1","timestamp":1,"customType":"note","content":"<svg onload=alert(3)>","display":true,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    ].join('\n');

    for (const existing of [NONE, { sessions: new Set(['s1']), entries: new Set(['e1']) }]) {
      const parsed = parseImport(text, existing, counterIds());
      expect(parsed.errors).toEqual([]);
      const { header: imported, entries } = parsed.sessions[0]!;
      const first = entries[0]!;
      expect(imported.title).toBe(title);
      expect((first as { content?: string }).content).toBe('<svg onload=alert(3)>');
      for (const record of [imported, first]) {
        expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
        expect(Object.hasOwn(record, '__proto__')).toBe(true);
      }
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      // And it goes out again exactly as it came in.
      const again = exportSessionJsonl(imported, entries);
      expect(again).toContain('"__proto__":{"polluted":true}');
    }
  });
});

describe('parseImport: size', () => {
  function bigFile(bytes: number): string {
    const filler = 'lorem ipsum dolor sit amet '.repeat(8);
    const entries: SessionEntry[] = [];
    let size = 0;
    for (let i = 0; size < bytes; i++) {
      const item = entry('big', `e${i}`, i === 0 ? null : `e${i - 1}`);
      (item as { message: { content: Array<{ text: string }> } }).message.content[0]!.text = `${i} ${filler}`;
      entries.push(item);
      size += 320;
    }
    return exportSessionJsonl(header('big', { leafId: entries.at(-1)!.id }), entries);
  }

  // How parse time grows with size belongs to `npm run bench`, not to a timed unit test.
  it('reads a 5 MB file whole', () => {
    const text = bigFile(5_000_000);
    expect(text.length).toBeGreaterThan(5_000_000);
    const parsed = parseImport(text, NONE);
    expect(parsed.errors).toEqual([]);
    expect(parsed.sessions[0]?.entries.length).toBeGreaterThan(15_000);
  }, 120_000);
});
