/**
 * Takes a forgotten (or replaced) API key out of stored records: wherever the model or
 * the user put it into a conversation, a title, a template. Used when the key is forgotten,
 * on what IndexedDB holds, what is queued to be written and what the open session shows.
 */
import { MIN_SECRET_LENGTH } from '../redactSecret';
import { isMessageEntry, type SessionEntry, type SessionHeader } from '../types/entry';

export const SCRUBBED_KEY_PLACEHOLDER = '[API key removed]';

/**
 * `value` with every occurrence of `secret` in any string replaced (property names
 * included), or undefined when there is none, so callers rewrite only what changed. The
 * JSON text is searched and replaced as text: the key is made of characters JSON never
 * escapes differently, and the round trip keeps every other value as it was.
 */
export function scrubbed<T>(value: T, secret: string): T | undefined {
  const needle = secret.trim();
  if (needle.length < MIN_SECRET_LENGTH) return undefined;
  const escaped = JSON.stringify(needle).slice(1, -1);
  const text = JSON.stringify(value);
  if (text === undefined || !text.includes(escaped)) return undefined;
  // The parsed copy is the same shape as `value`: only string contents changed.
  return JSON.parse(text.split(escaped).join(SCRUBBED_KEY_PLACEHOLDER)) as T;
}

/**
 * An entry without the key. A thinking block whose text changed loses its signature (it
 * no longer matches), so the request builder leaves it out instead of sending the API
 * thinking it would refuse.
 */
export function scrubEntry(entry: SessionEntry, secret: string): SessionEntry | undefined {
  const clean = scrubbed(entry, secret);
  if (!clean || !isMessageEntry(clean) || !isMessageEntry(entry)) return clean;
  clean.message.content.forEach((block, i) => {
    const was = entry.message.content[i];
    if (block.type === 'thinking' && was?.type === 'thinking' && block.thinking !== was.thinking)
      block.signature = '';
  });
  return clean;
}

export function scrubHeader(header: SessionHeader, secret: string): SessionHeader | undefined {
  return scrubbed(header, secret);
}
