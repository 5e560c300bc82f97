import type { ComponentType } from 'react';
import type { Settings } from '../../../state/store/settings';

/** What every section of the Settings dialog is given: the draft that Save stores, and ways to change it. */
export interface SectionProps {
  draft: Settings;
  update: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  patch: (changes: Partial<Settings>) => void;
}

/**
 * One tab of the Settings dialog. A new section is its own file exporting one of these,
 * and one line in settingsSections.ts.
 */
export interface SettingsSection {
  /** Stable, for ids and for a validation problem to name the section it belongs to. */
  id: string;
  /** The tab's name and the panel's. */
  title: string;
  Panel: ComponentType<SectionProps>;
}
