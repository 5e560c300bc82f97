import { afterEach, describe, expect, it, vi } from 'vitest';
import { countedInput, countInput, resetInputCounts } from './inputCount';

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
    expect(countedInput()).toEqual({ text: 'pasted', model: 'm', tokens: 1_234 });
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
