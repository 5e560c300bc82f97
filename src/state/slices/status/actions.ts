/** The status slice's actions: notices, save status, retry status, start-up's failure, the kept conversation. */
import { get, set } from '../../store/storeAccess';
import { initialStatusState, type KeptAfterDelete, type Notice } from './initialState';
import { selectSavesFailing } from './selectors';

/** How long a notice stays: long enough to read, not so long that notices pile up over the chat. */
const INFO_LIFETIME_MS = 6000;
const ERROR_LIFETIME_MS = 12000;
/** A notice with lines (the command list of /help) is read, not glanced at. */
const LINES_LIFETIME_MS = 30000;
const MAX_NOTICES = 4;

export function notify(text: string, lines?: string[]): void {
  push({ kind: 'info', text, ...(lines && { lines }) });
}

export function notifyError(text: string): void {
  push({ kind: 'error', text });
}

export function dismissNotice(id: number): void {
  set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
}

/** The id of the newest notice, if any (to dismiss it later without dismissing others). */
export function newestNoticeId(): number | undefined {
  return get().notices.at(-1)?.id;
}

function push(notice: Omit<Notice, 'id'>): void {
  const id = get().nextNoticeId;
  set((s) => ({ nextNoticeId: id + 1, notices: [...s.notices, { ...notice, id }].slice(-MAX_NOTICES) }));
  // Every notice goes by itself (and can be dismissed before): errors about the chat are
  // shown in the chat, so what is left here is about the app and is read at a glance.
  const lifetime = notice.lines
    ? LINES_LIFETIME_MS
    : notice.kind === 'error'
      ? ERROR_LIFETIME_MS
      : INFO_LIFETIME_MS;
  setTimeout(() => dismissNotice(id), lifetime);
}

/** The model client is waiting to try a request again. */
export function showRetry(attempt: number, max: number, waitMs = 0): void {
  set({ retryStatus: `Retrying (${attempt} of ${max})…`, retryAt: Date.now() + waitMs });
}

/** Writes fail: the status line says so and every entry not stored yet is marked. */
export function savesFailing(why: string, pendingEntryIds: Iterable<string>): void {
  // A reason is always given: "Not saved: . Retrying…" tells the user nothing.
  const reason = why.trim() || 'the browser refused the write';
  set({ saveError: `Not saved: ${reason}. Retrying…`, unsavedEntryIds: new Set(pendingEntryIds) });
}

/** One more entry written while writes fail: marked unsaved at once. */
export function markUnsaved(entryId: string): void {
  const { unsavedEntryIds } = get();
  if (!selectSavesFailing(get()) || unsavedEntryIds.has(entryId)) return;
  set({ unsavedEntryIds: new Set([...unsavedEntryIds, entryId]) });
}

/** Everything queued has landed. Returns whether writes had been failing. */
export function savesRecovered(): boolean {
  const hadFailed = selectSavesFailing(get());
  set({ saveError: null, unsavedEntryIds: initialStatusState.unsavedEntryIds });
  return hadFailed;
}

/** Offers what this tab held of a session deleted elsewhere (keep it in a new session, or drop it). */
export function offerKept(kept: KeptAfterDelete): void {
  set({ keptAfterDelete: kept });
}

/** Takes the offer away, returning it: the user has answered. */
export function takeKept(): KeptAfterDelete | null {
  const kept = get().keptAfterDelete;
  set({ keptAfterDelete: null });
  return kept;
}

/** Start-up failed: before the first paint the splash says why; after it, a notice does. */
export function startupFailed(why: string): void {
  if (get().phase !== 'ready') set({ phase: 'failed', loadError: why });
  else notifyError(`Baton could not finish loading: ${why}. Reload the page to try again.`);
}
