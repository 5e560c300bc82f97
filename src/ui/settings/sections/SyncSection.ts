import { lazyPart } from '../../lazyPart';
import type { SettingsSection } from './sectionTypes';

/** Sync through the user's own CouchDB (issue 28), in a chunk of its own loaded with this tab. */
const SyncPanel = lazyPart(() => import('../sync/SyncPanel').then((m) => m.SyncPanel));

/** Acts at once through its own buttons, not on Save: nothing of it is in the draft. */
export const syncSection: SettingsSection = { id: 'sync', title: 'Sync', Panel: SyncPanel };
