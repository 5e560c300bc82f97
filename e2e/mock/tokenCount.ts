/**
 * The mock's one notion of a token: about four characters of the request's JSON. Its
 * own module so that the context window (mockApi.ts) and the prompt cache
 * (promptCache.ts) count with the very same rule.
 */

import { withMediaAsTokens } from './mediaRules';

/** Characters per token, as the mock counts. */
export const CHARS_PER_MOCK_TOKEN = 4;

/** Tokens of `chars` characters of JSON, rounded up. */
export function tokensOfChars(chars: number): number {
  return Math.ceil(chars / CHARS_PER_MOCK_TOKEN);
}

/** A request; only the parts that fill a context window are counted, the rest is ignored. */
export interface CountedRequest {
  system?: unknown;
  tools?: unknown[];
  messages?: unknown[];
  [field: string]: unknown;
}

/**
 * The mock's token count for a request: about four characters a token over what fills a
 * context window (system, tools, messages), as sent; images and PDFs by their pixels and
 * pages, as the API bills them (mediaRules). Tests compute the same number to pick limits.
 */
export function mockTokenCount(body: CountedRequest): number {
  const messages = withMediaAsTokens(body.messages ?? [], CHARS_PER_MOCK_TOKEN);
  const counted = { system: body.system ?? null, tools: body.tools ?? [], messages };
  return tokensOfChars(JSON.stringify(counted).length);
}
