import { describe, expect, it } from 'vitest';
import type { SessionEntry } from '../types/entry';
import type { Message, Usage } from '../types/message';
import { addReply, NO_USAGE, sumSessionUsage } from './sessionUsage';

const tokens = (input: number, output: number, cacheWrite = 0, cacheRead = 0): Usage => ({
  input,
  output,
  cacheWrite,
  cacheRead,
});

const reply = (model: string | undefined, usage?: unknown): Message =>
  ({
    role: 'assistant',
    content: [{ type: 'text', text: 'ok' }],
    ...(model !== undefined && { model }),
    ...(usage !== undefined && { usage }),
  }) as Message; // `usage` may be deliberately damaged here, as stored data can be.

let next = 0;
const entry = (message: Message, parentId: string | null = null): SessionEntry => {
  next += 1;
  return { id: `e${next}`, parentId, sessionId: 's', timestamp: next, type: 'message', message };
};

describe('sumSessionUsage', () => {
  it('keeps every reply by the model that answered it, in the order the models first answered', () => {
    const entries = [
      entry({ role: 'user', content: [{ type: 'text', text: 'q' }] }),
      entry(reply('claude-opus-4-8', tokens(100, 10, 1000, 0))),
      entry(reply('claude-sonnet-4-5', tokens(50, 5, 0, 2000))),
      entry(reply('claude-opus-4-8', tokens(200, 20, 0, 1000))),
    ];
    expect(sumSessionUsage(entries)).toEqual({
      models: [
        { model: 'claude-opus-4-8', requests: [tokens(100, 10, 1000, 0), tokens(200, 20, 0, 1000)] },
        { model: 'claude-sonnet-4-5', requests: [tokens(50, 5, 0, 2000)] },
      ],
      unreadable: 0,
    });
  });

  it('counts replies on every branch: an edited-away reply was paid for too', () => {
    const root = entry(reply('m', tokens(1, 1)));
    const first = entry(reply('m', tokens(10, 10)), root.id);
    const sibling = entry(reply('m', tokens(100, 100)), root.id);
    expect(sumSessionUsage([root, first, sibling]).models).toEqual([
      { model: 'm', requests: [tokens(1, 1), tokens(10, 10), tokens(100, 100)] },
    ]);
  });

  it('leaves out user messages, custom entries, replies without usage and replies that used nothing', () => {
    const entries: SessionEntry[] = [
      entry({ role: 'user', content: [], usage: tokens(5, 5) }),
      {
        id: 'c',
        parentId: null,
        sessionId: 's',
        timestamp: 0,
        type: 'custom_message',
        customType: 'x',
        content: '',
        display: true,
      },
      entry(reply('m')),
      entry(reply('m', tokens(0, 0))),
    ];
    expect(sumSessionUsage(entries)).toEqual(NO_USAGE);
  });

  it('files a reply that recorded no model under "", and reads missing cache counts as zero', () => {
    const entries = [entry(reply(undefined, { input: 7, output: 3 }))];
    expect(sumSessionUsage(entries).models).toEqual([{ model: '', requests: [tokens(7, 3)] }]);
  });

  it('counts damaged usage as unreadable instead of adding nonsense', () => {
    const entries = [
      entry(reply('m', { input: -1, output: 3 })),
      entry(reply('m', { input: '7', output: 3 })),
      entry(reply('m', 'lots')),
      entry(reply('m', { input: Number.NaN, output: 3 })),
      entry(reply('m', tokens(1, 2))),
    ];
    expect(sumSessionUsage(entries)).toEqual({
      models: [{ model: 'm', requests: [tokens(1, 2)] }],
      unreadable: 4,
    });
  });

  it('does not change the entries it read', () => {
    const usage = tokens(1, 2);
    const entries = [entry(reply('m', usage)), entry(reply('m', tokens(3, 4)))];
    sumSessionUsage(entries);
    expect(usage).toEqual(tokens(1, 2));
  });
});

describe('addReply', () => {
  it('gives the same totals as reading the whole session again', () => {
    const messages = [
      reply('a', tokens(1, 2, 3, 4)),
      { role: 'user', content: [] } satisfies Message,
      reply('b', tokens(10, 20)),
      reply('a', tokens(100, 200, 300, 400)),
      reply('a', { input: 'x' }),
    ];
    const incremental = messages.reduce(addReply, NO_USAGE);
    expect(incremental).toEqual(sumSessionUsage(messages.map((m) => entry(m))));
  });

  it('returns the same object when the message adds nothing, so the store sees no change', () => {
    const total = addReply(NO_USAGE, reply('a', tokens(1, 1)));
    expect(addReply(total, { role: 'user', content: [] })).toBe(total);
    expect(addReply(total, reply('a'))).toBe(total);
    expect(addReply(total, reply('a', tokens(0, 0)))).toBe(total);
  });

  it('leaves the total it was given unchanged', () => {
    const total = addReply(NO_USAGE, reply('a', tokens(1, 1)));
    addReply(total, reply('a', tokens(5, 5)));
    expect(total.models).toEqual([{ model: 'a', requests: [tokens(1, 1)] }]);
  });
});
