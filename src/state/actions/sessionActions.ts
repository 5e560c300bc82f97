/** Sessions: help, new, open, rename, delete. */

import { AGENT_BUSY_MESSAGE } from '../../core/agent/agent';
import { builtinCommands } from '../../core/commands/builtinCommands';
import { SessionLog } from '../../core/session/sessionLog';
import type { ThinkingSetting } from '../../core/types/thinking';
import { sumSessionUsage } from '../../core/usage/sessionUsage';
import { FIRST_PAINT_ENTRIES, newestBranch } from '../app/firstPaint';
import { getRuntime, hasRuntime } from '../app/runtime';
import { notify, notifyError } from '../store/notices';
import { errorText, get, set, upsertSession } from '../store/storeAccess';

export function showHelp(): void {
  const commands = builtinCommands
    .list()
    .map((c) => `/${c.name}${c.argumentHint ? ` ${c.argumentHint}` : ''} — ${c.description}`);
  const templates = get().settings.promptTemplates.map(
    (t) => `/${t.name} — template${t.description ? `: ${t.description}` : ''}`,
  );
  notify('Commands', [
    ...commands,
    ...templates,
    'Enter sends · Shift+Enter new line · Esc stops a reply · while a reply streams: Enter queues a follow-up, Alt+Enter steers the next turn',
  ]);
}

export async function newSession(): Promise<void> {
  if (!hasRuntime()) return;
  const { session } = getRuntime();
  if (session.isBusy) {
    notifyError(AGENT_BUSY_MESSAGE);
    return;
  }
  if (session.header.leafId === null) return; // Already in an empty session.
  await session.open(session.createEmptySession()).catch((error) => notifyError(errorText(error)));
}

/** The open under way, if any: actions on "the open session" wait for it (see actions.ts). */
let opening: Promise<void> = Promise.resolve();

/** Resolves when no session is half-way through opening. */
export function sessionOpened(): Promise<void> {
  return opening;
}

/**
 * Opens a session in two steps: its newest entries are read and painted at once, then
 * the whole session is read and handed to the agent session. So opening costs the same
 * at any size, and the full read happens while the user already reads. Opens run one
 * after the other; a click on another session meanwhile wins.
 */
export function openSession(id: string): Promise<void> {
  wanted = id;
  // A load under way for another session is left behind at once, not waited for: on a
  // disk-backed database a long session's full read can take seconds.
  leaveStaleLoad?.();
  const run = opening.then(() => (wanted === id ? openNow(id) : undefined));
  opening = run;
  return run;
}

let wanted: string | undefined;
/** Ends the load under way early (see openSession); its reads finish unheard. */
let leaveStaleLoad: (() => void) | undefined;

/** Thrown out of an open that another click made stale. */
const STALE = Symbol('stale open');

async function openNow(id: string): Promise<void> {
  try {
    await read(id);
  } finally {
    if (get().openingSessionId === id) set({ openingSessionId: null });
  }
}

/** Reads session `id` and hands it to the agent session: its newest page first, painted at once. */
async function read(id: string): Promise<void> {
  if (!hasRuntime()) return;
  const { session, repository } = getRuntime();
  if (id === session.header.id) return;
  if (session.isBusy) {
    notifyError(AGENT_BUSY_MESSAGE);
    return;
  }
  const header = get().sessions.find((h) => h.id === id);
  if (!header) {
    notifyError('That session no longer exists.');
    return;
  }
  const stale = new Promise<typeof STALE>((resolve) => {
    leaveStaleLoad = () => resolve(STALE);
  });
  /** `read`, unless another session was asked for first. */
  const unlessStale = <T>(read: Promise<T>): Promise<T> =>
    Promise.race([read, stale]).then((result) => {
      if (result === STALE || wanted !== id) throw STALE;
      return result as T;
    });
  try {
    const newest = await unlessStale(repository.loadNewestEntries(id, FIRST_PAINT_ENTRIES));
    set({
      activeSessionId: id,
      entries: newestBranch(header, newest.entries),
      // Only the newest entries are read so far: the session's usage is not known yet.
      sessionUsage: null,
      streaming: null,
      editingEntryId: null,
    });
    const { entries, problems } = await unlessStale(repository.loadEntries(id));
    for (const problem of problems) notifyError(problem);
    await session.open(new SessionLog(header, entries));
  } catch (error) {
    if (error !== STALE) notifyError(`Could not open the session: ${errorText(error)}`);
  } finally {
    leaveStaleLoad = undefined;
    // Whatever happened, the store shows the session the agent session holds.
    if (get().activeSessionId !== session.header.id) {
      set({
        activeSessionId: session.header.id,
        entries: session.log.getBranch(),
        sessionUsage: sumSessionUsage(session.log.entries()),
      });
    }
  }
}

export function setSessionThinking(setting: ThinkingSetting): void {
  if (!hasRuntime()) return;
  getRuntime().session.setThinking(setting);
}

export function renameSession(id: string, title: string): void {
  if (!hasRuntime() || !title.trim()) return;
  const { session, queue } = getRuntime();
  if (id === session.header.id) {
    session.rename(title);
    return;
  }
  const header = get().sessions.find((h) => h.id === id);
  if (!header) return;
  const renamed = { ...header, title: title.trim() };
  queue.saveHeader(renamed);
  upsertSession(renamed);
}

export async function deleteSession(id: string): Promise<void> {
  if (!hasRuntime()) return;
  const { session, repository, queue } = getRuntime();
  const isActive = id === session.header.id;
  if (isActive && session.isBusy) {
    notifyError(AGENT_BUSY_MESSAGE);
    return;
  }
  try {
    // Queued writes for this session would bring it back after the delete.
    await queue.flush();
    await repository.deleteSession(id);
    set((s) => ({
      sessions: s.sessions
        .filter((h) => h.id !== id)
        .map((h) => (h.children.includes(id) ? { ...h, children: h.children.filter((c) => c !== id) } : h)),
    }));
    if (session.header.children.includes(id)) {
      session.log.header = { ...session.header, children: session.header.children.filter((c) => c !== id) };
    }
    if (isActive) {
      const next = get().sessions[0];
      if (next) await openSession(next.id);
      else await session.open(session.createEmptySession());
    }
    notify('Session deleted');
  } catch (error) {
    notifyError(`Could not delete the session: ${errorText(error)}`);
  }
}
