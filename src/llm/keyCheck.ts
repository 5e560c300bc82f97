/**
 * "Test key": one free request (count_tokens on a one-word message) with the key and
 * base URL as typed, before they are saved, and what its answer says about the key in
 * words. count_tokens costs nothing, needs the same key and headers as a chat request
 * and passes through the same CORS preflight, so what it finds holds for the chat too.
 */
import { ModelError, type ModelErrorKind } from '../core/agent/types';
import { createSdkModelClient } from './sdkModelClient';

export interface KeyCheckInput {
  apiKey: string;
  baseURL: string;
  model: string;
}

export type KeyCheck =
  | { result: 'valid'; host: string; model: string }
  | { result: 'valid-model-unknown'; host: string; model: string }
  | { result: 'failed'; kind: ModelErrorKind; status?: number; host: string; detail: string };

/** A check waits this long for an answer, not the chat's ten minutes. */
const CHECK_TIMEOUT_MS = 15_000;

export async function checkKey(
  input: KeyCheckInput,
  signal: AbortSignal = new AbortController().signal,
): Promise<KeyCheck> {
  const host = hostOf(input.baseURL);
  const client = createSdkModelClient({
    apiKey: input.apiKey,
    baseURL: input.baseURL,
    label: input.model,
    // One attempt: a retry would only delay the answer the user is waiting for.
    maxRetries: 0,
    timeoutMs: CHECK_TIMEOUT_MS,
  });
  try {
    await client.countTokens?.({
      model: input.model,
      system: '',
      tools: [],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      signal,
    });
    return { result: 'valid', host, model: input.model };
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    // The API checks the key before the model: a 404 naming the model means the key passed.
    if (error.kind === 'model_not_found') return { result: 'valid-model-unknown', host, model: input.model };
    return {
      result: 'failed',
      kind: error.kind,
      ...(error.status !== undefined && { status: error.status }),
      host,
      detail: error.message,
    };
  }
}

/** The check's finding as the Settings dialog says it. */
export function keyCheckSentence(check: KeyCheck): string {
  switch (check.result) {
    case 'valid':
      return `Valid: ${check.host} accepted the key (a token count for ${check.model} succeeded).`;
    case 'valid-model-unknown':
      return `Valid key, but ${check.host} does not know the model “${check.model}”: pick another in the Model section.`;
    case 'failed':
      return failureSentence(check);
  }
}

function failureSentence(check: Extract<KeyCheck, { result: 'failed' }>): string {
  const status = check.status !== undefined ? ` (${check.status})` : '';
  switch (check.kind) {
    case 'auth':
      return `Rejected${status}: ${check.host} did not accept this key. Check that it was copied whole, and that it has not been revoked.`;
    case 'permission':
      return `Refused${status}: the key was accepted but may not do this. ${check.detail}`;
    case 'cors_forbidden':
      return `Blocked by CORS: the key's organisation does not allow requests from a browser. ${check.detail}`;
    case 'network':
    case 'timeout':
    case 'blocked_by_policy':
      // A server that sends no CORS headers fails in the browser exactly like one that is down.
      return `Network: no answer from ${check.host}: it could not be reached, or it does not allow requests from this page (CORS). ${check.detail}`;
    default:
      return `Not confirmed${status}: ${check.detail}`;
  }
}

function hostOf(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return baseURL;
  }
}
