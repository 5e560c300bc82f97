import { describe, expect, it } from 'vitest';
import { makeCustomEntry, makeHeader, makeMessageEntry } from '../../../testing/fixtures/storageTestFixtures';
import { interruptIfStreaming, restoreEntry, restoreHeader } from './restoreRecords';

describe('restoreHeader', () => {
  it('passes a sound header through as the same object', () => {
    const header = { ...makeHeader('s1'), futureField: 1 };
    const restored = restoreHeader(header);
    expect(restored).toEqual({ ok: true, value: header, problems: [] });
    expect(restored.ok && restored.value).toBe(header);
  });

  // A damaged one is kept too: workspaceOf reads past it (workspaceOf.test.ts).
  it("keeps a session's workspace link", () => {
    const header = { ...makeHeader('s2'), parentSession: 's1', workspace: 's1' };
    expect(restoreHeader(header)).toEqual({ ok: true, value: header, problems: [] });
  });

  it('skips what has no usable id', () => {
    for (const raw of [null, 'text', [], {}, { id: '' }, { id: 3 }]) {
      expect(restoreHeader(raw).ok).toBe(false);
    }
  });

  it('repairs damaged fields, keeps unknown ones, and names the session in each problem', () => {
    const restored = restoreHeader({
      id: 's1',
      title: 5,
      updatedAt: 'soon',
      createdAt: 40,
      leafId: 7,
      parentSession: 9,
      children: ['c1', null, 'c2'],
      extra: 'kept',
    });
    if (!restored.ok) throw new Error('expected a repaired header');
    expect(restored.value).toEqual({
      id: 's1',
      title: 'Untitled session',
      createdAt: 40,
      updatedAt: 40,
      model: '',
      leafId: null,
      children: ['c1', 'c2'],
      extra: 'kept',
    });
    expect('parentSession' in restored.value).toBe(false);
    expect(restored.problems).toHaveLength(6);
    for (const problem of restored.problems) expect(problem).toContain('Session s1');
  });
});

describe('restoreEntry', () => {
  it('passes sound entries of every type through untouched', () => {
    const unknown = { id: 'u', parentId: null, sessionId: 's1', timestamp: 1, type: 'label', x: [1] };
    for (const entry of [makeMessageEntry('s1', 'm', 1), makeCustomEntry('s1', 'c', 2), unknown]) {
      const restored = restoreEntry(entry, 's1');
      expect(restored.ok && restored.value).toBe(entry);
    }
  });

  it('skips an entry of another session', () => {
    const restored = restoreEntry(makeMessageEntry('s2', 'm', 1), 's1');
    expect(restored).toEqual({ ok: false, problem: expect.stringContaining('Session s1') });
  });

  it('drops damaged content blocks and repairs the parent link and display flag', () => {
    const message = makeMessageEntry('s1', 'm', 1);
    const damaged = {
      ...message,
      parentId: undefined,
      message: { ...message.message, content: [null, ...message.message.content, { text: 'no type' }] },
    };
    const restored = restoreEntry(damaged, 's1');
    if (!restored.ok) throw new Error('expected a repaired entry');
    expect(restored.value).toEqual(message);
    expect(restored.problems).toHaveLength(2);

    const custom = restoreEntry({ ...makeCustomEntry('s1', 'c', 1), display: 'yes' }, 's1');
    expect(custom.ok && custom.value).toEqual(makeCustomEntry('s1', 'c', 1));
  });

  it('keeps tool results of text or image blocks and drops one whose content cannot be read', () => {
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' },
    };
    const sound = [
      { type: 'tool_result', tool_use_id: 't1', content: 'text' },
      { type: 'tool_result', tool_use_id: 't2', content: [{ type: 'text', text: 'a' }, image] },
    ];
    const base = makeMessageEntry('s1', 'm', 1);
    const message = { ...base, message: { role: 'toolResult', content: sound } };
    const damaged = {
      ...message,
      message: {
        ...message.message,
        content: [
          ...sound,
          { type: 'tool_result', tool_use_id: 't3', content: [{ type: 'image', source: 'x' }] },
        ],
      },
    };
    const restored = restoreEntry(damaged, 's1');
    if (!restored.ok) throw new Error('expected a repaired entry');
    expect(restored.value).toEqual(message);
    expect(restored.problems).toEqual([expect.stringContaining('damaged content blocks')]);
  });
});

describe('interruptIfStreaming', () => {
  it('marks only streaming messages, without changing the original', () => {
    const streaming = makeMessageEntry('s1', 'm', 1, { stopReason: 'streaming' });
    const fixed = interruptIfStreaming(streaming);
    expect(fixed?.message.stopReason).toBe('interrupted');
    expect(streaming.message.stopReason).toBe('streaming');
    expect(interruptIfStreaming(makeMessageEntry('s1', 'n', 1))).toBeUndefined();
    expect(interruptIfStreaming(makeCustomEntry('s1', 'c', 1))).toBeUndefined();
  });
});
