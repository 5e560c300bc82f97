/**
 * The session this tab shows was deleted in another tab. Storage refuses every further
 * write for it (SessionRepository's deleted list), so nothing here can leave orphan
 * entries or bring it back. If a reply was being written (or writes were refused), it is
 * stopped and what this tab holds of the conversation is offered: keep it in a new session,
 * or drop it. Otherwise the tab just moves on, as the user in the other tab asked.
 */
import { newId } from '../../../core/ids';
import { createSessionHeader } from '../../../core/session/sessionLog';
import { isMessageEntry, type SessionEntry } from '../../../core/types/entry';
import { openSession } from '../../actions/sessionActions';
import { dropDraft, emptyBox } from '../../slices/composer/drafts';
import { setSessions, upsertSession } from '../../slices/session/actions';
import { notify, notifyError, offerKept, takeKept } from '../../slices/status/actions';
import { errorText } from '../../store/storeAccess';
import { getRuntime, type Runtime } from '../runtime';

/** The queue's onRefused: this tab had writes for sessions deleted elsewhere. */
export function writesRefused(runtime: Runtime, sessionIds: string[]): void {
  for (const id of sessionIds) runtime.deletedElsewhere.refusedWrites.add(id);
  const open = runtime.session.header.id;
  if (sessionIds.includes(open)) void openSessionDeleted(runtime);
}

/** Handles the open session's deletion elsewhere, once. */
export async function openSessionDeleted(runtime: Runtime): Promise<void> {
  const { session, repository, deletedElsewhere } = runtime;
  const id = session.header.id;
  if (deletedElsewhere.handled.has(id)) return;
  deletedElsewhere.handled.add(id);
  const wasWriting = session.isBusy;
  if (wasWriting) {
    session.abort();
    await untilIdle(runtime);
  }
  const unsaved = wasWriting || deletedElsewhere.refusedWrites.has(id);
  const kept = { title: session.header.title, model: session.header.model, entries: session.log.getBranch() };
  const { headers } = await repository.loadHeaders();
  setSessions(headers);
  const next = headers[0];
  // The deleted session's draft goes with it: the next session never receives it.
  emptyBox();
  if (next) await openSession(next.id);
  else await session.open(session.createEmptySession());
  dropDraft(id);
  if (unsaved) offerKept(kept);
  else notify('The session you had open was deleted in another tab.');
}

/** Resolves once the session has finished its run (an abort ends it within a tick or two). */
function untilIdle(runtime: Runtime): Promise<void> {
  return new Promise((resolve) => {
    if (!runtime.session.isBusy) {
      resolve();
      return;
    }
    const stop = runtime.session.subscribe(() => {
      if (runtime.session.isBusy) return;
      stop();
      resolve();
    });
  });
}

/** The user's answer to the offer: keep what this tab had in a new session, or drop it. */
export async function answerKeptAfterDelete(keep: boolean): Promise<void> {
  const kept = takeKept();
  if (!kept || !keep) return;
  try {
    const { repository } = getRuntime();
    const now = Date.now();
    const header = createSessionHeader({
      id: newId(),
      model: kept.model,
      now,
      title: `${kept.title} (kept)`,
    });
    const entries = copiedEntries(kept.entries, header.id);
    const stored = { ...header, leafId: entries.at(-1)?.id ?? null };
    await repository.createSession(stored, entries);
    upsertSession(stored);
    await openSession(stored.id);
    notify(`Kept in a new session: ${stored.title}`);
  } catch (error) {
    notifyError(`Could not keep the conversation: ${errorText(error)}`);
  }
}

/** The branch under new ids in session `sessionId`; a reply cut off by the stop is marked so. */
function copiedEntries(branch: SessionEntry[], sessionId: string): SessionEntry[] {
  const ids = new Map(branch.map((entry) => [entry.id, newId()]));
  return branch.map((entry) => {
    const copy = {
      ...entry,
      id: ids.get(entry.id) ?? newId(),
      sessionId,
      parentId: entry.parentId === null ? null : (ids.get(entry.parentId) ?? null),
    };
    if (isMessageEntry(copy) && copy.message.stopReason === 'streaming')
      return { ...copy, message: { ...copy.message, stopReason: 'aborted' as const } };
    return copy;
  });
}
