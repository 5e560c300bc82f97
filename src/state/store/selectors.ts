/**
 * The store's derived values, as the UI reads them: each slice keeps its own selectors
 * (src/state/slices/<name>/selectors.ts), and this is the one place the UI takes them
 * from, as actions/actions.ts is the one place it calls actions from.
 */
export { selectBusy, selectHandoffActive } from '../slices/handoff/selectors';
export {
  selectCurrentModel,
  selectHandedOffTo,
  selectInChain,
  selectIsNewest,
  selectSessionThinking,
  selectSessionTitle,
} from '../slices/session/selectors';
export { selectRecentModels } from '../slices/settings/selectors';
