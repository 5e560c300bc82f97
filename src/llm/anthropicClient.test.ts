import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, sseResponse } from '../../testing/llm/fakeApi';
import { createAnthropicClient } from './anthropicClient';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('createAnthropicClient', () => {
  it('uses the explicit key and base URL, never the environment', async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-from-env-key');
    vi.stubEnv('ANTHROPIC_AUTH_TOKEN', 'token-from-env');
    vi.stubEnv('ANTHROPIC_BASE_URL', 'https://env.example.com');
    vi.stubEnv('ANTHROPIC_PROFILE', 'does-not-exist');
    const api = fakeFetch((_request, signal) => sseResponse({ model: 'm', blocks: [] }, signal));
    const client = createAnthropicClient({
      apiKey: 'sk-explicit-key',
      baseURL: 'https://api.test',
      fetch: api.fetch,
    });

    const stream = await client.messages.create({ model: 'm', max_tokens: 5, messages: [], stream: true });
    for await (const _event of stream) {
      // drain
    }

    expect(api.sent).toHaveLength(1);
    const sent = api.sent[0]!;
    expect(sent.url).toBe('https://api.test/v1/messages');
    expect(sent.headers.get('authorization')).toBe('Bearer sk-explicit-key');
    expect(sent.headers.get('anthropic-dangerous-direct-browser-access')).toBe('true');
  });

  it('passes retries and timeout through and switches tracing off', () => {
    vi.stubEnv('ANTHROPIC_OPEN_TELEMETRY', 'true');
    const client = createAnthropicClient({
      apiKey: 'k',
      baseURL: 'https://api.test',
      maxRetries: 0,
      timeoutMs: 1234,
    });
    expect(client.maxRetries).toBe(0);
    expect(client.timeout).toBe(1234);
    // Tracing would add trace headers, which the API's CORS preflight would have to allow.
    expect(client.openTelemetry.traces.enabled).toBe(false);
  });
});
