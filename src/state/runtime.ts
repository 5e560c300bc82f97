/**
 * The live objects behind the store, created once by `startApp`. Kept out of the
 * Zustand state because they are not renderable data and must not be cloned.
 */
import type { AgentSession } from '../core/agentSession';
import type { SessionRepository } from '../storage/sessionRepository';
import type { WriteQueue } from '../storage/writeQueue';

export interface Runtime {
  repository: SessionRepository;
  queue: WriteQueue;
  session: AgentSession;
}

let runtime: Runtime | undefined;

export function setRuntime(next: Runtime | undefined): void {
  runtime = next;
}

export function getRuntime(): Runtime {
  if (!runtime) throw new Error('Baton has not finished loading yet.');
  return runtime;
}

export function hasRuntime(): boolean {
  return runtime !== undefined;
}
