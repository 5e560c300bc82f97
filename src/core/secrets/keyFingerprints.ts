/**
 * Every API key this device has used, kept only as salted SHA-256 fingerprints (never the
 * keys), so that an export made after a key was forgotten or replaced can still find and
 * remove it: the text is cut into key-shaped tokens, and a token whose fingerprint is on
 * the list is a past key.
 *
 * What counts as key-shaped: a maximal run of letters, digits, `-` and `_` (every
 * Anthropic key, `sk-ant-api03-…`, is one), or such a run without its leading dashes,
 * exactly as long as a remembered key or key body. A past
 * key written with other characters, or run together with letters or digits on either
 * side, is not found; the current key is always removed by plain matching as well.
 */
import { MIN_SECRET_LENGTH, secretBody } from '../redactSecret';
import { SCRUBBED_KEY_PLACEHOLDER } from './scrubSecret';

export interface KeyFingerprints {
  /** Random, per device: the same key on two devices has two fingerprints. */
  salt: string;
  keys: Array<{ length: number; hash: string }>;
}

export const KEY_FINGERPRINTS_SETTING = 'keyFingerprints';

const KEY_SHAPED = /[A-Za-z0-9_-]+/g;

function randomSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function fingerprint(salt: string, key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${key}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Repairs what was stored; anything unreadable starts a new list. */
export function restoreFingerprints(stored: unknown): KeyFingerprints | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const s = stored as { salt?: unknown; keys?: unknown };
  if (typeof s.salt !== 'string' || !Array.isArray(s.keys)) return undefined;
  const keys = s.keys.filter(
    (k): k is { length: number; hash: string } =>
      typeof k === 'object' &&
      k !== null &&
      Number.isInteger((k as { length?: unknown }).length) &&
      typeof (k as { hash?: unknown }).hash === 'string',
  );
  return { salt: s.salt, keys: keys.map(({ length, hash }) => ({ length, hash })) };
}

/**
 * The list with `key` on it (a new list when there was none); the same list if it was
 * there. The key's body (after its `sk-ant-…-` prefix) goes on the list too: a model that
 * echoes a key often breaks it after the prefix, leaving the body as a token of its own.
 */
export async function rememberKey(list: KeyFingerprints | undefined, key: string): Promise<KeyFingerprints> {
  const current = list ?? { salt: randomSalt(), keys: [] };
  const needle = key.trim();
  if (needle.length < MIN_SECRET_LENGTH) return current;
  const body = secretBody(needle);
  const secrets = body !== needle && body.length >= MIN_SECRET_LENGTH ? [needle, body] : [needle];
  const added: KeyFingerprints['keys'] = [];
  for (const secret of secrets) {
    const hash = await fingerprint(current.salt, secret);
    if (!current.keys.some((k) => k.hash === hash)) added.push({ length: secret.length, hash });
  }
  return added.length === 0 ? current : { salt: current.salt, keys: [...current.keys, ...added] };
}

/** The past keys that occur in `text`, as they occur there. */
export async function findRememberedKeys(text: string, list: KeyFingerprints | undefined): Promise<string[]> {
  if (!list || list.keys.length === 0) return [];
  const lengths = new Set(list.keys.map((k) => k.length));
  const hashes = new Set(list.keys.map((k) => k.hash));
  const candidates = new Set<string>();
  for (const match of text.matchAll(KEY_SHAPED)) {
    // A body cut from its prefix keeps the dash it followed (`sk-ant-api03 -body`).
    for (const token of [match[0], match[0].replace(/^[-_]+/, '')])
      if (lengths.has(token.length)) candidates.add(token);
  }
  const found: string[] = [];
  for (const candidate of candidates) {
    if (hashes.has(await fingerprint(list.salt, candidate))) found.push(candidate);
  }
  return found;
}

/** `text` with every remembered key in it replaced. */
export async function redactRememberedKeys(text: string, list: KeyFingerprints | undefined): Promise<string> {
  let out = text;
  for (const key of await findRememberedKeys(text, list)) out = out.split(key).join(SCRUBBED_KEY_PLACEHOLDER);
  return out;
}
