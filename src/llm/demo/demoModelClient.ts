/**
 * The offline demo model behind the same ModelClient as the real API: the SDK client,
 * with a fetch that answers locally.
 */
import type { ModelClient } from '../../core/agent/types';
import { DEMO_MODEL_LABEL } from '../defaults';
import { createSdkModelClient } from '../sdkModelClient';
import { createDemoFetch, type DemoFetchOptions } from './demoFetch';

export function createDemoModelClient(options: DemoFetchOptions = {}): ModelClient {
  return createSdkModelClient({
    apiKey: 'demo',
    baseURL: 'https://demo.invalid',
    fetch: createDemoFetch(options),
    label: DEMO_MODEL_LABEL,
    // Nothing here can fail transiently; a retry would only replay the same answer.
    maxRetries: 0,
  });
}
