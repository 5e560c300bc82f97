/**
 * Encryption of what sync sends (issue 28): AES-GCM-256 with a fresh random 12-byte IV per
 * message, and HMAC-SHA-256 for ids that must not show a private name. WebCrypto only, so
 * the same code runs in a page, a worker and Node's tests.
 *
 * AES-GCM authenticates as it encrypts: a changed byte of the IV or the ciphertext (or
 * another key) makes decryption fail as a whole, never return altered text, so "it
 * decrypted" also means "it is what one of our devices wrote".
 */
import { decodeBase64, encodeBase64 } from '../../core/attachments/base64';
import type { SyncKeys } from '../syncContract';

/** An encrypted message: base64 of its IV and of its ciphertext (tag included). */
export interface Sealed {
  iv: string;
  data: string;
}

/** The IV length AES-GCM is specified for: a random 96-bit IV per message. */
export const IV_BYTES = 12;
/** The GCM authentication tag appended to every ciphertext. */
export const TAG_BYTES = 16;

/** Thrown when a message does not decrypt (another key, altered bytes, not base64). */
export class DecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecryptError';
  }
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Encrypts `bytes` under the sync key with a fresh IV. */
export async function encryptBytes(keys: SyncKeys, bytes: Uint8Array<ArrayBuffer>): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, keys.encryption, bytes);
  return { iv: encodeBase64(iv), data: encodeBase64(new Uint8Array(data)) };
}

/** The plain bytes of `sealed`; throws DecryptError if it is not one of ours, intact. */
export async function decryptBytes(keys: SyncKeys, sealed: Sealed): Promise<Uint8Array<ArrayBuffer>> {
  const iv = decodeBase64(sealed.iv);
  const data = decodeBase64(sealed.data);
  if (iv === undefined || iv.length !== IV_BYTES) throw new DecryptError('The IV is not 12 bytes of base64.');
  if (data === undefined || data.length < TAG_BYTES)
    throw new DecryptError('The ciphertext is not base64 with its tag.');
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, keys.encryption, data));
  } catch {
    // WebCrypto's OperationError says nothing more: the tag did not match.
    throw new DecryptError('The ciphertext does not decrypt with this key.');
  }
}

/**
 * Encrypts `bytes` into one buffer, the IV first: for a blob sent as a CouchDB attachment,
 * which is one base64 string with no room for a separate IV.
 */
export async function sealBytes(
  keys: SyncKeys,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, keys.encryption, bytes));
  const sealed = new Uint8Array(IV_BYTES + data.length);
  sealed.set(iv);
  sealed.set(data, IV_BYTES);
  return sealed;
}

/** The plain bytes of what sealBytes made; throws DecryptError if it is not one of ours, intact. */
export async function openBytes(
  keys: SyncKeys,
  sealed: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new DecryptError('The sealed bytes are too short.');
  try {
    const iv = sealed.subarray(0, IV_BYTES);
    const data = sealed.subarray(IV_BYTES);
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, keys.encryption, data));
  } catch {
    throw new DecryptError('The sealed bytes do not decrypt with this key.');
  }
}

/** Encrypts the JSON of `value`. */
export async function encryptJson(keys: SyncKeys, value: unknown): Promise<Sealed> {
  return encryptBytes(keys, utf8.encode(JSON.stringify(value)));
}

/**
 * The value whose JSON `sealed` holds. Throws DecryptError when it does not decrypt or is
 * not UTF-8 JSON; the value's shape is the caller's to check.
 */
export async function decryptJson(keys: SyncKeys, sealed: Sealed): Promise<unknown> {
  const bytes = await decryptBytes(keys, sealed);
  try {
    return JSON.parse(fromUtf8.decode(bytes)) as unknown;
  } catch {
    throw new DecryptError('The decrypted text is not JSON.');
  }
}

/** HMAC-SHA-256 of `text` under the ids key, as 64 lowercase hex digits. */
export async function hmacHex(keys: SyncKeys, text: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', keys.ids, utf8.encode(text));
  return toHex(new Uint8Array(mac));
}

/** SHA-256 of `bytes`, as 64 lowercase hex digits. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
