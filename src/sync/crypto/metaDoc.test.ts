import { describe, expect, it } from 'vitest';
import { SyncError } from '../syncContract';
import { decryptJson, encryptJson } from './cipher';
import { CHECK_TEXT, createMeta, DEFAULT_ITERATIONS, MAX_ITERATIONS, unlockMeta } from './metaDoc';

// Tests derive with few iterations (the production count takes a second per derivation);
// unlockMeta has to be told that is fine, as it refuses it from a real server.
const FAST = 1_000;
const fast = { minIterations: FAST };

async function syncErrorOf(promise: Promise<unknown>): Promise<SyncError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof SyncError)) throw new Error(`expected a SyncError, got ${String(error)}`);
  return error;
}

describe('createMeta / unlockMeta', () => {
  it('derives, from the same passphrase and meta document, keys that read what the first ones wrote', async () => {
    const { meta, keys } = await createMeta('correct horse battery staple', FAST);
    const sealed = await encryptJson(keys, { hello: 'world' });
    // The meta document travels as JSON: unlock from what the server would send back.
    const again = await unlockMeta(JSON.parse(JSON.stringify(meta)), 'correct horse battery staple', fast);
    expect(await decryptJson(again, sealed)).toEqual({ hello: 'world' });
  });

  it('writes a clear meta document with a 16-byte salt and the iteration count', async () => {
    const { meta } = await createMeta('pass', FAST);
    expect(meta._id).toBe('baton-meta');
    expect(meta.format).toBe(1);
    expect(meta.kdf.name).toBe('PBKDF2-SHA-256');
    expect(meta.kdf.iterations).toBe(FAST);
    expect(Buffer.from(meta.kdf.salt, 'base64')).toHaveLength(16);
    expect(JSON.stringify(meta)).not.toContain(CHECK_TEXT);
    const other = await createMeta('pass', FAST);
    expect(other.meta.kdf.salt).not.toBe(meta.kdf.salt);
  });

  it('uses 600,000 iterations unless told otherwise, which a device accepts from the server', async () => {
    expect(DEFAULT_ITERATIONS).toBe(600_000);
    const { meta } = await createMeta('pass');
    expect(meta.kdf.iterations).toBe(600_000);
    await expect(unlockMeta(meta, 'pass')).resolves.toBeDefined();
  });

  it('treats composed and decomposed accents as the same passphrase', async () => {
    const { meta } = await createMeta('caf\u00e9', FAST);
    await expect(unlockMeta(meta, 'cafe\u0301', fast)).resolves.toBeDefined();
  });

  it('says a wrong passphrase in a sentence naming the passphrase', async () => {
    const { meta } = await createMeta('right one', FAST);
    const error = await syncErrorOf(unlockMeta(meta, 'wrong one', fast));
    expect(error.kind).toBe('passphrase');
    expect(error.message).toBe(
      'The passphrase does not match the one this database was set up with. Enter the same passphrase as on your other devices.',
    );
  });

  it('refuses an empty passphrase with a sentence', async () => {
    const { meta } = await createMeta('x', FAST);
    const error = await syncErrorOf(unlockMeta(meta, '', fast));
    expect(error.kind).toBe('passphrase');
    expect(error.message).toMatch(/^Enter a passphrase/);
    expect((await syncErrorOf(createMeta('', FAST))).kind).toBe('passphrase');
  });

  it('refuses from the server an iteration count below 600,000 by default, or above 10,000,000', async () => {
    const { meta } = await createMeta('pass', FAST);
    const weak = await syncErrorOf(unlockMeta(meta, 'pass'));
    expect(weak.kind).toBe('bad-server');
    expect(weak.message).toContain('1,000 key-derivation iterations');
    expect(weak.message).toContain('600,000 to 10,000,000');
    const huge = { ...meta, kdf: { ...meta.kdf, iterations: MAX_ITERATIONS + 1 } };
    const hang = await syncErrorOf(unlockMeta(huge, 'pass', fast));
    expect(hang.kind).toBe('bad-server');
    expect(hang.message).toContain('10,000,001');
    await expect(createMeta('pass', MAX_ITERATIONS + 1)).rejects.toThrow(RangeError);
  });

  it('says a malformed meta document is not one Baton can use', async () => {
    const { meta } = await createMeta('pass', FAST);
    const broken: unknown[] = [
      null,
      'baton-meta',
      [],
      { ...meta, _id: 'other' },
      { ...meta, format: 2 },
      { ...meta, kdf: { ...meta.kdf, name: 'scrypt' } },
      { ...meta, kdf: { ...meta.kdf, iterations: '600000' } },
      { ...meta, kdf: { ...meta.kdf, iterations: 1_000.5 } },
      { ...meta, kdf: { ...meta.kdf, salt: 'AAAA' } },
      { ...meta, kdf: { ...meta.kdf, salt: 'not base64!' } },
      { ...meta, check: undefined },
      { ...meta, check: { iv: meta.check.iv, data: 42 } },
      { ...meta, check: { iv: 'AAAA', data: meta.check.data } },
      { ...meta, check: { iv: meta.check.iv, data: `${meta.check.data}AAAA` } },
    ];
    for (const doc of broken) {
      const error = await syncErrorOf(unlockMeta(doc, 'pass', fast));
      expect(error.kind, JSON.stringify(doc)).toBe('bad-server');
      expect(error.message).toMatch(/^The server's baton-meta document .*\.$/);
    }
  });

  it('takes a tampered key check for a wrong passphrase, never for a pass', async () => {
    const { meta } = await createMeta('pass', FAST);
    const bytes = Buffer.from(meta.check.data, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered = { ...meta, check: { ...meta.check, data: bytes.toString('base64') } };
    expect((await syncErrorOf(unlockMeta(tampered, 'pass', fast))).kind).toBe('passphrase');
  });

  it('makes keys that cannot be exported', async () => {
    const { keys } = await createMeta('pass', FAST);
    expect(keys.encryption.extractable).toBe(false);
    expect(keys.ids.extractable).toBe(false);
    expect(keys.encryption.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect(keys.ids.algorithm).toMatchObject({ name: 'HMAC', hash: { name: 'SHA-256' } });
    await expect(crypto.subtle.exportKey('raw', keys.encryption)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('raw', keys.ids)).rejects.toThrow();
  });
});
