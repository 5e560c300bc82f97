/** The settings slice: the user's settings as in effect now, and whether the dialog is open. */
import { DEFAULT_SETTINGS, type Settings } from '../../store/settings';

export interface SettingsState {
  settings: Settings;
  settingsOpen: boolean;
  /** The section the dialog opens on (a section id, as settingsSections.ts lists them); null, the first. */
  settingsSection: string | null;
}

export const initialSettingsState: SettingsState = {
  settings: DEFAULT_SETTINGS,
  settingsOpen: false,
  settingsSection: null,
};
