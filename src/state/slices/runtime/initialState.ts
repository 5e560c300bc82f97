/**
 * The runtime slice: nothing here is rendered. The live objects (the runtime: storage,
 * the write queue, the agent session), the start-up failure that whatever waits for them
 * must hear, and the model client chunk once asked for, held in the store so that the
 * app keeps no state in module variables and a test's fresh store starts from nothing.
 */
import type { ModelClientCache } from '../../app/modelClients';
import type { Runtime } from '../../app/runtimeObjects';

export interface RuntimeState {
  runtime: Runtime | null;
  /** Start-up failed before the runtime was made: actions waiting for it get this error. */
  runtimeFailure: { error: unknown } | null;
  /** The model client chunk (the SDK), loading or loaded, with the client it made last. */
  modelClients: Promise<ModelClientCache> | null;
}

export const initialRuntimeState: RuntimeState = {
  runtime: null,
  runtimeFailure: null,
  modelClients: null,
};
