/** The settings dialog's actions. */
import { notifyError } from './notices';
import { getRuntime, hasRuntime } from './runtime';
import { SETTINGS_KEY, type Settings, storedSettings, writeTabKey } from './settings';
import { errorText, set } from './storeAccess';

export function openSettings(open: boolean): void {
  set({ settingsOpen: open });
}

export async function saveSettings(next: Settings): Promise<void> {
  set({ settings: next });
  writeTabKey(next);
  if (!hasRuntime()) return;
  try {
    await getRuntime().repository.setSetting(SETTINGS_KEY, storedSettings(next));
  } catch (error) {
    notifyError(`Could not save the settings: ${errorText(error)}`);
  }
}
