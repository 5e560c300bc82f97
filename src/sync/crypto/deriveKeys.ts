/**
 * The sync keys from the passphrase (issue 28): PBKDF2-SHA-256 (slow, salted) to 256 bits
 * of key material, then HKDF-SHA-256 to two keys with separate purposes, AES-GCM-256 for
 * bodies and attachments and HMAC-SHA-256 for private ids and revision hashes.
 *
 * Why HKDF after one PBKDF2 rather than two PBKDF2 runs: the slow step is what protects a
 * weak passphrase, and it only needs to run once; a second PBKDF2 run would double the
 * wait on every device (seconds on a phone) and add nothing an attacker must also pay
 * beyond the first run's result. HKDF with a distinct `info` per purpose gives keys that
 * are independent of each other, so a key used to MAC ids is never also the one that
 * encrypts.
 *
 * Both keys are non-extractable: they can be stored in IndexedDB (structured clone keeps
 * CryptoKeys) and used, but no script can read their bytes back out.
 */
import type { SyncKeys } from '../syncContract';

/** The `info` of each HKDF output: a purpose and a version, so a future format gets new keys. */
const ENCRYPTION_INFO = 'baton-sync v1 aes-gcm-256';
const IDS_INFO = 'baton-sync v1 hmac-sha-256';

const utf8 = new TextEncoder();

/**
 * The passphrase as bytes. NFC first: the same passphrase typed on two devices (or with
 * two keyboards) may come as composed or decomposed accents, and must give the same key.
 */
export function passphraseBytes(passphrase: string): Uint8Array<ArrayBuffer> {
  return utf8.encode(passphrase.normalize('NFC'));
}

export async function deriveKeys(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<SyncKeys> {
  const password = await crypto.subtle.importKey('raw', passphraseBytes(passphrase), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const material = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, password, 256),
  );
  try {
    const root = await crypto.subtle.importKey('raw', material, 'HKDF', false, ['deriveKey']);
    // The PBKDF2 output is already uniformly random, so HKDF needs no salt of its own.
    const hkdf = (info: string) => ({
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: utf8.encode(info),
    });
    const encryption = await crypto.subtle.deriveKey(
      hkdf(ENCRYPTION_INFO),
      root,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
    const ids = await crypto.subtle.deriveKey(
      hkdf(IDS_INFO),
      root,
      { name: 'HMAC', hash: 'SHA-256', length: 256 },
      false,
      ['sign', 'verify'],
    );
    return { encryption, ids };
  } finally {
    // The raw material would give both keys: keep it in memory no longer than needed.
    material.fill(0);
  }
}
