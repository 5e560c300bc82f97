import { describe, expect, it } from 'vitest';
import {
  DecryptError,
  decryptBytes,
  decryptJson,
  encryptBytes,
  encryptJson,
  hmacHex,
  openBytes,
  sealBytes,
  sha256Hex,
} from './cipher';
import { createMeta } from './metaDoc';

const { keys } = await createMeta('cipher tests', 1_000);
const { keys: otherKeys } = await createMeta('cipher tests', 1_000);

/** `base64` with one bit of byte `at` flipped. */
function flip(base64: string, at: number): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[at] = (bytes[at] ?? 0) ^ 1;
  return bytes.toString('base64');
}

describe('encryptBytes / decryptBytes', () => {
  it('round-trips bytes, with a fresh 12-byte IV each time', async () => {
    const plain = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
    const a = await encryptBytes(keys, plain);
    const b = await encryptBytes(keys, plain);
    expect(Buffer.from(a.iv, 'base64')).toHaveLength(12);
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
    expect(await decryptBytes(keys, a)).toEqual(plain);
    expect(await decryptBytes(keys, b)).toEqual(plain);
  });

  it('round-trips empty bytes', async () => {
    expect(await decryptBytes(keys, await encryptBytes(keys, new Uint8Array(0)))).toEqual(new Uint8Array(0));
  });

  it('refuses a changed ciphertext, a changed IV, another key and non-base64', async () => {
    const sealed = await encryptBytes(keys, new TextEncoder().encode('secret'));
    await expect(decryptBytes(keys, { ...sealed, data: flip(sealed.data, 0) })).rejects.toThrow(DecryptError);
    await expect(decryptBytes(keys, { ...sealed, data: flip(sealed.data, 20) })).rejects.toThrow(
      DecryptError,
    );
    await expect(decryptBytes(keys, { ...sealed, iv: flip(sealed.iv, 3) })).rejects.toThrow(DecryptError);
    await expect(decryptBytes(otherKeys, sealed)).rejects.toThrow(DecryptError);
    await expect(decryptBytes(keys, { ...sealed, data: `${sealed.data} ` })).rejects.toThrow(DecryptError);
    await expect(decryptBytes(keys, { ...sealed, iv: 'AAAA' })).rejects.toThrow(DecryptError);
    await expect(decryptBytes(keys, { ...sealed, data: 'AAAA' })).rejects.toThrow(DecryptError);
  });
});

describe('encryptJson / decryptJson', () => {
  it('round-trips a value and hides its text', async () => {
    const value = { text: 'the launch code is 0000', list: [1, 'two', null], nested: { ok: true } };
    const sealed = await encryptJson(keys, value);
    expect(JSON.stringify(sealed)).not.toContain('launch');
    expect(await decryptJson(keys, sealed)).toEqual(value);
  });

  it('refuses bytes that decrypt but are not JSON', async () => {
    const sealed = await encryptBytes(keys, new TextEncoder().encode('{not json'));
    await expect(decryptJson(keys, sealed)).rejects.toThrow(DecryptError);
  });
});

describe('hmacHex', () => {
  it('is 64 hex digits, the same for the same text and key, different otherwise', async () => {
    const a = await hmacHex(keys, 'notes/plan.md');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await hmacHex(keys, 'notes/plan.md')).toBe(a);
    expect(await hmacHex(keys, 'notes/plan.mD')).not.toBe(a);
    expect(await hmacHex(otherKeys, 'notes/plan.md')).not.toBe(a);
  });
});

describe('sealBytes / openBytes', () => {
  it('round-trips bytes in one buffer, IV first, and refuses them changed or under another key', async () => {
    const plain = new TextEncoder().encode('attachment bytes');
    const sealed = await sealBytes(keys, plain);
    expect(sealed.length).toBe(12 + plain.length + 16);
    expect(await openBytes(keys, sealed)).toEqual(plain);
    await expect(openBytes(otherKeys, sealed)).rejects.toThrow(DecryptError);
    for (const at of [0, 12, sealed.length - 1]) {
      const changed = sealed.slice();
      changed[at] = (changed[at] ?? 0) ^ 1;
      await expect(openBytes(keys, changed)).rejects.toThrow(DecryptError);
    }
    await expect(openBytes(keys, sealed.slice(0, 20))).rejects.toThrow(DecryptError);
  });
});

describe('sha256Hex', () => {
  it('is the SHA-256 of the bytes', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
