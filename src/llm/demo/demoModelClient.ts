/**
 * The offline demo model behind the same ModelClient as the real API: the SDK client,
 * with a fetch that answers locally.
 */
import type { ModelClient } from '../../core/agent/types';
import { DEMO_MODEL_ID, demoModelLabel } from '../defaults';
import { createSdkModelClient } from '../sdkModelClient';
import { createDemoFetch, type DemoFetchOptions } from './demoFetch';

export interface DemoModelClientOptions extends DemoFetchOptions {
  /** Which demo answers: DEMO_MODEL_ID (the default) or DEMO_SMALL_MODEL_ID. */
  model?: string;
}

export function createDemoModelClient(options: DemoModelClientOptions = {}): ModelClient {
  const { model = DEMO_MODEL_ID, ...fetchOptions } = options;
  const client = createSdkModelClient({
    apiKey: 'demo',
    baseURL: 'https://demo.invalid',
    fetch: createDemoFetch(fetchOptions),
    label: demoModelLabel(model),
    // Nothing here can fail transiently; a retry would only replay the same answer.
    maxRetries: 0,
  });
  // The request's model id is what the fake fetch reads to know which demo answers
  // (and so which window applies): this client is that demo, whatever the caller named.
  const { countTokens } = client;
  return {
    label: client.label,
    stream: (request, onPartial) => client.stream({ ...request, model }, onPartial),
    ...(countTokens && { countTokens: (request) => countTokens.call(client, { ...request, model }) }),
  };
}
