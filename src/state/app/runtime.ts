/**
 * The live objects behind the store, created once the agent chunk has loaded (see
 * startApp). Kept out of the Zustand state because they are not renderable data and
 * must not be cloned.
 */
import type { AgentSession } from '../../core/agentSession';
import type { AttachmentFiles } from '../../storage/attachmentFiles';
import type { SessionRepository } from '../../storage/sessionRepository';
import type { WriteQueue } from '../../storage/writeQueue';

export interface Runtime {
  repository: SessionRepository;
  queue: WriteQueue;
  session: AgentSession;
  /** Attached files' bytes, queued or stored. */
  files: AttachmentFiles;
}

let runtime: Runtime | undefined;
let settle: { resolve(runtime: Runtime): void; reject(error: unknown): void } | undefined;
const ready = new Promise<Runtime>((resolve, reject) => {
  settle = { resolve, reject };
});
// A start-up failure is shown by the splash; actions waiting on it see the rejection.
ready.catch(() => undefined);

export function setRuntime(next: Runtime): void {
  runtime = next;
  settle?.resolve(next);
}

/** Start-up failed: whatever waits for the runtime gets this error instead of waiting forever. */
export function failRuntime(error: unknown): void {
  settle?.reject(error);
}

/** The runtime once it exists: an action taken during start-up waits for it rather than being lost. */
export function whenRuntime(): Promise<Runtime> {
  return ready;
}

export function getRuntime(): Runtime {
  if (!runtime) throw new Error('Baton has not finished loading yet.');
  return runtime;
}

export function hasRuntime(): boolean {
  return runtime !== undefined;
}
