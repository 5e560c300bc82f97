import { describe, expect, it } from 'vitest';
import { chainSessions, childSession, parentSession } from '../../../testing/fixtures/exchangeTestFixtures';
import type { SessionEntry } from '../types/entry';
import { exportBackup, exportChainJsonl, exportSessionJsonl, parentsFirst } from './exportJsonl';

const KEY = 'sk-ant-api03-Secret_Key-0123456789abcdef';

function parseLines(text: string): Array<Record<string, unknown>> {
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('exportSessionJsonl', () => {
  it('writes a session line with the header, then every entry verbatim, one per line', () => {
    const { header, entries } = childSession();
    const lines = parseLines(exportSessionJsonl(header, entries));
    expect(lines[0]).toEqual({
      type: 'session',
      version: 3,
      exportedBy: 'baton',
      entryCount: 4,
      attachmentCount: 0,
      header,
    });
    expect(lines.slice(1)).toEqual(entries);
    // Lineage fields travel with the header.
    expect((lines[0]!.header as { parentSession?: string }).parentSession).toBe('p');
  });

  it('keeps every branch and puts parents before children even when timestamps disagree', () => {
    const { header, entries } = parentSession();
    // A child given (and timestamped) before its parent, as after a clock change.
    const shuffled = [entries[1]!, entries[0]!, ...entries.slice(2)];
    const lines = parseLines(exportSessionJsonl(header, shuffled)).slice(1);
    expect(lines.map((line) => line.id)).toEqual(['p1', 'p2', 'p3', 'p3b', 'p4', 'p5']);
  });

  it('refuses an entry whose type would read back as a header line', () => {
    const { header } = parentSession();
    const bad = { id: 'x', parentId: null, sessionId: 'p', timestamp: 1, type: 'session' } as SessionEntry;
    expect(() => exportSessionJsonl(header, [bad])).toThrow(/reserved type "session"/);
  });

  it('replaces the key in message text, tool input and property names', () => {
    const { header, entries } = parentSession();
    const leaky: SessionEntry[] = [
      ...entries,
      {
        id: 'k1',
        parentId: 'p5',
        sessionId: 'p',
        timestamp: 9,
        type: 'message',
        message: {
          role: 'assistant',
          content: [
            { type: 'text', text: `my key is ${KEY}!` },
            { type: 'tool_use', id: 't', name: 'x', input: { [KEY]: `again ${KEY}` } },
          ],
        },
      },
    ];
    const text = exportSessionJsonl({ ...header, title: `title ${KEY}` }, leaky, { secret: ` ${KEY}\n` });
    expect(text).not.toContain(KEY);
    expect(text).toContain('my key is [API key removed]!');
    const last = parseLines(text).at(-1) as { message: { content: Array<{ input?: unknown }> } };
    expect(last.message.content[1]?.input).toEqual({ '[API key removed]': 'again [API key removed]' });
  });
});

describe('exportChainJsonl', () => {
  it('writes each session line followed by its entries, in the order given', () => {
    const [parent, child] = chainSessions();
    const lines = parseLines(exportChainJsonl([parent!, child!]));
    expect(
      lines.map((line) => (line.type === 'session' ? `S:${(line.header as { id: string }).id}` : line.id)),
    ).toEqual(['S:p', 'p1', 'p2', 'p3', 'p3b', 'p4', 'p5', 'S:c', 'c1', 'c2', 'c3', 'c4']);
  });
});

describe('exportBackup', () => {
  const settings = {
    apiKey: KEY,
    model: 'claude-test',
    rememberKey: true,
    promptTemplates: [{ name: 'k', text: KEY }],
  };

  it('starts with a backup line, then the settings without the key, then every session', () => {
    const lines = parseLines(exportBackup(chainSessions(), settings, { createdAt: 1234 }));
    expect(lines[0]).toEqual({
      type: 'backup',
      version: 3,
      exportedBy: 'baton',
      createdAt: 1234,
      sessionCount: 2,
    });
    expect(lines[1]).toEqual({
      type: 'settings',
      settings: {
        model: 'claude-test',
        rememberKey: true,
        promptTemplates: [{ name: 'k', text: '[API key removed]' }],
      },
    });
    expect(lines.filter((line) => line.type === 'session')).toHaveLength(2);
  });

  it('never contains the key: not from the settings, not from message text', () => {
    const sessions = chainSessions();
    const first = sessions[0]!;
    first.entries.push({
      id: 'leak',
      parentId: 'p5',
      sessionId: 'p',
      timestamp: 6,
      type: 'message',
      message: { role: 'user', content: [{ type: 'text', text: `here: ${KEY}` }] },
    });
    const text = exportBackup(sessions, settings, { createdAt: 1 });
    expect(text).not.toContain(KEY);
    expect(text).toContain('here: [API key removed]');
    // The key given separately (not remembered, so not in settings) is removed too.
    const separate = exportBackup(sessions, { model: 'm' }, { createdAt: 1, secret: KEY });
    expect(separate).not.toContain(KEY);
  });

  it('has no settings line when no settings are given', () => {
    const lines = parseLines(exportBackup([], undefined, { createdAt: 5 }));
    expect(lines).toEqual([
      { type: 'backup', version: 3, exportedBy: 'baton', createdAt: 5, sessionCount: 0 },
    ]);
  });
});

describe('parentsFirst', () => {
  const entry = (id: string, parentId: string | null): SessionEntry => ({
    id,
    parentId,
    sessionId: 's',
    timestamp: 0,
    type: 'x',
  });

  it('keeps the given order where it already has parents first', () => {
    const entries = [entry('a', null), entry('b', 'a'), entry('c', 'a'), entry('d', 'missing')];
    expect(parentsFirst(entries)).toEqual(entries);
  });

  it('holds a child back until its parent, and keeps entries caught in a cycle', () => {
    const ordered = parentsFirst([
      entry('c', 'b'),
      entry('b', 'a'),
      entry('a', null),
      entry('x', 'y'),
      entry('y', 'x'),
    ]);
    expect(ordered.map((e) => e.id)).toEqual(['a', 'b', 'c', 'x', 'y']);
  });
});
