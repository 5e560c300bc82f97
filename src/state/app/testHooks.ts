/**
 * Fault injection for the end-to-end tests, compiled into the app and inert until a
 * test sets `window.__batonTestHooks`. The app reads the hooks at the moment of each
 * write, so a test can arm them at any point. Nothing here runs otherwise: without the
 * global every wrapper just calls through.
 */
import { HANDOFF_CUSTOM_TYPE } from '../../core/handoff/handoffPrompt';
import type { HandoffCommit, SessionPersistence } from '../../core/session/persistence';
import type { SessionEntry } from '../../core/types/entry';
import type { SessionRepository, WriteBatch } from '../../storage/sessionRepository';
import type { BatchWriter } from '../../storage/writeQueue';

export interface BatonTestHooks {
  /** Awaited after the handoff document was generated, before its switch is written. */
  beforeHandoffCommit?: () => unknown;
  /** Awaited after the switch was written, before the app moves to the new session. */
  afterHandoffCommit?: () => unknown;
  /** While above 0, each write fails at once with a QuotaExceededError, counting down. */
  failWrites?: number;
  /** While above 0, each write puts all its records and then aborts before committing, counting down. */
  abortWritesMidway?: number;
  /** The next write that holds a handoff switch puts its records, then aborts before committing. */
  cutHandoffWrite?: boolean;
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

/** Takes one from a countdown; true if this write is to fail. */
function takeOne(key: 'failWrites' | 'abortWritesMidway'): boolean {
  const current = hooks();
  const left = current?.[key] ?? 0;
  if (!current || left <= 0) return false;
  current[key] = left - 1;
  return true;
}

/** The repository's writeBatch, failing on demand the way a full disk or a crash would. */
export function withWriteFaults(repository: SessionRepository): BatchWriter {
  return {
    writeBatch: (batch: WriteBatch) => {
      if (takeOne('failWrites')) {
        return Promise.reject(new DOMException('The quota has been exceeded (test).', 'QuotaExceededError'));
      }
      const current = hooks();
      const cutSwitch = current?.cutHandoffWrite === true && batch.entries.some(isHandoffEntry);
      if (cutSwitch && current) current.cutHandoffWrite = false;
      if (cutSwitch || takeOne('abortWritesMidway')) {
        return repository.writeBatch(batch, {
          beforeCommit: () => {
            throw new DOMException('The write was cut off before it committed (test).', 'AbortError');
          },
        });
      }
      return repository.writeBatch(batch);
    },
  };
}

function isHandoffEntry(entry: SessionEntry): boolean {
  return entry.type === 'custom_message' && 'customType' in entry && entry.customType === HANDOFF_CUSTOM_TYPE;
}

/** The persistence the session writes through, with pauses around the handoff switch. */
export function withHandoffHooks(persistence: SessionPersistence): SessionPersistence {
  return {
    saveEntry: (entry) => persistence.saveEntry(entry),
    saveHeader: (header) => persistence.saveHeader(header),
    saveAttachment: (record) => persistence.saveAttachment(record),
    flush: () => persistence.flush(),
    setActiveSession: (id) => persistence.setActiveSession(id),
    commitHandoff: async (commit: HandoffCommit) => {
      await hooks()?.beforeHandoffCommit?.();
      await persistence.commitHandoff(commit);
      await hooks()?.afterHandoffCommit?.();
    },
  };
}
