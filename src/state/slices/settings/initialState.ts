/** The settings slice: the user's settings as in effect now, and whether the dialog is open. */
import { DEFAULT_SETTINGS, type Settings } from '../../store/settings';

export interface SettingsState {
  settings: Settings;
  settingsOpen: boolean;
}

export const initialSettingsState: SettingsState = {
  settings: DEFAULT_SETTINGS,
  settingsOpen: false,
};
