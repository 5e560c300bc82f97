import { DataSettings } from '../DataSettings';
import type { SettingsSection } from './sectionTypes';

/** Backup (export) and import side by side; both act at once, not on Save. */
export const dataSection: SettingsSection = { id: 'data', title: 'Data', Panel: DataSettings };
