/**
 * streamFaults.test.ts again, every reply decoded through the worker's protocol
 * (testing/llm/portDecoder.ts): silence, web pages, unreadable events and refused
 * requests end in the same sentences.
 */
import { vi } from 'vitest';

vi.mock('./decode/pageDecoder', async () => {
  const { portDecoder } = await import('../../testing/llm/portDecoder');
  const decoder = portDecoder();
  return { pageDecoder: () => decoder };
});

await import('./streamFaults.test');
