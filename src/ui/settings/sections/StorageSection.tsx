import { StorageSettings } from '../storage/StorageSettings';
import type { SettingsSection } from './sectionTypes';

/** Usage and persistence: read from the browser, nothing in the draft. */
export const storageSection: SettingsSection = { id: 'storage', title: 'Storage', Panel: StorageSettings };
