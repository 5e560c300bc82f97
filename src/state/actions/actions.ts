/**
 * Everything the UI can do: the app's one action surface. The UI calls actions from here
 * only (and reads the store through useBaton and store/selectors.ts). No action throws
 * into React: whatever goes wrong ends in a notice the user can read.
 *
 * Most of them live in the agent chunk (engine.ts), loaded after the first paint so
 * that the initial JavaScript holds no SDK. An action used before that chunk and
 * start-up are ready waits for them, and for a session that is still opening, so that
 * nothing the user did is lost or aimed at the session they just left. The slices'
 * own actions (the message box, notices, files in the composer, the dialogs) and the
 * keys that must answer at once (stop, edit) are part of the first load.
 */

import type { HandoffProposalAnswer } from '../../core/handoff/handoffTool';
import type { IndexHit } from '../../core/recall/entryIndex';
import type { ThinkingSetting } from '../../core/types/thinking';
import type { SessionSize } from '../../storage/sessionSizes';
import { whenRuntime } from '../app/runtime';
import { beginOpening, focusEntryAt } from '../slices/session/actions';
import { applySettings, openSettings } from '../slices/settings/actions';
import { notifyError } from '../slices/status/actions';
import type { Settings } from '../store/settings';
import { errorText, get, set } from '../store/storeAccess';
import {
  cancelEdit as cancelEditNow,
  handleEditKey as editKeyNow,
  editMessage as editMessageNow,
  editLastMessage as editNow,
} from './editActions';
import type * as EngineModule from './engine';
import type { ExportFormat, ImportOutcome } from './exchangeActions';
import { stop as stopNow } from './stopReply';
import type { KeyTestInput } from './testKey';

/** Read when Settings opens; the UI reaches storage only through here. */
export { readBackupMarks, writeBackupMarks } from '../../storage/backupMarks';
export type { SessionSize } from '../../storage/sessionSizes';
export {
  askToKeepData,
  formatMegabytes,
  nearlyFull,
  readStorageUsage,
  type StorageUsage,
} from '../../storage/storageQuota';
export { startApp } from '../app/startApp';
export { isSessionBeingWritten } from '../app/tabSync/sessionLock';
export { warmReply } from '../app/warmReply';
export { attachFiles } from '../attachments/attachmentActions';
export {
  dismissAttachmentRefusals,
  removeAttachment,
  setKeepOriginalSize,
} from '../slices/attachments/actions';
export { setComposerText } from '../slices/composer/actions';
export { dismissAutoHandoffStop, finishHandoffReview } from '../slices/handoff/actions';
export { focusEntryShown } from '../slices/session/actions';
export { dismissNotice } from '../slices/status/actions';
export type { ExportFormat, ImportOutcome } from './exchangeActions';
export { openSettings };

type Engine = typeof EngineModule;

/** Settings' "Test key" (testKey.ts), loaded with the button's first press: never on the first paint. */
export async function testKey(input: KeyTestInput): Promise<string> {
  try {
    return await (await import('./testKey')).testKey(input);
  } catch (error) {
    return `The key could not be tested: ${errorText(error)}`;
  }
}

/** The agent chunk, once start-up has made the runtime (the module system loads it once). */
async function loadEngine(): Promise<Engine> {
  const [engine] = await Promise.all([import('./engine'), whenRuntime()]);
  return engine;
}

/** The engine once start-up is done, the switches asked for so far are queued and no session is half-way through opening. */
async function ready(): Promise<Engine> {
  const asked = get().switchesQueued;
  const loaded = await loadEngine();
  await asked;
  await loaded.sessionOpened();
  return loaded;
}

/**
 * A session switch: `action` must queue its open (OpenQueue) before it returns. It runs
 * as soon as the engine is loaded, without waiting for other opens: a click on another
 * session leaves a slow read behind at once.
 */
function switchLater<A extends unknown[]>(action: (engine: Engine, ...args: A) => Promise<void>) {
  return async (...args: A): Promise<void> => {
    // Wrapped so that `queued` settles when the open is queued, not when it ends.
    const queued = loadEngine().then((engine) => ({ opened: action(engine, ...args) }));
    // An Enter right after a click on New session is sent there, never in the session left.
    set({ switchesQueued: Promise.all([get().switchesQueued, queued.catch(() => undefined)]) });
    let opened: Promise<void>;
    try {
      ({ opened } = await queued);
    } catch (error) {
      notifyError(`Baton could not finish loading, so that could not be done: ${errorText(error)}`);
      return;
    }
    try {
      await opened;
    } catch (error) {
      notifyError(errorText(error));
    }
  };
}

/**
 * Runs an action once the engine is ready (by default: loaded, and no session opening);
 * if it never will be, says so instead of dropping it. Whatever it throws becomes a notice.
 */
function later<A extends unknown[], R = void>(
  action: (engine: Engine, ...args: A) => Promise<R> | R,
  whenReady: () => Promise<Engine> = ready,
) {
  // Undefined when it could not run or threw (both told as notices).
  return async (...args: A): Promise<R | undefined> => {
    let loaded: Engine;
    try {
      loaded = await whenReady();
    } catch (error) {
      notifyError(`Baton could not finish loading, so that could not be done: ${errorText(error)}`);
      return;
    }
    try {
      return await action(loaded, ...args);
    } catch (error) {
      notifyError(errorText(error));
      return undefined;
    }
  };
}

/** For key handlers that must answer at once whether they used the key; a failure is a notice, and the key unused. */
function now<A extends unknown[]>(action: (...args: A) => boolean) {
  return (...args: A): boolean => {
    try {
      return action(...args);
    } catch (error) {
      notifyError(errorText(error));
      return false;
    }
  };
}

export const submitComposer = later((e, text: string, options?: { steer?: boolean }) =>
  e.submitComposer(text, options),
);
export const removeQueued = later((e, kind: 'steering' | 'followUp', index: number) =>
  e.removeQueued(kind, index),
);
/** A message held while offline is not sent after all: its text goes back to the box. */
export const cancelHeldMessage = later((e, id: string) => e.cancelHeld(id));
export const stop = now(stopNow);
export const continueReply = later((e) => e.continueReply());
export const continueToolRounds = later((e) => e.continueToolRounds());
export const stopToolRounds = later((e) => e.stopToolRounds());
export const cancelEdit = now(cancelEditNow);
export const editMessage = now(editMessageNow);
export const retryReply = later((e, entryId: string) => e.retryReply(entryId));
export const showVersion = later((e, entryId: string) => e.showVersion(entryId));
export const sendEdit = later((e, text: string) => e.sendEdit(text));
export const editLastMessage = now(editNow);
export const handleEditKey = now(editKeyNow);

export const exportOpenSession = later((e, format: ExportFormat) => e.exportOpenSession(format));
export const exportOpenChain = later((e, format: ExportFormat) => e.exportOpenChain(format));
export const exportEverything = later((e) => e.exportEverything());
export async function importFromText(text: string, options?: { backup?: boolean }): Promise<ImportOutcome> {
  try {
    return await (await ready()).importFromText(text, options);
  } catch (error) {
    return {
      ok: false,
      message: `Baton could not finish loading: ${errorText(error)}`,
      errors: [],
      errorCount: 0,
    };
  }
}

export const startHandoff = later(async (e, focus: string, options?: { model?: string }) => {
  await e.startHandoff(focus, options);
});
export const answerHandoffProposal = later((e, answer: HandoffProposalAnswer) =>
  e.answerHandoffProposal(answer),
);

const newSessionLater = switchLater((e, boxWhenAsked: string) => e.newSession(boxWhenAsked));
/** Opens an empty session; what is typed from this click on is for it (see sessionActions.newSession). */
export function newSession(): Promise<void> {
  return newSessionLater(get().composerText);
}
const openSessionLater = switchLater((e, id: string, boxWhenAsked: string) =>
  e.openSession(id, boxWhenAsked),
);

/**
 * Opens a session. The chat shows it loading from this very click (the store is set
 * before the agent chunk or any read), so a slow read is seen and can be left.
 */
export function openSession(id: string): Promise<void> {
  beginOpening(id);
  // What is typed from this click on is for that session (see showDraftOf).
  return openSessionLater(id, get().composerText);
}

/** Opens a session scrolled to one of its messages, which is highlighted (see MessageList). */
export function openSessionAt(sessionId: string, entryId: string): Promise<void> {
  focusEntryAt(sessionId, entryId);
  return openSession(sessionId);
}

/**
 * Searches every session, titles and messages, best first. The search code (a worker
 * and the index) is loaded on the first search, not with the app.
 */
export async function searchAllSessions(query: string, limit = 60): Promise<IndexHit[]> {
  const runtime = await whenRuntime();
  // What this tab has queued is written first, so a message just sent is found.
  await runtime.queue.flush().catch(() => undefined);
  return (await runtime.search.client()).search(query, { limit });
}

/** What each session takes, largest first, once what this tab has queued is written. */
export async function readSessionSizes(): Promise<SessionSize[]> {
  const runtime = await whenRuntime();
  await runtime.queue.flush().catch(() => undefined);
  return runtime.repository.sessionSizes();
}

export const renameSession = later((e, id: string, title: string) => e.renameSession(id, title));
export const pinSession = later((e, id: string, pinned: boolean) => e.pinSession(id, pinned));
export const setSessionModel = later((e, model: string) => e.setSessionModel(model));
export const setSessionThinking = later((e, setting: ThinkingSetting) => e.setSessionThinking(setting));
export const answerKeptAfterDelete = later((e, keep: boolean) => e.answerKeptAfterDelete(keep));
export const deleteSession = later((e, id: string) => e.deleteSession(id));
export const showHelp = later((e) => e.showHelp());

const storeSettings = later((e, next: Settings, previous: Settings) => e.saveSettings(next, previous));
/**
 * The settings take effect in the same event (a controlled checkbox or switch would
 * otherwise show its old state until the engine answered); storing them waits for it.
 */
export async function saveSettings(next: Settings): Promise<boolean> {
  const previous = get().settings;
  applySettings(next);
  return (await storeSettings(next, previous)) ?? false;
}
export const forgetKey = later((e) => e.forgetKey());
/** MCP servers and tool permissions (mcpActions.ts): loaded when first used. */
export const mcpActions = () => loadEngine().then((e) => e.mcpActions());
