/**
 * Keeps tabs on the same data in step. Each change set this tab commits is announced on
 * the 'baton' BroadcastChannel as the change feed reports it (its sequence number and
 * the kinds and ids of the records it wrote or deleted, never their contents); a tab
 * that hears one re-reads the session list and, if it shows a session the change set
 * touched and is idle, that session's entries. Storage stays the one source of truth, so
 * a lost or late message costs freshness, never records.
 */
import { AgentBusyError } from '../../../core/agent/agent';
import { SessionLog } from '../../../core/session/sessionLog';
import type { SessionHeader } from '../../../core/types/entry';
import { announcedSessionIds, TAB_CHANNEL_NAME } from '../../../storage/sessionChanges';
import { setSessions } from '../../slices/session/actions';
import { notifyError } from '../../slices/status/actions';
import { errorText } from '../../store/storeAccess';
import type { Runtime } from '../runtime';
import { openSessionDeleted } from './deletedWhileOpen';

export { TAB_CHANNEL_NAME };

/** Announces this tab's writes and applies other tabs'. Returns a function that stops both. */
export function followOtherTabs(runtime: Runtime): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(TAB_CHANNEL_NAME);
  const stopAnnouncing = runtime.repository.onChange((change) => channel.postMessage(change));

  let changed = new Set<string>();
  let running = false;
  const refresh = async () => {
    if (running) return; // The loop below picks up what arrives meanwhile.
    running = true;
    try {
      while (changed.size > 0) {
        const ids = changed;
        changed = new Set();
        await applyChanges(runtime, ids).catch((error) => {
          // The user started a reply in this very moment: theirs wins; the next change refreshes.
          if (error instanceof AgentBusyError) return;
          notifyError(`Could not show changes made in another tab: ${errorText(error)}`);
        });
      }
    } finally {
      running = false;
    }
  };
  channel.onmessage = (event: MessageEvent<unknown>) => {
    // Settings only, or not a summary at all: no view of a session changes.
    const touched = announcedSessionIds(event.data);
    if (touched.length === 0) return;
    for (const id of touched) changed.add(id);
    void refresh();
  };
  return () => {
    stopAnnouncing();
    channel.close();
  };
}

/** The stored list, with the open session's own header (it may be newer, or not stored yet). */
function listWithOpenSession(stored: SessionHeader[], open: SessionHeader): SessionHeader[] {
  return [open, ...stored.filter((h) => h.id !== open.id)];
}

async function applyChanges(runtime: Runtime, changedIds: Set<string>): Promise<void> {
  const { repository, session, queue } = runtime;
  // Our own unsaved changes land first, so the re-read below already holds them.
  await queue.flush().catch(() => undefined);
  const { headers } = await repository.loadHeaders();
  const openId = session.header.id;
  const stored = headers.find((h) => h.id === openId);

  // Deleted elsewhere while this tab has it (storage refuses its writes from now on).
  if (changedIds.has(openId) && !stored && session.header.leafId !== null) {
    await openSessionDeleted(runtime);
    return;
  }
  // A session being written here is this tab's to finish; it is refreshed next time.
  if (!changedIds.has(openId) || session.isBusy) {
    setSessions(listWithOpenSession(headers, session.header));
    return;
  }
  if (!stored) {
    // Never stored (an empty new session): nothing another tab did concerns it.
    setSessions(listWithOpenSession(headers, session.header));
    return;
  }
  // Not marked interrupted: the other tab may still be writing that reply.
  const { entries } = await repository.loadEntries(openId, { markInterrupted: false });
  if (session.isBusy || session.header.id !== openId) {
    setSessions(listWithOpenSession(headers, session.header));
    return;
  }
  setSessions(headers);
  await session.open(new SessionLog(stored, entries));
}
