/**
 * The app's one Zustand store, composed of slices (src/state/slices/<name>): each slice
 * has its own initial state, actions and selectors. The store holds what the UI renders
 * and, in fields the UI never reads, the app's live objects (the runtime slice, the
 * review's answer, the image scaler): nothing of the app is kept in module variables.
 * Actions are plain functions (zustand's "practice with no store actions"): the UI calls
 * them through actions/actions.ts, which keeps the agent chunk loaded lazily.
 *
 * A new slice: add its folder, its state type to BatonState and its initial state to
 * initialState below (see docs/architecture.md, "A new panel").
 */

import { createStore } from 'zustand/vanilla';
import { type AttachmentsState, initialAttachmentsState } from '../slices/attachments/initialState';
import { type ComposerState, initialComposerState } from '../slices/composer/initialState';
import { type HandoffSliceState, initialHandoffState } from '../slices/handoff/initialState';
import { initialMcpState, type McpState } from '../slices/mcp/initialState';
import { initialRuntimeState, type RuntimeState } from '../slices/runtime/initialState';
import { initialSessionState, type SessionState } from '../slices/session/initialState';
import { initialSettingsState, type SettingsState } from '../slices/settings/initialState';
import { initialStatusState, type StatusState } from '../slices/status/initialState';

export type { StreamingView } from '../slices/session/initialState';
export type { Notice } from '../slices/status/initialState';

export type BatonState = SessionState &
  ComposerState &
  HandoffSliceState &
  AttachmentsState &
  SettingsState &
  StatusState &
  McpState &
  RuntimeState;

export const initialState: BatonState = {
  ...initialSessionState,
  ...initialComposerState,
  ...initialHandoffState,
  ...initialAttachmentsState,
  ...initialSettingsState,
  ...initialStatusState,
  ...initialMcpState,
  ...initialRuntimeState,
};

export const batonStore = createStore<BatonState>()(() => initialState);

/** Back to the initial state, everything live dropped (between tests, as zustand's docs advise). */
export function resetBatonStore(): void {
  batonStore.setState(initialState, true);
}
