/** Sessions: help, new, open, rename, delete. */

import { AGENT_BUSY_MESSAGE } from '../../core/agent/agent';
import { builtinCommands } from '../../core/commands/builtinCommands';
import { SessionLog } from '../../core/session/sessionLog';
import type { ThinkingSetting } from '../../core/types/thinking';
import { sumSessionUsage } from '../../core/usage/sessionUsage';
import { FIRST_PAINT_ENTRIES, newestBranch } from '../app/firstPaint';
import { STALE_OPEN } from '../app/openQueue';
import { getRuntime, hasRuntime } from '../app/runtime';
import {
  endOpening,
  removeSession,
  showBranch,
  showNewestPage,
  upsertSession,
} from '../slices/session/actions';
import { selectSession } from '../slices/session/selectors';
import { notify, notifyError } from '../slices/status/actions';
import { errorText, get } from '../store/storeAccess';

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

/** Resolves when no session is half-way through opening: actions on "the open session" wait for it (see actions.ts). */
export function sessionOpened(): Promise<void> {
  return hasRuntime() ? getRuntime().opening.settled() : Promise.resolve();
}

/**
 * Opens a session in two steps: its newest entries are read and painted at once, then
 * the whole session is read and handed to the agent session. So opening costs the same
 * at any size, and the full read happens while the user already reads. Opens run one
 * after the other; a click on another session meanwhile wins (OpenQueue).
 */
export function openSession(id: string): Promise<void> {
  if (!hasRuntime()) return Promise.resolve();
  return getRuntime().opening.open(id, openNow);
}

async function openNow(id: string, unlessStale: <T>(read: Promise<T>) => Promise<T>): Promise<void> {
  try {
    await read(id, unlessStale);
  } finally {
    endOpening(id);
  }
}

/** Reads session `id` and hands it to the agent session: its newest page first, painted at once. */
async function read(id: string, unlessStale: <T>(read: Promise<T>) => Promise<T>): Promise<void> {
  const { session, repository } = getRuntime();
  if (id === session.header.id) return;
  if (session.isBusy) {
    notifyError(AGENT_BUSY_MESSAGE);
    return;
  }
  const header = selectSession(id)(get());
  if (!header) {
    notifyError('That session no longer exists.');
    return;
  }
  try {
    const newest = await unlessStale(repository.loadNewestEntries(id, FIRST_PAINT_ENTRIES));
    showNewestPage(id, newestBranch(header, newest.entries));
    const { entries, problems } = await unlessStale(repository.loadEntries(id));
    for (const problem of problems) notifyError(problem);
    await session.open(new SessionLog(header, entries));
  } catch (error) {
    if (error !== STALE_OPEN) notifyError(`Could not open the session: ${errorText(error)}`);
  } finally {
    // Whatever happened, the store shows the session the agent session holds.
    if (get().activeSessionId !== session.header.id)
      showBranch(session.header.id, session.log.getBranch(), sumSessionUsage(session.log.entries()));
  }
}

export function setSessionThinking(setting: ThinkingSetting): void {
  if (!hasRuntime()) return;
  getRuntime().session.setThinking(setting);
}

export function setSessionModel(model: string): void {
  if (!hasRuntime()) return;
  getRuntime().session.setModel(model);
}

export function renameSession(id: string, title: string): void {
  if (!hasRuntime() || !title.trim()) return;
  const { session, queue } = getRuntime();
  if (id === session.header.id) {
    session.rename(title);
    return;
  }
  const header = selectSession(id)(get());
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
    removeSession(id);
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
