/**
 * The model client that loads the SDK's chunk on first use: nothing is loaded until a
 * request is made, calls reach the client chooseModel picks, and a chunk that cannot be
 * fetched ends the request in a sentence (the offline one when the browser is offline)
 * and is fetched again by the next request.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelClient, ModelRequest } from '../../core/agent/types';
import { OFFLINE_SENTENCE } from '../../llm/offline';
import { DEFAULT_SETTINGS } from '../store/settings';

const request = {
  model: 'm',
  system: '',
  messages: [],
  tools: [],
  toolChoice: 'auto',
  maxTokens: 10,
} as unknown as ModelRequest;
const reply = { role: 'assistant' as const, content: [], stopReason: 'end_turn' as const };

afterEach(() => {
  vi.doUnmock('./modelClients');
  vi.resetModules();
  vi.unstubAllGlobals();
});

/** The client chunk as a mock: its cache's `choose` is the `chooseModel` given. */
function mockChunk(load: () => { chooseModel: (...args: unknown[]) => { client: ModelClient } }) {
  vi.doMock('./modelClients', () => {
    const { chooseModel } = load();
    return {
      ModelClientCache: class {
        choose = chooseModel;
        forget = vi.fn();
      },
    };
  });
}

describe('chooseModelLazily', () => {
  it('loads the client chunk only when a request is made, then calls the chosen client', async () => {
    const stream = vi.fn(async () => reply);
    const chooseModel = vi.fn(() => ({ client: { label: 'real', stream } }));
    mockChunk(() => ({ chooseModel }));
    const { chooseModelLazily } = await import('./lazyModelClient');
    const settings = { ...DEFAULT_SETTINGS, apiKey: 'sk-ant-x', model: 'claude-x' };
    const choice = chooseModelLazily(settings, () => undefined);
    expect(choice).toMatchObject({ model: 'claude-x', label: 'claude-x' });
    expect(chooseModel).not.toHaveBeenCalled();
    await expect(choice.client.stream(request, () => undefined)).resolves.toBe(reply);
    expect(chooseModel).toHaveBeenCalledWith(settings, expect.any(Function));
    expect(stream).toHaveBeenCalledWith(request, expect.any(Function));
  });

  it('chooses once per settings snapshot: later requests neither choose again nor read the store', async () => {
    const stream = vi.fn(async () => reply);
    const chooseModel = vi.fn(() => ({ client: { label: 'real', stream } }));
    mockChunk(() => ({ chooseModel }));
    const { chooseModelLazily } = await import('./lazyModelClient');
    const { batonStore } = await import('../store/store');
    const settings = { ...DEFAULT_SETTINGS, apiKey: 'sk-ant-x', model: 'claude-x' };
    const { client } = chooseModelLazily(settings, () => undefined);
    await client.stream(request, () => undefined);
    const read = vi.spyOn(batonStore, 'getState');

    await client.stream(request, () => undefined);

    expect(chooseModel).toHaveBeenCalledTimes(1);
    expect(read).not.toHaveBeenCalled();
    expect(stream).toHaveBeenCalledTimes(2);
    // A new snapshot chooses afresh (the settings may name another key or URL).
    await chooseModelLazily({ ...settings, apiKey: 'sk-ant-y' }, () => undefined).client.stream(
      request,
      () => undefined,
    );
    expect(chooseModel).toHaveBeenCalledTimes(2);
  });

  it('says the browser is offline when the chunk could not be fetched offline, and fetches it again next time', async () => {
    let fail = true;
    mockChunk(() => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return { chooseModel: () => ({ client: { label: 'real', stream: async () => reply } }) };
    });
    vi.stubGlobal('navigator', { onLine: false });
    const { chooseModelLazily } = await import('./lazyModelClient');
    const { client } = chooseModelLazily({ ...DEFAULT_SETTINGS, apiKey: 'sk-ant-x' }, () => undefined);
    const offline = await client.stream(request, () => undefined).catch((error: unknown) => error);
    // A ModelError of the module as imported afresh here (vi.resetModules), so by its name.
    expect(offline).toMatchObject({ name: 'ModelError', kind: 'network', message: OFFLINE_SENTENCE });

    vi.stubGlobal('navigator', { onLine: true });
    const online = await client.stream(request, () => undefined).catch((error: unknown) => error);
    expect(online).toMatchObject({ kind: 'unknown', message: expect.stringContaining('Reload the page') });

    fail = false;
    await expect(client.stream(request, () => undefined)).resolves.toBe(reply);
  });
});
