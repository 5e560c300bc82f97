/**
 * Device documents `d:<device id>` (the "3 devices" of the sync status): each device
 * writes only its own, with its name and when it was last seen, encrypted like a record
 * (a device's name can say whose it is). The replicator owns them; these helpers keep
 * their format beside the records'.
 */
import { decryptJson, encryptJson } from '../crypto/cipher';
import type { CouchDoc, SyncKeys } from '../syncContract';
import { canonicalJson } from './canonicalJson';
import { BODY_VERSION, MAX_BODY_CHARS } from './docCodec';
import { DEVICE_PREFIX } from './docIds';
import { childRevision } from './revisions';

export interface DeviceInfo {
  /** As the device calls itself ("Chrome on Linux"). */
  name: string;
  /** When it last synced, ms since the epoch. */
  lastSeen: number;
}

export type DeviceDecodeResult =
  | { ok: true; deviceId: string; device: DeviceInfo }
  | { ok: false; reason: string };

/** The id of a device's document. */
export function deviceDocId(deviceId: string): string {
  return DEVICE_PREFIX + deviceId;
}

/** The document of device `deviceId`, as the child of `parentRev` (a first revision without one). */
export async function encodeDevice(
  keys: SyncKeys,
  deviceId: string,
  device: DeviceInfo,
  parentRev?: string,
): Promise<CouchDoc> {
  const plaintext = { deviceId, name: device.name, lastSeen: device.lastSeen };
  const revision = await childRevision(keys, canonicalJson(plaintext), parentRev);
  const sealed = await encryptJson(keys, plaintext);
  return { _id: deviceDocId(deviceId), ...revision, v: BODY_VERSION, iv: sealed.iv, data: sealed.data };
}

/** The device a document from the server describes. Never throws. */
export async function decodeDevice(keys: SyncKeys, doc: CouchDoc): Promise<DeviceDecodeResult> {
  const fail = (reason: string): DeviceDecodeResult => ({ ok: false, reason });
  if (typeof doc !== 'object' || doc === null) return fail('not a document');
  const { _id: id, _deleted: deleted, v, iv, data } = doc;
  if (typeof id !== 'string' || !id.startsWith(DEVICE_PREFIX)) return fail('not a device document');
  if (deleted === true) return fail('deleted document');
  if (v !== BODY_VERSION || typeof iv !== 'string' || typeof data !== 'string')
    return fail('body is not Baton’s');
  if (data.length > MAX_BODY_CHARS) return fail('body over 16 MB');
  let plaintext: unknown;
  try {
    plaintext = await decryptJson(keys, { iv, data });
  } catch {
    return fail('body does not decrypt');
  }
  if (typeof plaintext !== 'object' || plaintext === null) return fail('body is not a device');
  const { deviceId, name, lastSeen } = plaintext as Record<string, unknown>;
  if (
    typeof deviceId !== 'string' ||
    typeof name !== 'string' ||
    typeof lastSeen !== 'number' ||
    !Number.isFinite(lastSeen)
  )
    return fail('body is not a device');
  if (deviceDocId(deviceId) !== id) return fail('document id does not match its device');
  return { ok: true, deviceId, device: { name, lastSeen } };
}
