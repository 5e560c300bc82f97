/**
 * The Settings dialog's sections, in tab order. Adding one (Tools, Sync…) is a file in
 * sections/ and a line here.
 */
import { dataSection } from './sections/DataSection';
import { generalSection } from './sections/GeneralSection';
import { handoffSection } from './sections/HandoffSection';
import { modelSection } from './sections/ModelSection';
import { storageSection } from './sections/StorageSection';
import { syncSection } from './sections/SyncSection';
import type { SettingsSection } from './sections/sectionTypes';
import { toolsSection } from './sections/ToolsSection';

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  generalSection,
  modelSection,
  handoffSection,
  toolsSection,
  storageSection,
  syncSection,
  dataSection,
];
