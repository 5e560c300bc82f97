import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockApi, startMockApi, TEST_API_KEY, TEST_MODEL, textReply } from '../../../testing/mockModel';
import type { ModelRequest } from '../../core/agent/types';
import { textOf } from '../../core/types/messageText';
import { DEMO_MODEL_ID, DEMO_SMALL_MODEL_ID, MAX_RETRIES } from '../../llm/defaults';
import { DEFAULT_SETTINGS, type Settings } from '../store/settings';
import { ModelClientCache, REQUEST_TIMEOUT_OVERRIDE_KEY } from './modelClients';

let mock: MockApi | undefined;

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  vi.unstubAllGlobals();
});

const noRetries = () => undefined;
const withKey = (extra: Partial<Settings> = {}): Settings => ({
  ...DEFAULT_SETTINGS,
  apiKey: TEST_API_KEY,
  baseURL: 'http://127.0.0.1:9',
  model: TEST_MODEL,
  ...extra,
});

function request(): ModelRequest {
  return {
    model: TEST_MODEL,
    system: 'You are terse.',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    tools: [],
    toolChoice: 'auto',
    maxTokens: 100,
    signal: new AbortController().signal,
  };
}

describe('ModelClientCache: without a key', () => {
  it('answers with the offline demo the settings pick, labelled as the demo', () => {
    const cache = new ModelClientCache();
    const choice = cache.choose({ ...DEFAULT_SETTINGS, apiKey: '  ', model: 'claude-x' }, noRetries);
    expect(choice.model).toBe(DEMO_MODEL_ID);
    expect(choice.label).toBe('Demo (offline)');
    expect(choice.client.label).toBe(choice.label);
    const small = cache.choose({ ...DEFAULT_SETTINGS, model: DEMO_SMALL_MODEL_ID }, noRetries);
    expect(small.model).toBe(DEMO_SMALL_MODEL_ID);
    expect(small.label).toBe('Demo (small window)');
  });

  it('keeps the demo client while its model stays the same', () => {
    const cache = new ModelClientCache();
    const first = cache.choose({ ...DEFAULT_SETTINGS, model: 'claude-a' }, noRetries).client;
    // Another real model id without a key is the same ordinary demo.
    expect(cache.choose({ ...DEFAULT_SETTINGS, model: 'claude-b' }, noRetries).client).toBe(first);
    expect(cache.choose({ ...DEFAULT_SETTINGS, model: DEMO_SMALL_MODEL_ID }, noRetries).client).not.toBe(
      first,
    );
  });
});

describe('ModelClientCache: with a key', () => {
  it('gives a client that reaches the settings’ base URL with the key, and names the settings’ model', async () => {
    mock = await startMockApi();
    mock.script(textReply('Hello from the mock.'));
    const cache = new ModelClientCache();
    const choice = cache.choose(withKey({ apiKey: `  ${TEST_API_KEY} `, baseURL: mock.url }), noRetries);
    expect(choice.model).toBe(TEST_MODEL);
    expect(choice.label).toBe(TEST_MODEL);
    const reply = await choice.client.stream(request(), () => undefined);
    expect(textOf(reply)).toBe('Hello from the mock.');
    // The key as typed, trimmed.
    expect(mock.messageRequests()[0]?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
  });

  it('tells the caller of each retry', async () => {
    mock = await startMockApi();
    mock.script({ kind: 'status', status: 529, retryAfterSeconds: 0.01 }, textReply('Second time.'));
    const retries: Array<[number, number]> = [];
    const choice = new ModelClientCache().choose(withKey({ baseURL: mock.url }), (attempt, max) => {
      retries.push([attempt, max]);
    });
    const reply = await choice.client.stream(request(), () => undefined);
    expect(textOf(reply)).toBe('Second time.');
    expect(retries).toEqual([[1, MAX_RETRIES]]);
  });

  it('keeps the client while key and URL stay the same, across a change of model', () => {
    const cache = new ModelClientCache();
    const first = cache.choose(withKey(), noRetries);
    const again = cache.choose(withKey({ model: 'claude-other' }), noRetries);
    expect(again.client).toBe(first.client);
    expect(again.model).toBe('claude-other');
  });

  it('makes a new client when the key, the URL or the request timeout changes', () => {
    const cache = new ModelClientCache();
    const first = cache.choose(withKey(), noRetries).client;
    const otherKey = cache.choose(withKey({ apiKey: `${TEST_API_KEY}-2` }), noRetries).client;
    expect(otherKey).not.toBe(first);
    const otherUrl = cache.choose(
      withKey({ apiKey: `${TEST_API_KEY}-2`, baseURL: 'http://127.0.0.1:10' }),
      noRetries,
    ).client;
    expect(otherUrl).not.toBe(otherKey);
    const storage = new Map([[REQUEST_TIMEOUT_OVERRIDE_KEY, '1500']]);
    vi.stubGlobal('sessionStorage', { getItem: (key: string) => storage.get(key) ?? null });
    const shorter = cache.choose(
      withKey({ apiKey: `${TEST_API_KEY}-2`, baseURL: 'http://127.0.0.1:10' }),
      noRetries,
    ).client;
    expect(shorter).not.toBe(otherUrl);
  });

  it('ignores a timeout override that is not a positive whole number, or storage that throws', () => {
    const cache = new ModelClientCache();
    const first = cache.choose(withKey(), noRetries).client;
    for (const value of ['abc', '-5', '1.5', '0']) {
      vi.stubGlobal('sessionStorage', { getItem: () => value });
      expect(cache.choose(withKey(), noRetries).client).toBe(first);
    }
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(cache.choose(withKey(), noRetries).client).toBe(first);
  });

  it('forget() drops the client (and the key it holds): the next choice makes a new one', () => {
    const cache = new ModelClientCache();
    const first = cache.choose(withKey(), noRetries).client;
    cache.forget();
    expect(cache.choose(withKey(), noRetries).client).not.toBe(first);
  });

  it('starts watching the page’s policy before the first request to the API, not for the demo', () => {
    const page = new EventTarget();
    const listen = vi.spyOn(page, 'addEventListener');
    vi.stubGlobal('document', page);
    const cache = new ModelClientCache();
    cache.choose(DEFAULT_SETTINGS, noRetries);
    expect(listen).not.toHaveBeenCalled();
    cache.choose(withKey(), noRetries);
    cache.choose(withKey({ apiKey: 'sk-other-key-0123456789' }), noRetries);
    expect(listen.mock.calls.map(([type]) => type)).toEqual(['securitypolicyviolation']);
  });
});
