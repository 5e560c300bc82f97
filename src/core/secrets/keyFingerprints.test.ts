import { describe, expect, it } from 'vitest';
import {
  findRememberedKeys,
  redactRememberedKeys,
  rememberKey,
  restoreFingerprints,
} from './keyFingerprints';
import { SCRUBBED_KEY_PLACEHOLDER } from './scrubSecret';

const OLD = 'sk-ant-api03-oldOLDold_0123456789-abcdefABCDEF';
const OTHER = 'sk-ant-api03-newNEWnew_9876543210-fedcbaFEDCBA';

describe('key fingerprints', () => {
  it('remembers a key once, as a salted hash and its length, never the key', async () => {
    const list = await rememberKey(undefined, OLD);
    // The key and its body (after the prefix), each as a fingerprint.
    expect(list.keys).toHaveLength(2);
    expect(JSON.stringify(list)).not.toContain(OLD);
    expect(JSON.stringify(list)).not.toContain(OLD.slice('sk-ant-api03-'.length));
    expect(list.keys.map((k) => k.length)).toEqual([OLD.length, OLD.length - 'sk-ant-api03-'.length]);
    expect(await rememberKey(list, ` ${OLD} `)).toBe(list);
    const two = await rememberKey(list, OTHER);
    expect(two.salt).toBe(list.salt);
    expect(two.keys).toHaveLength(4);
  });

  it('finds the body of a remembered key that was broken off its prefix (issue 27, finding 6)', async () => {
    const list = await rememberKey(undefined, OLD);
    const body = OLD.slice('sk-ant-api03-'.length);
    const text = `It was sk-ant-api03 -${body}, or\nsk-ant-api03-\n${body}`;
    expect(await findRememberedKeys(text, list)).toEqual([body]);
    const clean = await redactRememberedKeys(text, list);
    expect(clean).not.toContain(body);
    expect(clean).toBe(
      `It was sk-ant-api03 -${SCRUBBED_KEY_PLACEHOLDER}, or\nsk-ant-api03-\n${SCRUBBED_KEY_PLACEHOLDER}`,
    );
  });

  it('finds a remembered key in text as a whole key-shaped token, and nothing else', async () => {
    const list = await rememberKey(undefined, OLD);
    const text = `{"text":"Your key is ${OLD}, and ${OLD}."} ${OTHER} x${OLD}`;
    expect(await findRememberedKeys(text, list)).toEqual([OLD]);
    expect(await findRememberedKeys(`no key ${OTHER}`, list)).toEqual([]);
    // A list that never had it (another device, another key) does not find it.
    expect(await findRememberedKeys(`key ${OLD}`, await rememberKey(undefined, OTHER))).toEqual([]);
  });

  it('redacts every occurrence of every remembered key', async () => {
    const list = await rememberKey(await rememberKey(undefined, OLD), OTHER);
    expect(await redactRememberedKeys(`a ${OLD} b ${OTHER} c ${OLD}`, list)).toBe(
      `a ${SCRUBBED_KEY_PLACEHOLDER} b ${SCRUBBED_KEY_PLACEHOLDER} c ${SCRUBBED_KEY_PLACEHOLDER}`,
    );
    expect(await redactRememberedKeys(`a ${OLD}`, undefined)).toBe(`a ${OLD}`);
  });

  it('repairs a stored list, or starts over from an unreadable one', () => {
    expect(
      restoreFingerprints({ salt: 's', keys: [{ length: 3, hash: 'h' }, { length: 'x' }, null] }),
    ).toEqual({
      salt: 's',
      keys: [{ length: 3, hash: 'h' }],
    });
    expect(restoreFingerprints('junk')).toBeUndefined();
    expect(restoreFingerprints({ keys: [] })).toBeUndefined();
  });
});
