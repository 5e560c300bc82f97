/**
 * When storage refuses writes (a full disk), what is not stored must not pass for stored:
 * the status line and one alert say so, each message not yet stored is marked, and
 * leaving the page asks first. Everything is kept in the tab and retried by the queue.
 */
import type { SessionPersistence } from '../../core/session/persistence';
import { describeStorageFailure, storageFailureSentence } from '../../storage/storageFailure';
import type { WriteQueue } from '../../storage/writeQueue';
import {
  dismissNotice,
  markUnsaved,
  newestNoticeId,
  notify,
  notifyError,
  savesFailing,
  savesRecovered,
} from '../slices/status/actions';
import { selectSavesFailing } from '../slices/status/selectors';
import { get } from '../store/storeAccess';

export interface UnsavedChanges {
  /** For the queue's onError. */
  failed(error: Error): void;
  /** For the queue's onSaved: everything queued has landed. */
  recovered(): void;
  /** `persistence` with each entry saved while writes fail marked unsaved at once. */
  marking(persistence: SessionPersistence): SessionPersistence;
}

export function trackUnsavedChanges(queue: () => WriteQueue): UnsavedChanges {
  let alertId: number | undefined;
  // Whether writes are failing, as the status slice has it (only failed and recovered
  // change it there): kept here too, so that a save while all is well (every entry of
  // every reply) neither reads nor writes the store, and core's writes call no closure
  // that reads it.
  let failing = false;
  // Only while writes fail: an ordinary pending write lands on pagehide, and asking then
  // would stop every close during a reply.
  window.addEventListener('beforeunload', (event) => {
    if (!selectSavesFailing(get()) || !queue().hasPendingWrites()) return;
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = '';
  });
  return {
    failed(error) {
      // In words, never the DOMException's name or its (often empty) message.
      const text = storageFailureSentence(
        'your changes',
        error,
        'They are kept in this tab and saving is retried.',
      );
      failing = true;
      savesFailing(describeStorageFailure(error).short, queue().pendingEntryIds());
      if (alertId !== undefined) return;
      notifyError(text);
      alertId = newestNoticeId();
    },
    recovered() {
      if (!failing) return;
      failing = false;
      const hadFailed = savesRecovered();
      if (alertId !== undefined) dismissNotice(alertId);
      alertId = undefined;
      if (hadFailed) notify('Your changes are saved now.');
    },
    marking(persistence) {
      return {
        saveHeader: (header) => persistence.saveHeader(header),
        saveAttachment: (record) => persistence.saveAttachment(record),
        flush: () => persistence.flush(),
        commitHandoff: (commit) => persistence.commitHandoff(commit),
        setActiveSession: (sessionId) => persistence.setActiveSession(sessionId),
        saveEntry(entry) {
          persistence.saveEntry(entry);
          if (failing) markUnsaved(entry.id);
        },
      };
    },
  };
}
