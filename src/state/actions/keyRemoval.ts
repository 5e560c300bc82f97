/**
 * A key that is forgotten or replaced leaves the device: it is taken out of what is
 * queued to be written, of everything stored (one transaction), and of the open session
 * in memory. Every key the device used is remembered as a fingerprint only, so exports
 * can still find a past key the model echoed into a reply (see keyFingerprints.ts).
 */
import {
  KEY_FINGERPRINTS_SETTING,
  type KeyFingerprints,
  redactRememberedKeys,
  rememberKey,
  restoreFingerprints,
} from '../../core/secrets/keyFingerprints';
import { scrubbed, scrubEntry, scrubHeader } from '../../core/secrets/scrubSecret';
import type { SessionEntry } from '../../core/types/entry';
import { getRuntime, hasRuntime } from '../app/runtime';
import { notifyError } from '../slices/status/actions';
import { errorText } from '../store/storeAccess';

async function loadFingerprints(): Promise<KeyFingerprints | undefined> {
  return restoreFingerprints(await getRuntime().repository.getSetting<unknown>(KEY_FINGERPRINTS_SETTING));
}

/** Puts `key` on the device's list of fingerprints (once). */
export async function rememberDeviceKey(key: string): Promise<void> {
  if (!hasRuntime() || !key.trim()) return;
  try {
    const list = await loadFingerprints();
    const next = await rememberKey(list, key);
    if (next !== list) await getRuntime().repository.setSetting(KEY_FINGERPRINTS_SETTING, next);
  } catch (error) {
    // Not fatal: the key is still removed from exports while it is the current one.
    notifyError(`Could not remember this key's fingerprint for later exports: ${errorText(error)}`);
  }
}

/** `text` (an export) without any key this device has used, found by fingerprint. */
export async function withoutPastKeys(text: string): Promise<string> {
  if (!hasRuntime()) return text;
  return redactRememberedKeys(text, await loadFingerprints());
}

/** Takes `secret` out of the write queue, everything stored and the open session. */
export async function removeKeyEverywhere(secret: string): Promise<void> {
  if (!hasRuntime() || !secret.trim()) return;
  const { queue, repository, session } = getRuntime();
  const entry = (value: SessionEntry) => scrubEntry(value, secret);
  const header = (value: Parameters<typeof scrubHeader>[0]) => scrubHeader(value, secret);
  try {
    await queue.rewritePending(entry, header);
    await repository.rewriteEverything(
      (store, value) =>
        store === 'entries' ? scrubEntry(value as SessionEntry, secret) : scrubbed(value, secret),
      [KEY_FINGERPRINTS_SETTING],
    );
    session.rewriteLoaded(entry, header);
  } catch (error) {
    notifyError(
      `The old key could not be removed from stored conversations (${errorText(error)}). Exports still leave it out.`,
    );
  }
}
