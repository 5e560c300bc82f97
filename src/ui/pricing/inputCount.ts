/**
 * The API's own count of a large new input (a paste, a file attached) before it is sent,
 * so the next turn's price rests on a count rather than an estimate. Asked only when the
 * message box grows by a paste-sized jump or a file is added, after the composer has been
 * still for a moment: never on a keystroke. The request holds the new message alone (its
 * files and text), as one user turn to the model the chat uses: nothing the chat request
 * would not carry. A gateway that
 * refuses count_tokens is not asked again for the page's life; the failure is logged
 * once, and the price goes on with the estimate.
 */
import type { ModelClient } from '../../core/agent/types';
import type { AttachmentPayload } from '../../core/attachments/attachmentTypes';
import type { ContentBlock } from '../../core/types/message';
import type { OutgoingAttachment } from '../../state/attachments/pendingAttachment';
import { readPayload } from '../../storage/attachmentPayload';

/** A jump of this many characters at once is a paste (or a template), not typing. */
export const LARGE_INPUT_CHARS = 2_000;
/** How long the box must stay still before the count is asked. */
export const COUNT_DEBOUNCE_MS = 600;

export interface CountedInput {
  /** Which input was counted: its files and its text (inputKey). */
  key: string;
  model: string;
  /** Input tokens of the files and text as their own user turn, as the API counted it. */
  tokens: number;
}

/** Names one input of the composer: the files it carries, then its text. */
export function inputKey(text: string, attachments: readonly Pick<OutgoingAttachment, 'id'>[]): string {
  return `${attachments.map((file) => file.id).join(',')}\n${text}`;
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
  /** The files the message would carry, as it would send them. */
  attachments?: readonly OutgoingAttachment[];
  model: string;
  baseURL: string;
  client: Pick<ModelClient, 'countTokens'>;
  signal: AbortSignal;
}

/** Asks for the count of the input; on any failure keeps the estimate (and stops asking that gateway). */
export async function countInput(request: CountRequest): Promise<void> {
  const { text, attachments = [], model, baseURL, client, signal } = request;
  if (refused.has(baseURL) || !client.countTokens) return;
  try {
    // The files as the chat request sends them: the same blocks, the same payloads.
    const payloads = new Map<string, AttachmentPayload>();
    for (const file of attachments) payloads.set(file.id, await readPayload(file));
    const content: ContentBlock[] = [
      ...attachments.map(
        ({ data: _bytes, ...ref }): ContentBlock => ({ type: 'attachment', attachment: ref }),
      ),
      ...(text === '' ? [] : [{ type: 'text' as const, text }]),
    ];
    const tokens = await client.countTokens({
      model,
      system: '',
      tools: [],
      messages: [{ role: 'user', content }],
      ...(payloads.size > 0 && { attachments: payloads }),
      signal,
    });
    if (!signal.aborted) publish({ key: inputKey(text, attachments), model, tokens });
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
