/**
 * Everything the UI can do, as plain functions over the store and the runtime. They
 * turn core results into notices the user can read; no action throws into React.
 */
export { removeQueued, setComposerText, stop, submitComposer } from './composerActions';
export { cancelEdit, editLastMessage, handleEditKey } from './editActions';
export {
  type ExportFormat,
  exportEverything,
  exportOpenChain,
  exportOpenSession,
  type ImportOutcome,
  importFromText,
} from './exchangeActions';
export { finishHandoffReview, startHandoff } from './handoffActions';
export { dismissNotice } from './notices';
export { deleteSession, newSession, openSession, renameSession, showHelp } from './sessionActions';
export { forgetKey, openSettings, saveSettings } from './settingsActions';
export { startApp } from './startApp';
