/**
 * The second half of start-up, in the lazily loaded agent chunk: the write queue, the
 * agent session and its events mirrored into the store. startApp has already painted
 * the session list and the newest messages by then; nothing is written before this.
 */
import { AgentSession, type SessionEvent } from '../../core/agentSession';
import { contextWindowFor } from '../../core/context/contextWindow';
import { redactSecret } from '../../core/redactSecret';
import { createSessionHeader, SessionLog } from '../../core/session/sessionLog';
import type { SessionEntry, SessionHeader } from '../../core/session/types';
import type { SessionRepository } from '../../storage/sessionRepository';
import { requestPersistenceOnce } from '../../storage/storageQuota';
import { WriteQueue } from '../../storage/writeQueue';
import { dismissNotice, notify, notifyError } from '../store/notices';
import { prependToComposer } from '../store/returnToComposer';
import { modelForSession } from '../store/sessionModel';
import type { BatonState } from '../store/store';
import { dropIfUnsaved, errorText, get, set, setSessions, upsertSession } from '../store/storeAccess';
import { frameThrottle } from './frameThrottle';
import { chooseModel } from './modelClients';
import { setRuntime } from './runtime';
import { followOtherTabs } from './tabSync/followOtherTabs';
import { withSessionLock } from './tabSync/sessionLock';
import { testWriteIntervalMs, withHandoffHooks, withWriteFaults } from './testHooks';

/** Set when the model has finished writing a handoff document; the switch follows. */
export const HANDOFF_DOCUMENT_END_MARK = 'baton:handoff-document-end';

export interface LoadedStart {
  repository: SessionRepository;
  headers: SessionHeader[];
  /** The session to open and all of its entries; none when there are no sessions yet. */
  active?: { header: SessionHeader; entries: SessionEntry[] };
  problems: string[];
}

export function startEngine({ repository, headers, active, problems }: LoadedStart): void {
  const saveAlert = saveFailureAlert();
  const askForPersistence = requestPersistenceOnce();
  const intervalMs = testWriteIntervalMs();
  const queue = new WriteQueue(withWriteFaults(repository), {
    ...(intervalMs !== undefined && { intervalMs }),
    onError: saveAlert.failed,
    onSaved: () => {
      if (queue.hasPendingWrites()) return;
      saveAlert.recovered();
      askForPersistence();
    },
  });
  const log = active ? new SessionLog(active.header, active.entries) : undefined;
  const session = new AgentSession(
    {
      persistence: withHandoffHooks(queue),
      getModelClient: () => currentModel().client,
      getModel: () => currentModel().model,
      modelForSession: (model) => modelForSession(get().settings, model),
      getMaxTokens: () => get().settings.maxTokens,
      getContextWindow: (model) => contextWindowFor(model, get().settings.contextWindowOverride || undefined),
      getApiKey: () => get().settings.apiKey || undefined,
      getPromptTemplates: () => get().settings.promptTemplates,
      redact: redactSecret,
      exclusive: withSessionLock,
    },
    log ??
      new SessionLog(
        createSessionHeader({ id: crypto.randomUUID(), model: currentModel().model, now: Date.now() }),
      ),
  );
  const runtime = { repository, queue, session };
  bindSession(session);
  // Only now may anything be written: the first load has finished.
  queue.start();
  flushWhenHidden(queue);
  followOtherTabs(runtime);
  setSessions(log ? headers : [session.header, ...headers]);
  set({
    activeSessionId: session.header.id,
    entries: session.log.getBranch(),
    todos: session.todos,
  });
  setRuntime(runtime);
  for (const problem of problems) notifyError(problem);
}

/**
 * A failed write is shown twice: in the status line (saveError, until everything is
 * written) and once as an alert, so it is read out and not missed. Retries do not
 * repeat the alert; when the writes land it is taken down and the user told.
 */
function saveFailureAlert() {
  let alertId: number | undefined;
  return {
    failed(error: Error): void {
      const text = `Could not save your changes (${error.name}: ${errorText(error)}). They are kept in this tab and saving is retried.`;
      set({ saveError: `Not saved: ${errorText(error)}. Retrying…` });
      if (alertId !== undefined) return;
      notifyError(text);
      alertId = get().notices.at(-1)?.id;
    },
    recovered(): void {
      const hadFailed = get().saveError !== null;
      set({ saveError: null });
      if (alertId !== undefined) dismissNotice(alertId);
      alertId = undefined;
      if (hadFailed) notify('Your changes are saved now.');
    },
  };
}

/** A tab being hidden may be the last chance to write: the browser can discard it after. */
function flushWhenHidden(queue: WriteQueue): void {
  const flush = () => void queue.flush().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
}

function currentModel() {
  return chooseModel(get().settings, (attempt, max) =>
    set({ retryStatus: `Retrying (${attempt} of ${max})…` }),
  );
}

/** Mirrors the session's events into the store. */
function bindSession(session: AgentSession): void {
  const streaming = frameThrottle<BatonState['streaming']>((value) => set({ streaming: value }));
  let streamingEntryId: string | undefined;
  const refreshEntries = () => set({ entries: session.log.getBranch() });
  session.subscribe((event: SessionEvent) => {
    switch (event.type) {
      case 'agent_start':
        set({ isStreaming: true, retryStatus: null });
        break;
      case 'message_start':
        if (event.message.role === 'assistant') {
          streamingEntryId = session.log.header.leafId ?? undefined;
          refreshEntries();
          if (streamingEntryId) streaming.push({ entryId: streamingEntryId, message: event.message });
        }
        break;
      case 'message_update':
        if (get().retryStatus) set({ retryStatus: null });
        if (streamingEntryId) streaming.push({ entryId: streamingEntryId, message: event.message });
        break;
      case 'message_end':
        if (event.message.role === 'assistant') {
          streaming.push(null);
          streaming.flush();
          streamingEntryId = undefined;
        }
        refreshEntries();
        break;
      case 'agent_end':
        // User Timing for `npm run bench` (P2 starts here) and for profiles in devtools.
        if (session.isGeneratingHandoff) performance.mark(HANDOFF_DOCUMENT_END_MARK);
        set({ isStreaming: false, retryStatus: null });
        // A handoff's own error is reported once, as "Handoff failed: …", by startHandoff.
        if (event.error && !session.isGeneratingHandoff) notifyError(event.error.message);
        break;
      case 'queue_update':
        set({
          queue: { steering: [...session.agent.steeringQueue], followUps: [...session.agent.followUpQueue] },
        });
        break;
      case 'todos_changed':
        set({ todos: event.todos });
        break;
      case 'header_changed':
        upsertSession(event.header);
        break;
      case 'session_changed':
        dropIfUnsaved(event.previous);
        upsertSession(event.header);
        set({ activeSessionId: event.header.id, entries: session.log.getBranch(), streaming: null });
        break;
      case 'handoff_state':
        set({ handoff: event.state });
        break;
      case 'queued_text_returned':
        prependToComposer(event.text);
        notify('Your queued message is back in the message box.');
        break;
      default:
        break;
    }
  });
}
