/**
 * The clear `baton-meta` document (issue 28): the salt and iteration count of the key
 * derivation and a key check, so that every device derives the same keys from the same
 * passphrase and a wrong passphrase is told apart before anything is merged.
 *
 * The server (or anyone on the way to it) can rewrite this document, so what it says is
 * checked before use: an iteration count below the floor would make the passphrase cheap
 * to guess, one far above it would hang the device; a short salt would allow precomputed
 * guesses. Each refusal is a SyncError with the sentence to show.
 */
import { decodeBase64, encodeBase64 } from '../../core/attachments/base64';
import { type MetaDoc, SyncError, type SyncKeys } from '../syncContract';
import { DecryptError, decryptBytes, encryptBytes, IV_BYTES, TAG_BYTES } from './cipher';
import { deriveKeys } from './deriveKeys';

export const META_DOC_ID = 'baton-meta';
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA-256, and the floor. */
export const DEFAULT_ITERATIONS = 600_000;
export const MIN_ITERATIONS = 600_000;
/** Far above any sane setting: a count beyond it from the server is an attempt to hang the device. */
export const MAX_ITERATIONS = 10_000_000;
export const SALT_BYTES = 16;
const MAX_SALT_BYTES = 64;
/** The known text of the key check. */
export const CHECK_TEXT = 'Baton sync key check v1';

const WRONG_PASSPHRASE =
  'The passphrase does not match the one this database was set up with. Enter the same passphrase as on your other devices.';
const EMPTY_PASSPHRASE =
  'Enter a passphrase: it encrypts your sessions, and every device needs the same one.';

export interface UnlockOptions {
  /**
   * The lowest iteration count accepted from the server. Production keeps the default;
   * tests that set up a database with few iterations (to run fast) pass their own.
   */
  minIterations?: number;
}

/** A new meta document with a random salt, and the keys it describes. */
export async function createMeta(
  passphrase: string,
  iterations: number = DEFAULT_ITERATIONS,
): Promise<{ meta: MetaDoc; keys: SyncKeys }> {
  if (passphrase === '') throw new SyncError('passphrase', EMPTY_PASSPHRASE);
  if (!Number.isSafeInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS)
    throw new RangeError(`An iteration count of ${iterations} is not one Baton can use.`);
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const keys = await deriveKeys(passphrase, salt, iterations);
  const check = await encryptBytes(keys, new TextEncoder().encode(CHECK_TEXT));
  const meta: MetaDoc = {
    _id: META_DOC_ID,
    format: 1,
    kdf: { name: 'PBKDF2-SHA-256', iterations, salt: encodeBase64(salt) },
    check,
  };
  return { meta, keys };
}

/**
 * The keys for `passphrase` under the meta document the server sent. Throws SyncError:
 * 'bad-server' when the document is not a meta document Baton can trust, 'passphrase'
 * when the passphrase is empty or is not the one the database was set up with.
 */
export async function unlockMeta(
  meta: unknown,
  passphrase: string,
  options: UnlockOptions = {},
): Promise<SyncKeys> {
  const { iterations, salt, check } = readMeta(meta, options.minIterations ?? MIN_ITERATIONS);
  if (passphrase === '') throw new SyncError('passphrase', EMPTY_PASSPHRASE);
  const keys = await deriveKeys(passphrase, salt, iterations);
  let text: string;
  try {
    text = new TextDecoder().decode(await decryptBytes(keys, check));
  } catch (error) {
    if (error instanceof DecryptError) throw new SyncError('passphrase', WRONG_PASSPHRASE);
    throw error;
  }
  // Only our key decrypts the check at all; a different text under our key is not ours.
  if (text !== CHECK_TEXT) throw badMeta('its key check is not the one Baton writes');
  return keys;
}

function badMeta(what: string): SyncError {
  return new SyncError(
    'bad-server',
    `The server's ${META_DOC_ID} document is not one Baton can use (${what}). Use a database that only Baton uses, or check the server.`,
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parts of a meta document, checked; throws a 'bad-server' SyncError if any is wrong. */
function readMeta(
  meta: unknown,
  minIterations: number,
): { iterations: number; salt: Uint8Array<ArrayBuffer>; check: { iv: string; data: string } } {
  if (!isRecord(meta)) throw badMeta('it is not a JSON object');
  if (meta._id !== META_DOC_ID) throw badMeta(`its id is not ${META_DOC_ID}`);
  if (meta.format !== 1) throw badMeta('its format is not 1; a newer Baton may have written it');
  const kdf = meta.kdf;
  if (!isRecord(kdf) || kdf.name !== 'PBKDF2-SHA-256')
    throw badMeta('its key derivation is not PBKDF2-SHA-256');
  const iterations = kdf.iterations;
  if (typeof iterations !== 'number' || !Number.isSafeInteger(iterations))
    throw badMeta('its iteration count is not a whole number');
  if (iterations < minIterations || iterations > MAX_ITERATIONS)
    throw new SyncError(
      'bad-server',
      `The server's ${META_DOC_ID} document asks for ${iterations.toLocaleString('en-US')} key-derivation iterations, outside the safe range of ${minIterations.toLocaleString('en-US')} to ${MAX_ITERATIONS.toLocaleString('en-US')}: someone may have changed it. Check the server, or use another database.`,
    );
  const salt = typeof kdf.salt === 'string' ? decodeBase64(kdf.salt) : undefined;
  if (salt === undefined || salt.length < SALT_BYTES || salt.length > MAX_SALT_BYTES)
    throw badMeta(`its salt is not ${SALT_BYTES} to ${MAX_SALT_BYTES} bytes of base64`);
  const check = meta.check;
  if (!isRecord(check) || typeof check.iv !== 'string' || typeof check.data !== 'string')
    throw badMeta('it has no key check');
  const iv = decodeBase64(check.iv);
  const data = decodeBase64(check.data);
  if (iv?.length !== IV_BYTES || data === undefined || data.length !== CHECK_TEXT.length + TAG_BYTES)
    throw badMeta('its key check is not the size Baton writes');
  return { iterations, salt, check: { iv: check.iv, data: check.data } };
}
