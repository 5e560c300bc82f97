/**
 * The runtime slice: nothing here is rendered. The live objects (the runtime: storage,
 * the write queue, the agent session), the start-up failure that whatever waits for them
 * must hear, and the model client chunk once asked for, held in the store so that the
 * app keeps no state in module variables and a test's fresh store starts from nothing.
 */

import type { SyncController } from '../../../sync/syncContract';
import type { ModelClientCache } from '../../app/modelClients';
import type { Runtime } from '../../app/runtimeObjects';

export interface RuntimeState {
  runtime: Runtime | null;
  /** Start-up failed before the runtime was made: actions waiting for it get this error. */
  runtimeFailure: { error: unknown } | null;
  /** The model client chunk (the SDK), loading or loaded, with the client it made last. */
  modelClients: Promise<ModelClientCache> | null;
  /**
   * The session switches asked for (New session, a click on a session), settled once the
   * engine has queued their open: an action on the open session waits for those asked
   * before it (actions.ts, ready).
   */
  switchesQueued: Promise<unknown>;
  /**
   * Sync's controller (issue 28), made on the first ask (getSyncController). Left out of
   * the initial state so the first load carries nothing of sync.
   */
  syncController?: SyncController & { wake(): void };
}

export const initialRuntimeState: RuntimeState = {
  runtime: null,
  runtimeFailure: null,
  modelClients: null,
  switchesQueued: Promise.resolve(),
};
