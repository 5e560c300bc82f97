/**
 * The second half of start-up, in the lazily loaded agent chunk: the write queue, the
 * agent session and its events mirrored into the store. startApp has already painted
 * the session list and the newest messages by then; nothing is written before this.
 */

import type { SessionPorts } from '../../core/agentSession';
import { AgentSession } from '../../core/agentSession';
import { createSessionHeader, SessionLog } from '../../core/session/sessionLog';
import type { SessionEntry, SessionHeader } from '../../core/types/entry';
import { sumSessionUsage } from '../../core/usage/sessionUsage';
import { activeSessionNote } from '../../storage/activeSessionNote';
import { AttachmentFiles } from '../../storage/attachmentFiles';
import type { SessionRepository } from '../../storage/sessionRepository';
import { requestPersistenceOnce } from '../../storage/storageQuota';
import { type UnsavedWritesNote, unsavedWritesNote } from '../../storage/unsavedWritesNote';
import { WriteQueue } from '../../storage/writeQueue';
import { afterReply, nameAfterFirstExchange } from '../actions/afterReply';
import { rememberDeviceKey } from '../actions/keyRemoval';
import { sendPrompt } from '../actions/sendPrompt';
import { mcpHold, startMcpIfAny } from '../mcp/startMcp';
import { runHeldInBackground, sendHeldInBackground } from '../offline/heldInBackground';
import { followConnection } from '../offline/heldMessages';
import { lazyRecall } from '../search/lazyRecall';
import { SearchAccess } from '../search/searchAccess';
import { setSessions } from '../slices/session/actions';
import { branchMarks } from '../slices/session/branchMarks';
import { selectSession } from '../slices/session/selectors';
import { notify, notifyError, showRetry } from '../slices/status/actions';
import { errorText, get, set, subscribe } from '../store/storeAccess';
import { createWorkspaceStore } from '../workspace/workspaceStore';
import { WorkspaceAccess } from '../workspace/workspaceTrees';
import { followRunEnds, type LiveSession, liveSession } from './liveSession';
import { LiveSessions } from './liveSessions';
import { OpenQueue } from './openQueue';
import { setRuntime } from './runtime';
import type { Runtime } from './runtimeObjects';
import { sessionConfigFrom } from './sessionConfig';
import { writesRefused } from './tabSync/deletedWhileOpen';
import { followOtherTabs } from './tabSync/followOtherTabs';
import { withSessionLock } from './tabSync/sessionLock';
import { testWriteIntervalMs, withTestFaults } from './testHooks';
import { trackUnsavedChanges } from './unsavedChanges';

export { HANDOFF_DOCUMENT_END_MARK } from './sessionMirror';

export interface LoadedStart {
  repository: SessionRepository;
  headers: SessionHeader[];
  /** The session to open and all of its entries; none when there are no sessions yet. */
  active?: { header: SessionHeader; entries: SessionEntry[] };
  problems: string[];
}

export async function startEngine({ repository, headers, active, problems }: LoadedStart): Promise<void> {
  // The repository itself, unless an end-to-end test asked for write faults (testHooks.ts).
  const backend = await withTestFaults(repository);
  const unsaved = trackUnsavedChanges(() => queue);
  // Asked at the first save only: later saves (every reply) call nothing for it.
  let askForPersistence: (() => void) | undefined = requestPersistenceOnce();
  const intervalMs = testWriteIntervalMs();
  const shownNote = activeSessionNote(repository.databaseName);
  // Set once the queue exists (keepWhenHidden below); until then nothing was noted.
  let allStored = () => {};
  const queue = new WriteQueue(backend, {
    ...(intervalMs !== undefined && { intervalMs }),
    // A pointer being written is the newest word on the session to open (a handoff's
    // switch writes it before the screen changes); once stored, the note goes.
    onPointerWriting: shownNote.write,
    onPointerStored: shownNote.stored,
    onError: unsaved.failed,
    onRefused: (sessionIds) => writesRefused(runtime, sessionIds),
    onSaved: () => {
      if (queue.hasPendingWrites()) return;
      allStored();
      unsaved.recovered();
      askForPersistence?.();
      askForPersistence = undefined;
    },
  });
  const log = active ? new SessionLog(active.header, active.entries) : undefined;
  const files = new AttachmentFiles(repository, queue);
  const search = new SearchAccess(repository.databaseName);
  // One file store for the app: the sessions' tools, the Files panel and Settings share it.
  const workspace = new WorkspaceAccess(createWorkspaceStore(repository.databaseName), (id) =>
    selectSession(id)(get()),
  );
  const config = sessionConfigFrom(get().settings, showRetry);
  const ports: SessionPorts = {
    persistence: unsaved.marking(queue),
    attachments: files,
    exclusive: withSessionLock,
    workspace: workspace.port(),
    recall: lazyRecall(
      search,
      (id) => selectSession(id)(get()),
      () => queue.flush(),
    ),
  };
  // Each session held live (the one on screen, and those still writing in the background)
  // is one AgentSession over these ports, with what follows its runs.
  const mcp = mcpHold(repository.databaseName, () => lives.all.map((live) => live.session));
  const makeLive = (sessionLog: SessionLog): LiveSession => {
    const live = liveSession(
      new AgentSession(ports, sessionConfigFrom(get().settings, showRetry), sessionLog),
    );
    followRunEnds(
      live,
      () => afterReply(live),
      () => nameAfterFirstExchange(live),
    );
    // The MCP tools and their permission step, once a server exists.
    mcp.hub?.attach(live.session);
    return live;
  };
  const lives = new LiveSessions(
    makeLive,
    makeLive(
      log ??
        new SessionLog(
          createSessionHeader({ id: crypto.randomUUID(), model: config.model, now: Date.now() }),
        ),
    ),
  );
  const { session } = lives.current;
  // Noted at once as the screen changes from one session to another: the stored pointer
  // follows later (activeSessionNote.ts). Not the first session shown, which a start
  // read from the pointer (or made anew, empty and unstored, when there was none).
  subscribe((state, previous) => {
    const shown = state.activeSessionId;
    if (shown && previous.activeSessionId && shown !== previous.activeSessionId) shownNote.write(shown);
  });
  // The sessions read no settings of their own: each change is pushed in as it happens.
  subscribe((state, previous) => {
    if (state.settings === previous.settings) return;
    const next = sessionConfigFrom(state.settings, showRetry);
    for (const live of lives.all) live.session.configure(next);
  });
  const runtime: Runtime = {
    repository,
    queue,
    files,
    get session() {
      return lives.current.session;
    },
    get current() {
      return lives.current;
    },
    lives,
    opening: new OpenQueue(),
    search,
    workspace,
    mcp,
    deletedElsewhere: { handled: new Set(), refusedWrites: new Set() },
  };
  // Only now may anything be written: the first load has finished.
  queue.start();
  // Opened from the note (a switch a reload cut off): the pointer catches up, and the note goes.
  if (log && shownNote.read() === log.id) void queue.setActiveSession(log.id).catch(() => undefined);
  allStored = keepWhenHidden(queue, unsavedWritesNote(repository.databaseName));
  followOtherTabs(runtime);
  setSessions(log ? headers : [session.header, ...headers]);
  set({
    activeSessionId: session.header.id,
    entries: session.log.getBranch(),
    marks: branchMarks(session.log.entries(), session.log.getBranch()),
    sessionUsage: sumSessionUsage(session.log.entries()),
    todos: session.todos,
    // A proposal found unanswered after a reload is shown again (see handoffProposals.ts).
    handoffProposal: session.handoffProposal ?? null,
  });
  setRuntime(runtime);
  // Messages held while offline are shown, and sent once the network is back (issue 29).
  followConnection({
    send: (live, text) => sendPrompt(live, text, text),
    sendElsewhere: sendHeldInBackground,
    runElsewhere: runHeldInBackground,
  });
  for (const problem of problems) notifyError(problem);
  // A key set before fingerprints were kept joins the list now (once; later saves add theirs).
  void rememberDeviceKey(get().settings.apiKey);
  void removeOrphans(repository);
  void startMcpIfAny(mcp, notifyError);
  // Sync (issue 28), if it was on: its own chunk, loaded only now.
  void import('../sync/startSyncIfOn')
    .then((sync) => sync.startSyncIfOn(repository.databaseName))
    .catch((error: unknown) => notifyError(`Sync did not start: ${errorText(error)}`));
}

/**
 * Start-up repair: entries and files whose session is gone (left by a delete before
 * deletes were guarded, or by a crash between writes) go. Each is tidied on its own, so
 * one failing does not keep the other, often much larger, from being removed.
 */
export async function removeOrphans(
  repository: Pick<SessionRepository, 'removeOrphanEntries' | 'removeOrphanAttachments'>,
): Promise<void> {
  try {
    const removed = await repository.removeOrphanEntries();
    if (removed > 0)
      notify(`Removed ${removed} stored entr${removed === 1 ? 'y' : 'ies'} of sessions deleted earlier.`);
  } catch (error) {
    notifyError(`Could not tidy up entries of deleted sessions: ${errorText(error)}`);
  }
  try {
    const removed = await repository.removeOrphanAttachments();
    if (removed > 0)
      notify(`Removed ${removed} stored file${removed === 1 ? '' : 's'} of sessions deleted earlier.`);
  } catch (error) {
    notifyError(`Could not tidy up files of deleted sessions: ${errorText(error)}`);
  }
}

/**
 * A tab being hidden may be the last chance to write: the browser can discard it after,
 * and a page leaving stops its script before a write can finish. So what is not stored is
 * noted synchronously too (unsavedWritesNote.ts) for the next start, and the write is
 * begun; a tab shown again takes its note back out, its queue still holding everything.
 * Returns what the queue calls once everything is stored: the note is then taken out too.
 */
function keepWhenHidden(queue: WriteQueue, note: UnsavedWritesNote): () => void {
  // From pagehide on, the page is leaving: what changes after it is the leaving itself (a
  // reply's stream cut off reads as a dropped connection), not what the user saw, so the
  // note taken then stands. A page kept for the back button and shown again starts over.
  let leaving = false;
  // Whether this tab's part is in the note: every stored write asks, and only a tab that
  // noted something reads localStorage (or runs the note's code) to take it out.
  let kept = false;
  const hide = () => {
    if (leaving) return;
    if (queue.hasPendingWrites()) {
      note.keep(queue.pendingSessionRecords());
      kept = true;
    }
    void queue.flush().catch(() => undefined);
  };
  const forget = () => {
    if (!kept) return;
    kept = false;
    note.forget();
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') hide();
    else forget();
  });
  window.addEventListener('pagehide', () => {
    hide();
    leaving = true;
  });
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    leaving = false;
    forget();
  });
  return forget;
}
