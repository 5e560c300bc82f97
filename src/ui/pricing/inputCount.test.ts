import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutgoingAttachment } from '../../state/attachments/pendingAttachment';
import { countedInput, countInput, inputKey, resetInputCounts } from './inputCount';

afterEach(() => resetInputCounts());

describe('countInput', () => {
  it('asks with the new text alone, as one user turn, and keeps the count', async () => {
    const countTokens = vi.fn(async () => 1_234);
    const signal = new AbortController().signal;
    await countInput({ text: 'pasted', model: 'm', baseURL: 'https://a', client: { countTokens }, signal });
    expect(countTokens).toHaveBeenCalledWith({
      model: 'm',
      system: '',
      tools: [],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'pasted' }] }],
      signal,
    });
    expect(countedInput()).toEqual({ key: inputKey('pasted', []), model: 'm', tokens: 1_234 });
  });

  it('counts the files attached as the chat request sends them: their blocks, then the text', async () => {
    const countTokens = vi.fn(async () => 2_500);
    const signal = new AbortController().signal;
    const notes: OutgoingAttachment = {
      id: 'f1',
      kind: 'text',
      mediaType: 'text/plain',
      name: 'notes.txt',
      size: 11,
      data: new Blob(['hello world']),
    };
    const picture: OutgoingAttachment = {
      id: 'f2',
      kind: 'image',
      mediaType: 'image/png',
      name: 'shot.png',
      size: 3,
      width: 1,
      height: 1,
      data: new Blob([new Uint8Array([1, 2, 3])]),
    };
    await countInput({
      text: 'What is in these?',
      attachments: [notes, picture],
      model: 'm',
      baseURL: 'https://a',
      client: { countTokens },
      signal,
    });
    const { data: _a, ...notesRef } = notes;
    const { data: _b, ...pictureRef } = picture;
    expect(countTokens).toHaveBeenCalledWith({
      model: 'm',
      system: '',
      tools: [],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'attachment', attachment: notesRef },
            { type: 'attachment', attachment: pictureRef },
            { type: 'text', text: 'What is in these?' },
          ],
        },
      ],
      attachments: new Map([
        ['f1', { kind: 'text', text: 'hello world' }],
        ['f2', { kind: 'image', mediaType: 'image/png', base64: 'AQID' }],
      ]),
      signal,
    });
    expect(countedInput()).toEqual({
      key: inputKey('What is in these?', [notes, picture]),
      model: 'm',
      tokens: 2_500,
    });
    // Another file or other text is another input: the count no longer applies.
    expect(inputKey('What is in these?', [notes])).not.toBe(countedInput()?.key);
  });

  it('falls back silently on a refusal, logs it once, and does not ask that gateway again', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const countTokens = vi.fn(async () => {
      throw new Error('404');
    });
    const request = { model: 'm', baseURL: 'https://gw', client: { countTokens } };
    const signal = new AbortController().signal;
    await countInput({ ...request, text: 'one', signal });
    await countInput({ ...request, text: 'two', signal });
    expect(countTokens).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledTimes(1);
    expect(countedInput()).toBeNull();
    info.mockRestore();
  });
});
