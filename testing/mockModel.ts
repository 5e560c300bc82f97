/**
 * The model side of the core's integration tests: the real SDK client (the one the app
 * uses) pointed at the local mock of the Messages API, with retries off so a scripted
 * error is seen once, as it is.
 */
import {
  type MockApi,
  type MockStep,
  mockTokenCount,
  type RecordedRequest,
  startMockApi,
} from '../e2e/mock/mockApi';
import type { ReplyStep } from '../e2e/mock/mockSteps';
import type { ModelClient } from '../src/core/agent/types';
import type { ApiMessage } from '../src/core/types/agentMessage';
import { createSdkModelClient } from '../src/llm/sdkModelClient';

export type { MockApi, MockStep, RecordedRequest, ReplyStep };
export { mockTokenCount, startMockApi };

/** Long enough to be redacted (see MIN_SECRET_LENGTH), shaped like a real key. */
export const TEST_API_KEY = 'sk-ant-api03-unit-test-key-0123456789';
export const TEST_MODEL = 'claude-test-model';

export function mockModelClient(mock: MockApi, fetchImpl?: typeof fetch): ModelClient {
  return createSdkModelClient({
    apiKey: TEST_API_KEY,
    baseURL: mock.url,
    label: 'Mock API',
    maxRetries: 0,
    ...(fetchImpl && { fetch: fetchImpl }),
  });
}

/** A streamed text reply; `delayMsPerEvent` makes it slow enough to act on mid-stream. */
export function textReply(text: string, delayMsPerEvent = 0, chunkSize?: number): ReplyStep {
  return {
    kind: 'reply',
    reply: { blocks: [{ type: 'text', text }], ...(chunkSize !== undefined && { chunkSize }) },
    ...(delayMsPerEvent > 0 && { delayMsPerEvent }),
  };
}

/** A reply that calls one tool (optionally after some text). */
export function toolUseReply(id: string, name: string, input: unknown, before?: string): ReplyStep {
  return {
    kind: 'reply',
    reply: {
      blocks: [
        ...(before ? [{ type: 'text' as const, text: before }] : []),
        { type: 'tool_use', id, name, input },
      ],
    },
  };
}

/** The conversation a recorded request carried, in our own block shape. */
export function sentMessages(request: RecordedRequest | undefined): ApiMessage[] {
  if (!request) throw new Error('No such request was recorded');
  // The body is the JSON our own request builder wrote from ApiMessage turns; the prompt
  // cache's breakpoint is wire-only (its placement has tests of its own: sentBreakpoints).
  const turns = (request.body.messages ?? []) as Array<{ role: ApiMessage['role']; content: object[] }>;
  return turns.map((turn) => ({
    role: turn.role,
    content: turn.content.map((block) => {
      const { cache_control: _breakpoint, ...rest } = block as { cache_control?: unknown };
      return rest as ApiMessage['content'][number];
    }),
  }));
}

/** Where a recorded request put prompt-cache breakpoints: [turn index, block index] pairs. */
export function sentBreakpoints(request: RecordedRequest | undefined): Array<[number, number]> {
  if (!request) throw new Error('No such request was recorded');
  const turns = (request.body.messages ?? []) as Array<{ content: Array<{ cache_control?: unknown }> }>;
  return turns.flatMap((turn, t) =>
    turn.content.flatMap((block, b): Array<[number, number]> => (block.cache_control ? [[t, b]] : [])),
  );
}

/** Every text block of a recorded request's conversation, in order. */
export function sentTexts(request: RecordedRequest | undefined): string[] {
  return sentMessages(request).flatMap((turn) =>
    turn.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])),
  );
}
