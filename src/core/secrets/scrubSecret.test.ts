import { describe, expect, it } from 'vitest';
import { isMessageEntry, type MessageEntry, type SessionHeader } from '../types/entry';
import { SCRUBBED_KEY_PLACEHOLDER, scrubbed, scrubEntry, scrubHeader } from './scrubSecret';

const KEY = 'sk-ant-api03-Zx9_QwErTy-0123456789abcdef';

function reply(content: MessageEntry['message']['content']): MessageEntry {
  return {
    type: 'message',
    id: 'e1',
    parentId: null,
    sessionId: 's1',
    timestamp: 1,
    message: { role: 'assistant', content },
  };
}

describe('scrubbed', () => {
  it('replaces the key in every string, nested or a property name, and nothing else', () => {
    const value = {
      a: `key ${KEY}.`,
      list: [{ deep: [KEY, 'plain'] }],
      [`${KEY}`]: 1,
      n: 3,
      flag: true,
      none: null,
    };
    expect(scrubbed(value, KEY)).toEqual({
      a: `key ${SCRUBBED_KEY_PLACEHOLDER}.`,
      list: [{ deep: [SCRUBBED_KEY_PLACEHOLDER, 'plain'] }],
      [SCRUBBED_KEY_PLACEHOLDER]: 1,
      n: 3,
      flag: true,
      none: null,
    });
  });

  it('says "unchanged" when the key is absent, and never matches a key too short to be one', () => {
    expect(scrubbed({ a: 'nothing here' }, KEY)).toBeUndefined();
    expect(scrubbed({ a: 'sk sk sk' }, 'sk')).toBeUndefined();
    // A key pasted with spaces around it is still the key.
    expect(scrubbed({ a: KEY }, ` ${KEY}\n`)).toEqual({ a: SCRUBBED_KEY_PLACEHOLDER });
  });
  it('removes the body of a key echoed in two parts, and keeps values that are not plain data', () => {
    const body = KEY.slice('sk-ant-api03-'.length);
    const blob = new Blob(['bytes']);
    const value = { text: `sk-ant-api03 -${body}`, lines: ['sk-ant-api03-', `${body}\n`], blob, when: 5 };
    const clean = scrubbed(value, KEY);
    expect(clean).toEqual({
      text: `sk-ant-api03 -${SCRUBBED_KEY_PLACEHOLDER}`,
      lines: ['sk-ant-api03-', `${SCRUBBED_KEY_PLACEHOLDER}\n`],
      blob,
      when: 5,
    });
    expect(clean?.blob).toBe(blob);
  });
});

describe('scrubEntry and scrubHeader', () => {
  it('unsigns thinking whose text changed, and keeps the signature of thinking that did not', () => {
    const entry = reply([
      { type: 'thinking', thinking: `The user pasted ${KEY}`, signature: 'sig-a' },
      { type: 'thinking', thinking: 'Nothing secret', signature: 'sig-b' },
      { type: 'text', text: `Your key ${KEY} works.` },
    ]);
    const clean = scrubEntry(entry, KEY);
    expect(clean && isMessageEntry(clean) && clean.message.content).toEqual([
      { type: 'thinking', thinking: `The user pasted ${SCRUBBED_KEY_PLACEHOLDER}`, signature: '' },
      { type: 'thinking', thinking: 'Nothing secret', signature: 'sig-b' },
      { type: 'text', text: `Your key ${SCRUBBED_KEY_PLACEHOLDER} works.` },
    ]);
    // The entry given is left as it was.
    expect(JSON.stringify(entry)).toContain(KEY);
    expect(scrubEntry(reply([{ type: 'text', text: 'clean' }]), KEY)).toBeUndefined();
  });

  it('scrubs a title', () => {
    const header: SessionHeader = {
      id: 's',
      title: `Debug ${KEY}`,
      createdAt: 0,
      updatedAt: 0,
      model: 'm',
      leafId: null,
      children: [],
    };
    expect(scrubHeader(header, KEY)?.title).toBe(`Debug ${SCRUBBED_KEY_PLACEHOLDER}`);
  });
});
