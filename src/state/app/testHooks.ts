/**
 * The end-to-end tests' hooks into the app, through `window.__batonTestHooks`.
 *
 * Write faults (failWrites, abortWritesMidway, cutHandoffWrite and the pauses around the
 * handoff switch) are a decorator over the storage backend (storage/faultyBackend.ts),
 * loaded with a dynamic import and installed only when a test has set the global
 * before the app starts; the app's own writes never pass through it, and the module is
 * not part of any chunk the app loads otherwise. The e2e fixture sets the global on
 * every page it opens (e2e/fixtures.ts), so a spec may arm a fault at any later point.
 *
 * Three hooks stay plain reads, because what they tune is made once, far from storage:
 * the write interval (read as the write queue is made), the idle-stream timeout (read as
 * a model client is made, modelClients.ts) and a render fault (read by a region as it
 * renders, ui/errors/RenderFault.tsx). Each is one property read, undefined in the app.
 */
import type { ChangeWriter } from '../../storage/backend';
import type { FaultHooks } from '../../storage/faultyBackend';

export interface BatonTestHooks extends FaultHooks {
  /** Read once at start: the write queue's interval, so a test can tell a flush from a timed write. */
  writeIntervalMs?: number;
  /** Read as each model client is made: the idle-stream timeout, so a test need not wait a minute. */
  streamIdleTimeoutMs?: number;
  /**
   * Read on every render of a region (src/ui/errors/RenderFault.tsx): the region of that
   * name ('sessions', 'chat', 'dialog', …) throws while it renders, as a record it cannot
   * draw would make it, so its error boundary shows.
   */
  renderFault?: string;
}

declare global {
  interface Window {
    __batonTestHooks?: BatonTestHooks;
  }
}

function hooks(): BatonTestHooks | undefined {
  return typeof window === 'undefined' ? undefined : window.__batonTestHooks;
}

/** The write interval a test asked for before the app started, if any. */
export function testWriteIntervalMs(): number | undefined {
  return hooks()?.writeIntervalMs;
}

/** The idle-stream timeout a test asked for, if any. */
export function testStreamIdleTimeoutMs(): number | undefined {
  const ms = hooks()?.streamIdleTimeoutMs;
  return typeof ms === 'number' && ms > 0 ? ms : undefined;
}

/**
 * The hooks as the file store's faults read them (storage/workspace/fileFaults.ts), when
 * a test set them before start; undefined in the app, whose file store then has none.
 */
export function testFaultHooks(): (() => FaultHooks | undefined) | undefined {
  return hooks() === undefined ? undefined : hooks;
}

/**
 * `backend` itself, or (when a test set the hooks before start) `backend` inside the
 * fault decorator, which reads the hooks afresh on every write.
 */
export async function withTestFaults(backend: ChangeWriter): Promise<ChangeWriter> {
  if (hooks() === undefined) return backend;
  const { withFaults } = await import('../../storage/faultyBackend');
  return withFaults(backend, hooks);
}
