/**
 * Fault injection for tests: a ChangeWriter around the real one that fails, cuts off or
 * holds writes the way a full disk, a crash or a slow machine would. Only tests install
 * it (src/state/app/testHooks.ts loads this module on demand); the app's own writes never
 * pass through it. The hooks are read at the moment of each write, so a test can arm
 * them at any point.
 */
import { HANDOFF_CUSTOM_TYPE } from '../core/handoff/handoffMarkers';
import type { ApplyOptions, ApplyResult, ChangeWriter } from './backend';
import type { ChangeSet } from './records';
import { ACTIVE_SESSION_KEY } from './settingsKeys';

export interface FaultHooks {
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
  /** Awaited before each write that is not a handoff switch: a disk slow enough that a reload comes first. */
  holdWrites?: () => unknown;
}

/** `backend` failing on demand; `hooks` is read on every write. */
export function withFaults(backend: ChangeWriter, hooks: () => FaultHooks | undefined): ChangeWriter {
  /** Takes one from a countdown; true if this write is to fail. */
  const takeOne = (key: 'failWrites' | 'abortWritesMidway'): boolean => {
    const current = hooks();
    const left = current?.[key] ?? 0;
    if (!current || left <= 0) return false;
    current[key] = left - 1;
    return true;
  };

  const write = (changeSet: ChangeSet, options: ApplyOptions | undefined, isSwitch: boolean) => {
    if (takeOne('failWrites')) {
      return Promise.reject(new DOMException('The quota has been exceeded (test).', 'QuotaExceededError'));
    }
    const current = hooks();
    const cutSwitch = isSwitch && current?.cutHandoffWrite === true;
    if (cutSwitch && current) current.cutHandoffWrite = false;
    if (!cutSwitch && !takeOne('abortWritesMidway')) return backend.apply(changeSet, options);
    return backend.apply(changeSet, {
      ...options,
      beforeCommit: () => {
        throw new DOMException('The write was cut off before it committed (test).', 'AbortError');
      },
    });
  };

  return {
    apply(changeSet, options): Promise<ApplyResult> {
      if (!isHandoffSwitch(changeSet)) {
        const hold = hooks()?.holdWrites;
        if (!hold) return write(changeSet, options, false);
        return (async () => {
          await hold();
          return write(changeSet, options, false);
        })();
      }
      // Paused around the switch's write, as the app's handoff commit awaits it.
      return (async () => {
        await hooks()?.beforeHandoffCommit?.();
        const result = await write(changeSet, options, true);
        await hooks()?.afterHandoffCommit?.();
        return result;
      })();
    },
  };
}

/**
 * The handoff switch's change set (WriteQueue.commitHandoff): a handoff entry and the
 * active-session pointer moved to that entry's session, in one write.
 */
export function isHandoffSwitch(changeSet: ChangeSet): boolean {
  const active = changeSet.put.find(
    (record) => record.kind === 'setting' && record.key === ACTIVE_SESSION_KEY,
  );
  if (active === undefined) return false;
  return changeSet.put.some(
    (record) =>
      record.kind === 'entry' &&
      record.value.type === 'custom_message' &&
      'customType' in record.value &&
      record.value.customType === HANDOFF_CUSTOM_TYPE &&
      record.value.sessionId === active.value,
  );
}
