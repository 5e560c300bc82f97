/**
 * Everything the UI can do, as plain functions over the store and the runtime. They
 * turn core results into notices the user can read; no action throws into React.
 */
export { removeQueued, setComposerText, stop, submitComposer } from './composerActions';
export { startHandoff } from './handoffActions';
export { dismissNotice } from './notices';
export { deleteSession, newSession, openSession, renameSession, showHelp } from './sessionActions';
export { openSettings, saveSettings } from './settingsActions';
export { startApp } from './startApp';
