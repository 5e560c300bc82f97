/**
 * When storage refuses writes (a full disk), what is not stored must not pass for stored:
 * the status line and one alert say so, each message not yet stored is marked, and
 * leaving the page asks first. Everything is kept in the tab and retried by the queue.
 */
import type { SessionPersistence } from '../../core/session/persistence';
import type { WriteQueue } from '../../storage/writeQueue';
import { dismissNotice, notify, notifyError } from '../store/notices';
import { errorText, get, set } from '../store/storeAccess';

const NONE: ReadonlySet<string> = new Set();

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
  const markPending = () => set({ unsavedEntryIds: new Set(queue().pendingEntryIds()) });
  // Only while writes fail: an ordinary pending write lands on pagehide, and asking then
  // would stop every close during a reply.
  window.addEventListener('beforeunload', (event) => {
    if (get().saveError === null || !queue().hasPendingWrites()) return;
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = '';
  });
  return {
    failed(error) {
      const text = `Could not save your changes (${error.name}: ${errorText(error)}). They are kept in this tab and saving is retried.`;
      set({ saveError: `Not saved: ${errorText(error)}. Retrying…` });
      markPending();
      if (alertId !== undefined) return;
      notifyError(text);
      alertId = get().notices.at(-1)?.id;
    },
    recovered() {
      const hadFailed = get().saveError !== null;
      set({ saveError: null, unsavedEntryIds: NONE });
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
          const unsaved = get().unsavedEntryIds;
          if (get().saveError !== null && !unsaved.has(entry.id))
            set({ unsavedEntryIds: new Set([...unsaved, entry.id]) });
        },
      };
    },
  };
}
