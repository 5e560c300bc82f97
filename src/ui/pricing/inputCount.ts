/**
 * The API's own count of a large new input (a paste) before it is sent, so the next
 * turn's price rests on a count rather than an estimate. Asked only when the message
 * box grows by a paste-sized jump, after the box has been still for a moment: never
 * on a keystroke. The request holds the new text alone, as one user turn to the
 * model the chat uses: nothing the chat request would not carry. A gateway that
 * refuses count_tokens is not asked again for the page's life; the failure is logged
 * once, and the price goes on with the estimate.
 */
import type { ModelClient } from '../../core/agent/types';

/** A jump of this many characters at once is a paste (or a template), not typing. */
export const LARGE_INPUT_CHARS = 2_000;
/** How long the box must stay still before the count is asked. */
export const COUNT_DEBOUNCE_MS = 600;

export interface CountedInput {
  text: string;
  model: string;
  /** Input tokens of the text as its own user turn, as the API counted it. */
  tokens: number;
}

type Listener = () => void;

let counted: CountedInput | null = null;
const listeners = new Set<Listener>();
/** Base URLs whose count_tokens failed: not asked again. */
const refused = new Set<string>();

export function countedInput(): CountedInput | null {
  return counted;
}

export function subscribeCountedInput(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(next: CountedInput | null): void {
  counted = next;
  for (const listener of listeners) listener();
}

/** Whether a change of the box from `previous` to `next` characters is a large new input. */
export function isLargeJump(previous: number, next: number): boolean {
  return next - previous >= LARGE_INPUT_CHARS;
}

export interface CountRequest {
  text: string;
  model: string;
  baseURL: string;
  client: Pick<ModelClient, 'countTokens'>;
  signal: AbortSignal;
}

/** Asks for the count of `text`; on any failure keeps the estimate (and stops asking that gateway). */
export async function countInput({ text, model, baseURL, client, signal }: CountRequest): Promise<void> {
  if (refused.has(baseURL) || !client.countTokens) return;
  try {
    const tokens = await client.countTokens({
      model,
      system: '',
      tools: [],
      messages: [{ role: 'user', content: [{ type: 'text', text }] }],
      signal,
    });
    if (!signal.aborted) publish({ text, model, tokens });
  } catch (error) {
    if (signal.aborted) return;
    refused.add(baseURL);
    console.info('Token counting is not available here; the price uses an estimate.', error);
  }
}

/** For tests: forget counts and refusals. */
export function resetInputCounts(): void {
  refused.clear();
  publish(null);
}
