/**
 * Keeps tabs on the same data in step. Every committed write that changed sessions or
 * entries is announced on the 'baton' BroadcastChannel; a tab that hears one re-reads
 * the session list and, if it shows a changed session and is idle, that session's
 * entries. Nothing is ever sent as data: storage stays the one source of truth, so a
 * lost or late message costs freshness, never records.
 */
import { AgentBusyError } from '../../../core/agent/agent';
import { SessionLog } from '../../../core/session/sessionLog';
import type { SessionHeader } from '../../../core/types/entry';
import type { StorageChange } from '../../../storage/sessionRepository';
import { notifyError } from '../../store/notices';
import { errorText, setSessions } from '../../store/storeAccess';
import type { Runtime } from '../runtime';
import { openSessionDeleted } from './deletedWhileOpen';

export const TAB_CHANNEL_NAME = 'baton';

function isStorageChange(value: unknown): value is StorageChange {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Partial<Record<string, unknown>>; // Checked field by field below.
  if (change.kind === 'session-deleted') return typeof change.sessionId === 'string';
  return (
    change.kind === 'sessions-changed' &&
    Array.isArray(change.sessionIds) &&
    change.sessionIds.every((id) => typeof id === 'string')
  );
}

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
    const change = event.data;
    if (!isStorageChange(change)) return;
    if (change.kind === 'session-deleted') changed.add(change.sessionId);
    else for (const id of change.sessionIds) changed.add(id);
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
