import { describe, expect, it } from 'vitest';
import { assistant, chain, text, user } from '../../../testing/entryBuilders';
import { counter, memoryPersistence } from '../../../testing/memoryPersistence';
import type { AttachmentRef } from '../types/attachment';
import type { Message } from '../types/message';
import { type RecordableEvent, SessionHost, type SessionHostEvent } from './sessionHost';
import { createSessionHeader, DEFAULT_SESSION_TITLE, SessionLog } from './sessionLog';

function start(log = new SessionLog(createSessionHeader({ id: 's1', model: 'm', now: 1 }))) {
  const persistence = memoryPersistence();
  const events: SessionHostEvent[] = [];
  let clock = 100;
  const host = new SessionHost(log, {
    persistence,
    now: () => ++clock,
    newId: counter('e'),
    emit: (event) => events.push(event),
  });
  return { host, persistence, events };
}

const reply = (words: string, stopReason: Message['stopReason'] = 'end_turn'): Message => ({
  role: 'assistant',
  content: words ? [text(words)] : [],
  stopReason,
});
const userMessage: Message = { role: 'user', content: [text('Plan the release\nwith details')] };

describe('SessionHost: recording the agent', () => {
  it("writes a reply into one entry from its start to its end, the user's message before it", () => {
    const { host, persistence } = start();
    const events: RecordableEvent[] = [
      { type: 'message_start', message: userMessage },
      { type: 'message_end', message: userMessage },
      { type: 'message_start', message: reply('', 'streaming') },
      { type: 'message_update', message: reply('Half', 'streaming') },
      { type: 'message_end', message: reply('Half and whole') },
    ];
    for (const event of events) host.record(event);
    const branch = host.branch();
    expect(branch.map((e) => (e.type === 'message' && 'message' in e ? e.message : undefined))).toEqual([
      userMessage,
      reply('Half and whole'),
    ]);
    expect(branch[0]?.parentId).toBeNull();
    expect(branch[1]?.parentId).toBe(branch[0]?.id);
    expect(host.header.leafId).toBe(branch[1]?.id);
    // The placeholder, each growth and the end all go to storage, each end followed by a flush.
    const kinds = persistence.calls.map((c) => (c.kind === 'entry' ? `entry ${c.entry.id}` : c.kind));
    expect(kinds).toEqual([
      'entry e-001',
      'header',
      'flush',
      'entry e-002',
      'header',
      'entry e-002',
      'entry e-002',
      'flush',
    ]);
  });

  it('stores custom context (a reminder) as a custom_message entry', () => {
    const { host } = start();
    host.record({
      type: 'message_end',
      message: { role: 'custom', customType: 'todo_reminder', content: 'Remember', display: false },
    });
    expect(host.branch()).toEqual([
      {
        id: 'e-001',
        parentId: null,
        sessionId: 's1',
        timestamp: 101,
        type: 'custom_message',
        customType: 'todo_reminder',
        content: 'Remember',
        display: false,
      },
    ]);
  });

  it("names a new session after its first message's first line, or its first file, once", () => {
    const { host, events } = start();
    expect(host.header.title).toBe(DEFAULT_SESSION_TITLE);
    host.appendMessage(userMessage);
    expect(host.header.title).toBe('Plan the release');
    host.appendMessage({ role: 'user', content: [text('Something else')] });
    expect(host.header.title).toBe('Plan the release');
    expect(events.at(-1)).toEqual({ type: 'header_changed', header: host.header });

    const file: AttachmentRef = {
      id: 'a1',
      kind: 'image',
      mediaType: 'image/png',
      name: 'chart.png',
      size: 3,
    };
    const other = start().host;
    other.appendMessage({ role: 'user', content: [{ type: 'attachment', attachment: file }] });
    expect(other.header.title).toBe('chart.png');
  });
});

describe('SessionHost: the header', () => {
  it('renames with a trimmed title and a new time, and ignores a blank one', () => {
    const { host, persistence } = start();
    host.rename('   ');
    expect(persistence.calls).toEqual([]);
    host.rename('  Release notes ');
    expect(host.header).toMatchObject({ title: 'Release notes', updatedAt: 101 });
    expect(persistence.calls).toEqual([{ kind: 'header', header: host.header }]);
  });

  it("stores the model's title only over the title it was asked to replace, and keeps the session's time", () => {
    const { host, persistence, events } = start();
    host.appendMessage(userMessage);
    const automatic = host.header.title;
    const { updatedAt } = host.header;
    persistence.calls.length = 0;
    expect(host.rename('Release plan', automatic)).toBe(true);
    expect(host.header).toMatchObject({ title: 'Release plan', updatedAt });
    expect(persistence.calls).toEqual([{ kind: 'header', header: host.header }]);
    expect(events.at(-1)).toEqual({ type: 'header_changed', header: host.header });

    // The user renamed it while the model was asked: the user's name stays.
    expect(host.rename('My own name')).toBe(true);
    expect(host.rename('Release plan', automatic)).toBe(false);
    expect(host.header.title).toBe('My own name');
  });

  it('keeps a thinking choice in memory until the session has something stored', () => {
    const { host, persistence, events } = start();
    const thinking = { enabled: true, budgetTokens: 4000, effort: 'default' as const };
    host.setThinking(thinking);
    expect(host.header.thinking).toEqual(thinking);
    expect(persistence.calls).toEqual([]);
    expect(events).toEqual([{ type: 'header_changed', header: host.header }]);

    const stored = start(
      new SessionLog(
        { ...createSessionHeader({ id: 's2', model: 'm', now: 1 }), leafId: 'e0' },
        chain([user('Hi')], 's2'),
      ),
    );
    stored.host.setThinking(thinking);
    expect(stored.persistence.calls).toEqual([{ kind: 'header', header: stored.host.header }]);
  });
});

describe('SessionHost: moving between logs', () => {
  it('enters another log, hands back the header it left, and forgets the reply it was writing', () => {
    const { host } = start();
    host.record({ type: 'message_start', message: reply('', 'streaming') });
    const next = new SessionLog(createSessionHeader({ id: 's2', model: 'm', now: 5 }));
    const left = host.enter(next);
    expect(left.id).toBe('s1');
    expect(host.log).toBe(next);
    // An update for the old reply arriving late does not land in the new log.
    host.record({ type: 'message_update', message: reply('late', 'streaming') });
    expect(next.entries()).toEqual([]);
  });

  it('moves the leaf in memory only, for an edit to branch from', () => {
    const log = new SessionLog(
      { ...createSessionHeader({ id: 's1', model: 'm', now: 1 }), leafId: 'e1' },
      chain([user('One'), assistant(['Two'])]),
    );
    const { host, persistence } = start(log);
    expect(host.countBranchMessages()).toBe(2);
    host.moveLeaf('e0');
    expect(host.branch().map((e) => e.id)).toEqual(['e0']);
    expect(persistence.calls).toEqual([]);
  });

  it('rewrites entries and the header in memory and says whether anything changed', () => {
    const log = new SessionLog(
      { ...createSessionHeader({ id: 's1', model: 'm', now: 1 }), leafId: 'e0' },
      chain([user('secret words')]),
    );
    const { host } = start(log);
    expect(
      host.rewrite(
        () => undefined,
        () => undefined,
      ),
    ).toBe(false);
    const changed = host.rewrite(
      (entry) => ({ ...entry, timestamp: 9 }),
      (header) => ({ ...header, title: 'Cleaned' }),
    );
    expect(changed).toBe(true);
    expect(host.branch()[0]?.timestamp).toBe(9);
    expect(host.header.title).toBe('Cleaned');
  });

  it('makes an empty session on the model asked for, storing nothing', () => {
    const { host, persistence } = start();
    const empty = host.createEmpty('claude-next');
    expect(empty.header).toMatchObject({ id: 'e-001', model: 'claude-next', leafId: null, createdAt: 101 });
    expect(persistence.calls).toEqual([]);
  });
});
