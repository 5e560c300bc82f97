/**
 * sdkModelClient.test.ts again, every reply decoded through the worker's protocol
 * (testing/llm/portDecoder.ts) instead of on the page: the same partials, finals,
 * aborts, errors and retries.
 */
import { vi } from 'vitest';

vi.mock('./decode/pageDecoder', async () => {
  const { portDecoder } = await import('../../testing/llm/portDecoder');
  const decoder = portDecoder();
  return { pageDecoder: () => decoder };
});

await import('./sdkModelClient.test');
