/**
 * The actions that need the agent session, the SDK or the export code: the lazily
 * loaded half of the app. The UI reaches them through actions.ts, which loads this
 * chunk after the first paint and waits for start-up to finish.
 */

export { answerKeptAfterDelete } from '../app/tabSync/deletedWhileOpen';
export { cancelHeld } from '../offline/heldMessages';
export { answerHandoffProposal } from './afterReply';
export { continueReply, removeQueued, submitComposer } from './composerActions';
export { exportEverything, exportOpenChain, exportOpenSession, importFromText } from './exchangeActions';
export { startHandoff } from './handoffActions';
export { retryReply, sendEdit, showVersion } from './messageActions';
export {
  deleteSession,
  newSession,
  openSession,
  pinSession,
  renameSession,
  sessionOpened,
  setSessionModel,
  setSessionThinking,
  showHelp,
} from './sessionActions';
export { forgetKey, saveSettings } from './settingsActions';
export { continueToolRounds, stopToolRounds } from './toolRoundActions';
/** MCP servers and tool permissions, a chunk of their own (mcpActions.ts). */
export const mcpActions = () => import('./mcpActions');
