/** The settings dialog's actions. */
import { deleteSecretsDatabase } from '../../mcp/oauth/idbSecretStore';
import { storageFailureSentence } from '../../storage/storageFailure';
import { forgetModelClient } from '../app/lazyModelClient';
import { getRuntime, hasRuntime } from '../app/runtime';
import { applySettings } from '../slices/settings/actions';
import { notify, notifyError } from '../slices/status/actions';
import { SETTINGS_KEY, type Settings, storedSettings } from '../store/settings';
import { errorText, get } from '../store/storeAccess';
import { rememberDeviceKey, removeKeyEverywhere } from './keyRemoval';

/**
 * `previous`: the settings before this change, when the caller has already put `next` in
 * effect. Resolves to whether the settings record was stored (a failure is also told on
 * the status line), once a replaced key has left storage too.
 */
export async function saveSettings(next: Settings, previous: Settings = get().settings): Promise<boolean> {
  const previousKey = previous.apiKey.trim();
  applySettings(next);
  if (!hasRuntime()) return false;
  let stored = true;
  try {
    await getRuntime().repository.setSetting(SETTINGS_KEY, storedSettings(next));
  } catch (error) {
    stored = false;
    notifyError(storageFailureSentence('the settings', error));
  }
  const key = next.apiKey.trim();
  if (key) await rememberDeviceKey(key);
  // A key forgotten or replaced leaves everything stored, not only the settings.
  if (previousKey && previousKey !== key) await removeKeyEverywhere(previousKey);
  return stored;
}

export const KEY_FORGOTTEN =
  'Key forgotten on this device. The offline demo model answers until you enter a key.';

/**
 * "Forget key": the key leaves memory, the tab's sessionStorage, the settings record in
 * IndexedDB and the cached SDK client; with no key the app falls back to the demo model.
 * The MCP servers' OAuth tokens are credentials too: their database goes with it.
 */
export async function forgetKey(): Promise<void> {
  forgetModelClient();
  await saveSettings({ ...get().settings, apiKey: '', rememberKey: false });
  try {
    await deleteSecretsDatabase();
  } catch (error) {
    notifyError(`Could not delete the MCP servers' sign-ins from this device: ${errorText(error)}`);
  }
  notify(KEY_FORGOTTEN);
}
