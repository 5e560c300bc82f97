/**
 * The settings slice's actions. Saving (storage, the key leaving the device) is
 * settingsActions.ts's; these only change what is in effect and what is shown.
 */
import { type Settings, writeTabKey } from '../../store/settings';
import { set } from '../../store/storeAccess';

/** Opens (or closes) the Settings dialog; `section` picks the tab it opens on (else the first). */
export function openSettings(open: boolean, section?: string): void {
  set({ settingsOpen: open, settingsSection: open ? (section ?? null) : null });
}

/**
 * `next` is in effect from now on: in the store (the agent sessions are given it from
 * there) and, when it is not remembered on the device, the key in the tab's storage.
 */
export function applySettings(next: Settings): void {
  set({ settings: next });
  writeTabKey(next);
}
