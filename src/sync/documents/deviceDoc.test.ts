import { describe, expect, it } from 'vitest';
import { createMeta } from '../crypto/metaDoc';
import { decodeDevice, encodeDevice } from './deviceDoc';

const { keys } = await createMeta('device tests', 1_000);

describe('encodeDevice / decodeDevice', () => {
  it('round-trips a device, its name encrypted, with a revision like a record’s', async () => {
    const doc = await encodeDevice(keys, 'device-a', {
      name: 'Firefox on Hal’s laptop',
      lastSeen: 1_700_000_000_000,
    });
    expect(doc._id).toBe('d:device-a');
    expect(doc._rev).toMatch(/^1-[0-9a-f]{32}$/);
    expect(JSON.stringify(doc)).not.toContain('laptop');
    expect(await decodeDevice(keys, JSON.parse(JSON.stringify(doc)))).toEqual({
      ok: true,
      deviceId: 'device-a',
      device: { name: 'Firefox on Hal’s laptop', lastSeen: 1_700_000_000_000 },
    });
    const next = await encodeDevice(keys, 'device-a', { name: 'x', lastSeen: 2 }, doc._rev);
    expect(next._rev).toMatch(/^2-/);
    expect(next._revisions?.ids[1]).toBe(doc._rev?.slice(2));
  });

  it('skips a device document moved to another id, changed, or not a device', async () => {
    const doc = await encodeDevice(keys, 'device-a', { name: 'A', lastSeen: 1 });
    expect(await decodeDevice(keys, { ...doc, _id: 'd:device-b' })).toMatchObject({ ok: false });
    expect(await decodeDevice(keys, { ...doc, _id: 'e:device-a' })).toMatchObject({ ok: false });
    expect(await decodeDevice(keys, { ...doc, data: `A${(doc.data as string).slice(1)}` })).toMatchObject({
      ok: false,
    });
    expect(await decodeDevice(keys, { ...doc, _deleted: true })).toMatchObject({ ok: false });
    expect(await decodeDevice(keys, { _id: 'd:x', v: 1, iv: 3 })).toMatchObject({ ok: false });
  });
});
