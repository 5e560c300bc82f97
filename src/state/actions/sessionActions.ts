/** Sessions: help, new, open, rename, delete. */

import { AGENT_BUSY_MESSAGE } from '../../core/agent/agent';
import { builtinCommands } from '../../core/commands/builtinCommands';
import { SessionLog } from '../../core/session/sessionLog';
import type { SessionHeader } from '../../core/types/entry';
import type { ThinkingSetting } from '../../core/types/thinking';
import { sumSessionUsage } from '../../core/usage/sessionUsage';
import { browserOutbox } from '../../storage/offlineOutbox';
import { FIRST_PAINT_ENTRIES, newestBranch } from '../app/firstPaint';
import { STALE_OPEN } from '../app/openQueue';
import { getRuntime, hasRuntime } from '../app/runtime';
import { dropDraft, emptyBox, showDraftOf } from '../slices/composer/drafts';
import {
  endOpening,
  removeSession,
  showBranch,
  showNewestPage,
  upsertSession,
} from '../slices/session/actions';
import { branchMarks } from '../slices/session/branchMarks';
import { selectSession } from '../slices/session/selectors';
import { notify, notifyError } from '../slices/status/actions';
import { errorText, get, set } from '../store/storeAccess';
import { askAboutWorkspace } from '../workspace/workspaceAfterDelete';

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

/**
 * Opens an empty session. `boxWhenAsked` is what the message box held at the click that
 * asked for it: text typed after that click, while the engine was getting here, was
 * written for the new session and stays in the box. It opens in turn with the opens of
 * stored sessions (OpenQueue), so an action on "the open session" meanwhile, such as an
 * Enter right after the click, waits for it and lands in the new session.
 */
export function newSession(boxWhenAsked?: string): Promise<void> {
  if (!hasRuntime()) return Promise.resolve();
  const { session, opening } = getRuntime();
  const empty = session.createEmptySession();
  return opening.open(empty.header.id, () => enterEmpty(empty, boxWhenAsked));
}

async function enterEmpty(empty: SessionLog, boxWhenAsked: string | undefined): Promise<void> {
  const { session, lives } = getRuntime();
  if (session.header.leafId === null) return; // Already in an empty session.
  const previous = session.header.id;
  // What the box holds stays with the session it was written in (drafts.ts).
  showDraftOf(empty.header.id, boxWhenAsked);
  try {
    if (lives.mustLeaveRunning) {
      // The reply goes on in its own session, in the background (see liveSessions.ts).
      lives.leave();
      await lives.enterNew(empty);
    } else await session.open(empty);
  } catch (error) {
    showDraftOf(previous);
    notifyError(errorText(error));
  }
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
export function openSession(id: string, boxWhenAsked?: string): Promise<void> {
  if (!hasRuntime()) return Promise.resolve();
  return getRuntime().opening.open(id, async (opened, unlessStale) => {
    try {
      await read(opened, unlessStale, boxWhenAsked);
    } finally {
      endOpening(opened);
    }
  });
}

/**
 * Reads session `id` and hands it to the agent session: its newest page first, painted
 * at once. `boxWhenAsked`: the box's text at the click (see showDraftOf).
 */
async function read(
  id: string,
  unlessStale: <T>(read: Promise<T>) => Promise<T>,
  boxWhenAsked: string | undefined,
): Promise<void> {
  const { session, repository, lives } = getRuntime();
  if (id === session.header.id) return;
  // A session still writing in the background is shown again as it is, mid-reply or done.
  const running = lives.running(id);
  if (running) {
    lives.leave();
    lives.enter(running);
    showDraftOf(id, boxWhenAsked);
    showBranch(id, running.session.log.getBranch(), sumSessionUsage(running.session.log.entries()));
    set({ marks: branchMarks(running.session.log.entries(), running.session.log.getBranch()) });
    return;
  }
  // A reply under way here goes on in its own session, in the background.
  const leaving = lives.mustLeaveRunning;
  if (leaving) lives.leave();
  const header = selectSession(id)(get());
  if (!header) {
    notifyError('That session no longer exists.');
    return;
  }
  try {
    const newest = await unlessStale(repository.loadNewestEntries(id, FIRST_PAINT_ENTRIES));
    // The box shows this session's draft as the chat shows its messages (drafts.ts).
    showDraftOf(id, boxWhenAsked);
    showNewestPage(id, newestBranch(header, newest.entries));
    const { entries, problems } = await unlessStale(repository.loadEntries(id));
    for (const problem of problems) notifyError(problem);
    if (leaving) await lives.enterNew(new SessionLog(header, entries));
    else await session.open(new SessionLog(header, entries));
  } catch (error) {
    if (error !== STALE_OPEN) notifyError(`Could not open the session: ${errorText(error)}`);
  } finally {
    // Whatever happened, the store shows the session the agent session holds.
    if (leaving && lives.current.session === session) lives.enter(lives.current);
    const shown = lives.current.session;
    if (get().activeSessionId !== shown.header.id) {
      showDraftOf(shown.header.id);
      showBranch(shown.header.id, shown.log.getBranch(), sumSessionUsage(shown.log.entries()));
    }
  }
}

/** The last session was deleted: an empty one takes its place, with an empty box. */
async function newSessionAfterDelete(): Promise<void> {
  const { session } = getRuntime();
  const empty = session.createEmptySession();
  showDraftOf(empty.header.id);
  await session.open(empty);
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
  const { session, queue, lives } = getRuntime();
  if (id === session.header.id) {
    session.rename(title);
    return;
  }
  // Still writing in the background: its log's header is the one its next write keeps
  // (and the one a title from the model is checked against, nameSession.ts).
  const running = lives.running(id);
  if (running) {
    running.session.rename(title);
    return;
  }
  const header = selectSession(id)(get());
  if (!header) return;
  const renamed = { ...header, title: title.trim() };
  queue.saveHeader(renamed);
  upsertSession(renamed);
}

/**
 * Pins or unpins a session. Not a use of it: its place by date stays. A session held live
 * (open, or writing in the background) gets it in its log's header too, so its next
 * write keeps the pin.
 */
export function pinSession(id: string, pinned: boolean): void {
  if (!hasRuntime()) return;
  const runtime = getRuntime();
  const live = id === runtime.session.header.id ? runtime.current : runtime.lives.running(id);
  const header = live?.session.header ?? selectSession(id)(get());
  if (!header) return;
  const { pinned: _was, ...rest } = header;
  const changed: SessionHeader = pinned ? { ...rest, pinned: true } : rest;
  if (live) live.session.log.header = changed;
  runtime.queue.saveHeader(changed);
  upsertSession(changed);
}

export async function deleteSession(id: string): Promise<void> {
  if (!hasRuntime()) return;
  const { session, repository, queue } = getRuntime();
  const isActive = id === session.header.id;
  if (isActive && session.isBusy) {
    notifyError(AGENT_BUSY_MESSAGE);
    return;
  }
  const header = isActive ? session.header : selectSession(id)(get());
  try {
    // Queued writes for this session would bring it back after the delete.
    await queue.flush();
    await repository.deleteSession(id);
    removeSession(id);
    if (session.header.children.includes(id)) {
      session.log.header = { ...session.header, children: session.header.children.filter((c) => c !== id) };
    }
    if (isActive) {
      // The deleted session's draft goes with it (the user confirmed the delete).
      emptyBox();
      const next = get().sessions[0];
      if (next) await openSession(next.id);
      else await newSessionAfterDelete();
    }
    // A deleted session's draft, and what it held offline, have nowhere to go back to.
    dropDraft(id);
    browserOutbox()?.dropSession(id);
    notify('Session deleted');
  } catch (error) {
    notifyError(`Could not delete the session: ${errorText(error)}`);
    return;
  }
  // The last session of its chain: its workspace's files are the user's to keep or delete.
  if (header) await askAboutWorkspace(getRuntime(), header);
}
