/**
 * The check before a message is sent: a request the API would surely refuse for its
 * size is not sent. The composer checks each file as it is attached (checkContextRoom),
 * but a conversation can grow past the window without passing the composer (an
 * imported session carrying a huge file): the request was sent anyway, 26 MB against a
 * meter reading "6.6M / 1M". This runs the same sums on the whole request.
 *
 * The token estimate errs high by design (3.5 characters a token where real text gives
 * about 4; a token per CJK character), and a conversation grown through the app is at
 * most an accepted request, its reply and one new message: so up to twice the window the
 * API decides (its refusal names the real numbers and leads to Hand off, the demo's
 * included). Past that, or with more bytes of files than a request may hold, the
 * request would only be refused, after uploading it all.
 */
import { MAX_REQUEST_BYTES } from '../attachments/attachmentLimits';
import { filesOf } from '../attachments/attachmentTypes';
import type { ApiMessage } from '../types/agentMessage';
import type { ContextOverflow } from '../types/contextOverflow';
import type { SessionEntry } from '../types/entry';
import { isMessageEntry } from '../types/entry';
import { estimateContext } from './estimateContext';
import { estimateTurnTokens } from './estimateTokens';

/** How far over the window the estimate may go before the request is not sent at all. */
export const SURELY_OVER_WINDOW = 2;

export type SendRefusal =
  | { kind: 'tokens'; overflow: Required<ContextOverflow> }
  | { kind: 'bytes'; bytes: number; limit: number };

/**
 * Why a request of `branch` plus `message` would surely be refused for its size, or
 * undefined. `window` is the model's, in tokens.
 */
export function sendRefusal(
  branch: readonly SessionEntry[],
  systemPrompt: string,
  message: ApiMessage,
  window: number,
): SendRefusal | undefined {
  const tokens = estimateContext(branch, systemPrompt).used + estimateTurnTokens(message);
  if (tokens > window * SURELY_OVER_WINDOW) return { kind: 'tokens', overflow: { tokens, limit: window } };
  // Every file of the branch travels with each request, as base64 (4 bytes for every 3).
  const sizes = new Map<string, number>();
  for (const entry of branch) {
    if (!isMessageEntry(entry)) continue;
    for (const file of filesOf(entry.message.content)) sizes.set(file.id, file.size);
  }
  for (const file of filesOf(message.content)) sizes.set(file.id, file.size);
  let bytes = 0;
  for (const size of sizes.values()) bytes += Math.ceil(size / 3) * 4;
  if (bytes > MAX_REQUEST_BYTES) return { kind: 'bytes', bytes, limit: MAX_REQUEST_BYTES };
  return undefined;
}
