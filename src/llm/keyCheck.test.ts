import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockApi, startMockApi } from '../../e2e/mock/mockApi';
import { checkKey, keyCheckSentence } from './keyCheck';

describe('checkKey against the mock API over HTTP', () => {
  let api: MockApi;
  beforeAll(async () => {
    api = await startMockApi();
  });
  afterAll(async () => {
    await api.close();
  });
  const input = () => ({ apiKey: 'sk-ant-unit', baseURL: api.url, model: 'claude-sonnet-5-5' });
  const host = () => new URL(api.url).host;

  it('calls a counted request valid, with one count_tokens call and no message', async () => {
    api.reset();
    const check = await checkKey(input());
    expect(check).toEqual({ result: 'valid', host: host(), model: 'claude-sonnet-5-5' });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/messages/count_tokens']);
    expect(api.requests[0]?.headers.authorization).toBe('Bearer sk-ant-unit');
  });

  it('calls a 401 rejected, without retrying', async () => {
    api.reset();
    api.scriptCount({ kind: 'status', status: 401 });
    const check = await checkKey(input());
    expect(check).toMatchObject({ result: 'failed', kind: 'auth', status: 401 });
    expect(keyCheckSentence(check)).toMatch(/^Rejected \(401\): /);
    expect(api.requests).toHaveLength(1);
  });

  it('calls a 404 naming the model a valid key with an unknown model', async () => {
    api.reset();
    api.scriptCount({ kind: 'status', status: 404 });
    const check = await checkKey({ ...input(), model: 'claude-nope-1' });
    expect(check).toEqual({ result: 'valid-model-unknown', host: host(), model: 'claude-nope-1' });
  });

  it("calls the organisation's CORS refusal by its name", async () => {
    api.reset();
    api.scriptCount({ kind: 'cors-forbidden' });
    const check = await checkKey(input());
    expect(keyCheckSentence(check)).toMatch(/^Blocked by CORS: /);
  });

  it('calls nothing listening a network problem', async () => {
    const check = await checkKey({ ...input(), baseURL: 'http://127.0.0.1:1' });
    expect(check).toMatchObject({ result: 'failed', kind: 'network' });
    expect(keyCheckSentence(check)).toMatch(/^Network: no answer from 127\.0\.0\.1:1: /);
  });
});
