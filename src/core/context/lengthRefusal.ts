/**
 * A request the model refused because the conversation no longer fits its context
 * window: the API's 400 `prompt is too long: N tokens > M maximum`, a 413
 * `request_too_large`, or a reply that ended with `model_context_window_exceeded`.
 * The numbers, when the API gave them, let the meter show the real size.
 */
import { groupThousands } from '../groupThousands';
import type { ContextOverflow } from '../types/contextOverflow';
import type { Message } from '../types/message';

const PROMPT_TOO_LONG = /prompt is too long:\s*(\d+)\s*tokens?\s*>\s*(\d+)\s*maximum/i;

/** `prompt is too long: 219898 tokens > 200000 maximum` → { tokens: 219898, limit: 200000 }. */
export function parsePromptTooLong(message: string): ContextOverflow | undefined {
  const match = PROMPT_TOO_LONG.exec(message);
  if (!match) return undefined;
  return { tokens: Number(match[1]), limit: Number(match[2]) };
}

/** Whether `message` (a reply) says the conversation no longer fits, and the sizes it named. */
export function overflowOf(
  message: Pick<Message, 'contextOverflow' | 'stopReason'>,
): ContextOverflow | undefined {
  return message.contextOverflow ?? (message.stopReason === 'model_context_window_exceeded' ? {} : undefined);
}

export function contextOverflowSentence(overflow: ContextOverflow): string {
  const numbers =
    overflow.tokens !== undefined && overflow.limit !== undefined
      ? ` (${groupThousands(overflow.tokens)} of ${groupThousands(overflow.limit)} tokens)`
      : '';
  return `This conversation no longer fits the model's context${numbers}.`;
}

/** The sentence under a reply the window cut off while it was being written. */
export const CONTEXT_WINDOW_EXCEEDED_NOTE =
  "Cut off: the model's context window filled up while it was writing. Hand off to continue.";
