/**
 * Takes a forgotten (or replaced) API key out of stored records: wherever the model or
 * the user put it into a conversation, a title, a template. Used when the key is forgotten,
 * on what IndexedDB holds, what is queued to be written and what the open session shows.
 */
import { MIN_SECRET_LENGTH, secretRedactor } from '../redactSecret';
import { isMessageEntry, type SessionEntry, type SessionHeader } from '../types/entry';

export const SCRUBBED_KEY_PLACEHOLDER = '[API key removed]';

/**
 * `value` with the key and every piece of its body (see redactSecret) replaced in any
 * string, property names included, or undefined when there is none, so callers rewrite
 * only what changed. Arrays and plain objects are copied; anything else (a number, a
 * Blob, a Date) is kept as it is.
 */
export function scrubbed<T>(value: T, secret: string): T | undefined {
  if (secret.trim().length < MIN_SECRET_LENGTH) return undefined;
  let changed = false;
  const redact = secretRedactor(secret, SCRUBBED_KEY_PLACEHOLDER);
  const clean = (text: string): string => {
    const out = redact(text);
    if (out !== text) changed = true;
    return out;
  };
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return clean(item);
    if (Array.isArray(item)) return item.map(walk);
    if (!isPlainObject(item)) return item;
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(item)) copy[clean(key)] = walk(inner);
    return copy;
  };
  const result = walk(value);
  // The copy is the same shape as `value`: only string contents changed.
  return changed ? (result as T) : undefined;
}

function isPlainObject(item: unknown): item is Record<string, unknown> {
  if (typeof item !== 'object' || item === null) return false;
  const proto: unknown = Object.getPrototypeOf(item);
  return proto === Object.prototype || proto === null;
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
